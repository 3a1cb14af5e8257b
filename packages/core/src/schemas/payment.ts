import { z } from 'zod';
import { MSG } from '../messages.ts';
import { PAYMENT_STATUSES } from '../statuses.ts';
import { dateSchema, idSchema } from './common.ts';

// Payments and saved cards (SPEC §7): request bodies and answers. Amounts are decimal currency
// units, dates 'YYYY-MM-DD'. Card details stay with the provider; only display facts appear here.

/** POST /api/payment_method: the card the browser has just saved with the provider. */
export const savePaymentMethodSchema = z.object({
  method_name: z.literal('card', { error: 'Only cards are accepted' }).default('card'),
  is_enabled: z.literal(true, { error: 'A new payment method must be enabled' }).default(true),
  stripe_payment_method_id: z
    .string({ error: MSG.selectPaymentMethod })
    .trim()
    .min(1, { error: MSG.selectPaymentMethod })
    .max(255, { error: MSG.selectPaymentMethod }),
});

const FORM_EXPIRED = 'The card form has expired. Please reload the page and try again.';
const clientSecretField = z.string({ error: FORM_EXPIRED }).min(1, { error: FORM_EXPIRED }).max(255, { error: FORM_EXPIRED });

/** The test provider's card form (only card facts the test cards need; never logged or stored whole). */
export const testCardConfirmSchema = z.object({
  client_secret: clientSecretField,
  number: z.string({ error: 'Your card number is incomplete.' }).max(40, { error: 'Your card number is invalid.' }),
  exp_month: z.number({ error: "Your card's expiration date is incomplete." }).int({ error: "Your card's expiration date is invalid." }),
  exp_year: z.number({ error: "Your card's expiration date is incomplete." }).int({ error: "Your card's expiration date is invalid." }),
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
    failure_reason: z.string().nullable(),
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

/** POST /api/webhooks/stripe: the acknowledgement Stripe waits for; `duplicate` for a redelivery. */
export const stripeWebhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });

export type SavePaymentMethodRequest = z.infer<typeof savePaymentMethodSchema>;
export type TestCardConfirmRequest = z.infer<typeof testCardConfirmSchema>;
export type TestCardAuthenticateRequest = z.infer<typeof testCardAuthenticateSchema>;
export type Payment = z.infer<typeof paymentSchema>;
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export type SetupSecretResponse = z.infer<typeof setupSecretResponseSchema>;
export type TestSetupResult = z.infer<typeof testSetupResultSchema>;
export type StripeWebhookResponse = z.infer<typeof stripeWebhookResponseSchema>;
