import { z } from 'zod';
import { MSG } from '../messages.ts';
import { PAYMENT_ACTIONS } from '../payment-failures.ts';
import { PAYMENT_STATUSES } from '../statuses.ts';
import { dateSchema, idSchema } from './common.ts';

// Payments and saved cards (product-rules §7): request bodies and answers. Amounts are decimal currency
// units, dates 'YYYY-MM-DD'. Card details stay with the provider; only display facts appear here.

/** POST /api/payment_method: the card the browser has just saved with the provider. */
export const savePaymentMethodSchema = z.object({
  method_name: z.literal('card', { error: 'Only cards are accepted' }).default('card'),
  is_enabled: z.literal(true, { error: 'A new payment method must be enabled' }).default(true),
  stripe_payment_method_id: z
    .string({ error: MSG.selectPaymentMethod })
    .trim()
    .min(1, { error: MSG.selectPaymentMethod })
    .max(255, { error: MSG.selectPaymentMethod })
    // Ids are printable ASCII (pm_…, or ours): a NUL byte would otherwise reach PostgreSQL.
    .regex(/^[\x21-\x7e]*$/, { error: MSG.selectPaymentMethod }),
});

const FORM_EXPIRED = 'The card form has expired. Please reload the page and try again.';
// Secrets are printable ASCII (Stripe: `seti_…_secret_…`): anything else is a stale or forged form.
const clientSecretField = z
  .string({ error: FORM_EXPIRED })
  .min(1, { error: FORM_EXPIRED })
  .max(255, { error: FORM_EXPIRED })
  .regex(/^[\x21-\x7e]+$/, { error: FORM_EXPIRED });

/** The test provider's card form (only card facts the test cards need; never logged or stored whole). */
export const testCardConfirmSchema = z.object({
  client_secret: clientSecretField,
  number: z.string({ error: 'Your card number is incomplete.' }).max(40, { error: 'Your card number is invalid.' }),
  // Bounded so a nonsense value is refused with the card's message, never overflows a column.
  exp_month: z
    .number({ error: "Your card's expiration date is incomplete." })
    .int({ error: "Your card's expiration date is invalid." })
    .min(0, { error: "Your card's expiration date is invalid." })
    .max(99, { error: "Your card's expiration date is invalid." }),
  exp_year: z
    .number({ error: "Your card's expiration date is incomplete." })
    .int({ error: "Your card's expiration date is invalid." })
    .min(0, { error: "Your card's expiration date is invalid." })
    .max(9999, { error: "Your card's expiration date is invalid." }),
  cvc: z.string({ error: "Your card's security code is incomplete." }).max(8, { error: "Your card's security code is incomplete." }),
});

/** The test provider's simulated authentication step. */
export const testCardAuthenticateSchema = z.object({
  client_secret: clientSecretField,
  outcome: z.enum(['complete', 'fail'], { error: 'Outcome must be complete or fail' }),
});

// Responses

/** GET /api/payment/: one payment of the donor's closest pledge, with the saved card it is charged to. */
export const paymentSchema = z
  .object({
    id: idSchema,
    pledge_id: idSchema,
    payment_status: z.enum(PAYMENT_STATUSES),
    processing_date: dateSchema,
    amount: z.number(),
    /** Given back to the donor of this payment so far (decimal; 0 when nothing was refunded): docs/decisions/132-refunds.md. */
    refunded: z.number(),
    /** The weekly extra that covers the card fee, charged on top of `amount` (decimal; 0: none). */
    fee_cover: z.number(),
    /** Why it failed, as a stable code (core/payment-failures.ts), or null. */
    failure_reason: z.string().nullable(),
    /** When the donor skipped this payment's week: the week's own date (it now falls later), else null. */
    skipped_from: dateSchema.nullable(),
    /** The one automatic retry after a soft decline, or null. */
    next_retry_date: dateSchema.nullable(),
    /** What the donor can do about a Failed payment, or null. */
    action: z.enum(PAYMENT_ACTIONS).nullable(),
    /** Our id of the saved card (for GET /api/payment_method/:id); null once the card is gone. */
    payment_method_id: idSchema.nullable(),
    stripe_payment_method_id: z.string().nullable(),
  })
  .meta({ id: 'Payment' });

export const paymentListResponseSchema = z.array(paymentSchema);

