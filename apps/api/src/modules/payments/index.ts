// The payments module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { createPaymentProvider } from './create-provider.ts';
export { applyPaymentEvent, cancelRemainingOfDonor, cancelRemainingPayments, claimBatch, dropStaleRetries, forgetCardReferences, holdRemainingPayments, loadPayment, loadPayments, lockScheduleForSkip, moveRemainingToCard, moveScheduledPayment, recordOutcome, releasePayments, scheduleWeeklyPayments, setFeeCoverOfPayment, serialSession, startDonorAttempt, tryChargeLocks, withPaymentHeld, type Claim, type ClaimScope, type DueDates, type PaymentToCharge, type ScheduledPayment, type Session } from './ledger.service.ts';
export { outcomeOf, type Outcome } from './outcome.ts';
export { default as paymentMethodRoutes } from './payment-methods.routes.ts';
export { deleteSavedCards, disableCards, findOwnEnabledMethodByReference, paymentMethodView } from './payment-methods.service.ts';
export { type PaymentProvider } from './payment-provider.ts';
export { paymentErrors } from './payments.errors.ts';
export { default as paymentRoutes } from './payments.routes.ts';
export { STRIPE_WEBHOOK_JOB, stripeWebhookJobSchema, type StripeWebhookJob } from './stripe-webhook.service.ts';
