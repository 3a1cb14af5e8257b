import { MSG } from '@uplift/core/messages';
import { z } from 'zod';

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

const clientSecretField = z
  .string({ error: 'The card form has expired. Please reload the page and try again.' })
  .min(1, { error: 'The card form has expired. Please reload the page and try again.' })
  .max(255, { error: 'The card form has expired. Please reload the page and try again.' });

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