/** A saved card (GET/POST /api/payment_method…). */
export const paymentMethodSchema = z
  .object({
    id: idSchema,
    method_name: z.string(),
    is_enabled: z.boolean(),
    stripe_payment_method_id: z.string(),
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
  })
  .meta({ id: 'PaymentMethod' });

export const paymentMethodListResponseSchema = z.array(paymentMethodSchema);

/** GET /api/payment_method/secret: what the card form needs, for the provider in use. */
export const setupSecretResponseSchema = z.discriminatedUnion('provider', [
  z.object({ client_secret: z.string(), provider: z.literal('test') }),
  z.object({ client_secret: z.string(), provider: z.literal('stripe'), publishable_key: z.string() }),
]);

/** The test provider's card form answers, like Stripe.js' confirmSetup. */
export const testSetupResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded'), setup_intent: z.string(), payment_method: z.string() }),
  z.object({
    status: z.literal('requires_action'),
    setup_intent: z.string(),
    payment_method: z.string(),
    next_action: z.object({ type: z.literal('test_authentication') }),
  }),
]);

/** POST /api/payment/{id}/pay: pay a failed week now, with the saved card or another of the donor's. */
export const payNowSchema = z.object({
  payment_method_id: z
    .string({ error: MSG.selectPaymentMethod })
    .trim()
    .min(1, { error: MSG.selectPaymentMethod })
    .max(255, { error: MSG.selectPaymentMethod })
    // Ids are printable ASCII (pm_…, or ours): a NUL byte would otherwise reach PostgreSQL.
    .regex(/^[\x21-\x7e]*$/, { error: MSG.selectPaymentMethod })
    .optional(),
});

/**
 * POST /api/payment/{id}/pay and …/confirm: where the payment stands. `requires_action` comes with
 * the client secret the browser needs for the bank's step (Stripe.js confirmCardPayment, or the
 * test provider's simulated step), then …/confirm settles it.
 */
export const payNowResponseSchema = z.object({
  payment_status: z.enum(PAYMENT_STATUSES),
  outcome: z.enum(['succeeded', 'requires_action', 'processing', 'failed']),
  client_secret: z.string().optional(),
  payment_method_id: z.string().optional(),
  failure_reason: z.string().nullable(),
  message: z.string(),
});

/** The test provider's simulated bank step for a payment that needs authentication. */
export const testPaymentAuthenticateSchema = z.object({
  client_secret: clientSecretField,
  outcome: z.enum(['complete', 'fail'], { error: 'Outcome must be complete or fail' }),
});
export const testPaymentAuthenticateResponseSchema = z.object({ status: z.enum(['succeeded', 'requires_payment_method']) });

/** PUT /api/payment_method/default: the card every remaining payment is taken from. */
export const setDefaultPaymentMethodSchema = z.object({
  /** The provider's id of a card the donor has saved (pm_…), or ours. */
  payment_method_id: z
    .string({ error: MSG.selectPaymentMethod })
    .trim()
    .min(1, { error: MSG.selectPaymentMethod })
    .max(255, { error: MSG.selectPaymentMethod })
    // Ids are printable ASCII (pm_…, or ours): a NUL byte would otherwise reach PostgreSQL.
    .regex(/^[\x21-\x7e]*$/, { error: MSG.selectPaymentMethod }),
});
export const setDefaultPaymentMethodResponseSchema = z.object({
  payment_method: paymentMethodSchema,
  /** Pending and Failed payments now charged to it. */
  payments_updated: z.number().int(),
  /** The card it replaced, detached at the provider. */
  detached: z.string().nullable(),
});

/** POST /api/webhooks/stripe: the acknowledgement Stripe waits for; `duplicate` for a redelivery. */
export const stripeWebhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });

export type SavePaymentMethodRequest = z.infer<typeof savePaymentMethodSchema>;
export type TestCardConfirmRequest = z.infer<typeof testCardConfirmSchema>;
export type TestCardAuthenticateRequest = z.infer<typeof testCardAuthenticateSchema>;
export type Payment = z.infer<typeof paymentSchema>;
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export type SetupSecretResponse = z.infer<typeof setupSecretResponseSchema>;
export type TestSetupResult = z.infer<typeof testSetupResultSchema>;
export type PayNowRequest = z.infer<typeof payNowSchema>;
export type PayNowResponse = z.infer<typeof payNowResponseSchema>;
export type SetDefaultPaymentMethodResponse = z.infer<typeof setDefaultPaymentMethodResponseSchema>;
export type StripeWebhookResponse = z.infer<typeof stripeWebhookResponseSchema>;
