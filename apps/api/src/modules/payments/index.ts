// The payments module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { createPaymentProvider } from './create-provider.ts';
export { anyPaymentDue, applyPaymentEvent, FIRST_PAYMENT_ITS_CARD_CANNOT_COVER, cancelRemainingOfDonor, cancelRemainingPayments, claimBatch, dropStaleRetries, findRefundableGift, findRefundablePayment, forgetCardReferences, holdRemainingPayments, loadPayment, loadPayments, lockScheduleForSkip, moveRemainingToCard, moveScheduledPayment, paymentsOfDonorWithRefunds, recordOutcome, releasePayments, reserveGiftRefund, reserveRefund, scheduleWeeklyPayments, searchGifts, serialSession, setFeeCoverOfPayment, settleGiftReceived, settleRefund, startDonorAttempt, succeededGiftRefundCount, succeededRefundCount, tryChargeLocks, withPaymentHeld, type Claim, type ClaimScope, type DueDates, type GiftRefundReservation, type PaymentToCharge, type RefundableGift, type RefundablePayment, type RefundReservation, type RefundRow, type ScheduledPayment, type Session, type SettledGift } from './ledger.service.ts';
export { outcomeOf, type Outcome } from './outcome.ts';
export { isTestProvider } from './test-provider.ts';
export { default as paymentMethodRoutes } from './payment-methods.routes.ts';
export { deleteSavedCards, disableCards, findOwnEnabledMethodByReference, paymentMethodView } from './payment-methods.service.ts';
export { type GuestChargeState, type PaymentProvider, type RefundResult } from './payment-provider.ts';
export { paymentErrors } from './payments.errors.ts';
export { default as paymentRoutes } from './payments.routes.ts';
export { createStripeEventDispatcher, markStripeEventProcessed, registerStripeEventWorker, STRIPE_WEBHOOK_JOB, stripeEventConcern, stripeEventProcessed, stripeWebhookJobSchema, unprocessedStripeEvents, type StripeEventConcern, type StripeEventDispatcher, type StripePaymentEventHandler, type StripeWebhookJob } from './stripe-webhook.service.ts';
export { campaignDays, campaignFigures, campaignGifts, campaignPledged, donorHasPayment, donorPaymentSince, giftMessages, givenOfPledge, netToPassOn, owedOf, pageRaised, paymentListOfPledge, paymentsOfDonor, paymentsOfPledge, paymentsOfPledgeWithCards, pledgeCounts, pledgedOfPledge, pledgeHasUnreceivedPayment, receivedByCountry, receivedOfPledge, receivedPaymentCount, refundedOfGift, refundedOfPayment, refundedOfPledge, refundRevisionOfPayment, succeededGiftsOfPage, weeksOfPledge, type CampaignFigureRow, type GiftFigureRow, type PageGiftRow, type PledgedRow } from './figures.sql.ts';
export { paymentsAttemptedSince } from './restore-check.sql.ts';
export { askProviderAndSettle, refundJson, type RefundFlowDeps, type ReservedRefund } from './refund-flow.service.ts';
export { createMatch, dueMatchAlerts, getMatch, giftMatchFor, listMatches, matchAuditAction, updateMatch, type MatchAlertClaim } from './match.service.ts';
export { readMatchLogo, removeMatchLogo, setMatchLogo } from './match-logo.ts';
export { campaignMatched, matchedEntries, matchedOfPages, matchOfGift, pageMatched, type MatchedRow } from './match-figures.sql.ts';
