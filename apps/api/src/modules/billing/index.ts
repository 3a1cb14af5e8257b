// The billing module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { billingFacts, runBilling, type BillingDeps, type BillingReport } from './billing.service.ts';
export { default as changeCardRoutes } from './change-card.routes.ts';
export { default as payNowRoutes } from './pay-now.routes.ts';
export { default as refundRoutes } from './refunds.routes.ts';
export { handleStripePaymentEvent, registerBillingStripeEvents, type StripeWebhookDeps } from './stripe-webhook.job.ts';
