// The payments module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { createPaymentProvider } from './create-provider.ts';
export { anyPaymentDue, applyPaymentEvent, cancelRemainingOfDonor, cancelRemainingPayments, claimBatch, dropStaleRetries, findRefundablePayment, forgetCardReferences, holdRemainingPayments, loadPayment, loadPayments, lockScheduleForSkip, moveRemainingToCard, moveScheduledPayment, paymentsOfDonorWithRefunds, recordOutcome, releasePayments, reserveRefund, scheduleWeeklyPayments, serialSession, setFeeCoverOfPayment, settleGiftReceived, settleRefund, startDonorAttempt, succeededRefundCount, tryChargeLocks, withPaymentHeld, type Claim, type ClaimScope, type DueDates, type PaymentToCharge, type RefundablePayment, type RefundReservation, type RefundRow, type ScheduledPayment, type Session, type SettledGift } from './ledger.service.ts';
export { outcomeOf, type Outcome } from './outcome.ts';
export { isTestProvider } from './test-provider.ts';
export { default as paymentMethodRoutes } from './payment-methods.routes.ts';
export { deleteSavedCards, disableCards, findOwnEnabledMethodByReference, paymentMethodView } from './payment-methods.service.ts';
export { type GuestChargeState, type PaymentProvider, type RefundResult } from './payment-provider.ts';
export { paymentErrors } from './payments.errors.ts';
export { default as paymentRoutes } from './payments.routes.ts';
export { markStripeEventProcessed, routeStripePaymentEvent, STRIPE_WEBHOOK_JOB, stripeEventProcessed, stripeWebhookJobSchema, unprocessedStripeEvents, type StripePaymentEventHandler, type StripeWebhookJob } from './stripe-webhook.service.ts';
export { campaignDays, campaignFigures, campaignGifts, campaignPledged, donorHasPayment, donorPaymentSince, giftMessages, givenOfPledge, netToPassOn, owedOf, pageRaised, paymentListOfPledge, paymentsOfDonor, paymentsOfPledge, paymentsOfPledgeWithCards, pledgeCounts, pledgedOfPledge, pledgeHasUnreceivedPayment, receivedByCountry, receivedOfPledge, receivedPaymentCount, refundedOfPayment, refundedOfPledge, refundRevisionOfPayment, succeededGiftsOfPage, weeksOfPledge, type CampaignFigureRow, type GiftFigureRow, type PageGiftRow, type PledgedRow } from './figures.sql.ts';
