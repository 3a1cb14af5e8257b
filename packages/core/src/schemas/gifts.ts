import { z } from 'zod';
import { MIN_PLEDGE_MINOR } from '../calculator.ts';
import type { CountryCode } from '../countries.ts';
import { formatMoney, type Minor } from '../money.ts';
import { emailSchema } from './auth.ts';
import { controlCharactersMessage, hasControlCharacters, idSchema } from './common.ts';

// A friend's one-off card gift on a challenge page (docs/decisions/138-challenge-pages-and-gifts.md).
// No account: the friend gives a name and an email for the receipt. Amounts of a request are whole
// minor units (cents or pence) of the page's campaign currency, as refunds' are.

/** The least a friend can give: the country's pledge minimum (10 in local currency). */
export const GIFT_MIN_MINOR = MIN_PLEDGE_MINOR;
/** The most one gift can be: 10,000 in local currency. */
export const GIFT_MAX_MINOR = 1_000_000 as Minor;
export const GIFT_MESSAGE_MAX = 140;
export const GIFT_NAME_MAX = 60;
/** Amounts the form suggests, in minor units (the friend can type any other). */
export const GIFT_SUGGESTED_MINOR = [1000, 2500, 5000, 10000] as const;

export const GIFT_STATUS_VALUES = ['pending', 'requires_action', 'succeeded', 'failed'] as const;
export type GiftState = (typeof GIFT_STATUS_VALUES)[number];

/**
 * Card testing (docs/decisions/138): at most this many new gifts are tried per IP address an hour,
 * per page an hour and per email address a day; counted in PostgreSQL so every instance agrees.
 */
export const GIFT_LIMITS = { perIpPerHour: 20, perPagePerHour: 60, perEmailPerDay: 10 } as const;

export const GIFT_MESSAGES = {
  clientKeyInvalid: 'client_key must be a UUID made by the form',
  amountInvalid: 'amount must be a whole number of cents (pence)',
  nameRequired: 'name is required',
  nameTooLong: `name must be at most ${GIFT_NAME_MAX} characters long`,
  nameControl: controlCharactersMessage('name'),
  messageTooLong: `message must be at most ${GIFT_MESSAGE_MAX} characters long`,
  messageControl: controlCharactersMessage('message'),
  flagInvalid: (field: string) => `${field} must be true or false`,
  taxReceiptNotNz: 'tax_receipt: a donation tax credit receipt is for New Zealand gifts only',
  clientSecretRequired: 'client_secret is required',
  tooMany: 'Too many gifts have been tried from here just now. Please wait an hour and try again, or write to us and we will help.',
} as const;

/** 'amount must be at least $10.00' / 'at most £10,000.00', or null when the amount can be given in that country. */
export function giftAmountError(amount: number, country: CountryCode): string | null {
  if (!Number.isSafeInteger(amount)) return GIFT_MESSAGES.amountInvalid;
  if (amount < GIFT_MIN_MINOR) return `amount must be at least ${formatMoney(GIFT_MIN_MINOR, country)}`;
  if (amount > GIFT_MAX_MINOR) return `amount must be at most ${formatMoney(GIFT_MAX_MINOR, country)}`;
  return null;
}

const flag = (field: string) => z.boolean({ error: GIFT_MESSAGES.flagInvalid(field) }).default(false);

/** POST /api/pages/{slug}/gifts */
export const giftRequestSchema = z.object({
  client_key: z.uuid({ error: GIFT_MESSAGES.clientKeyInvalid }),
  amount: z
    .number({ error: GIFT_MESSAGES.amountInvalid })
    .int({ error: GIFT_MESSAGES.amountInvalid })
    .min(1, { error: GIFT_MESSAGES.amountInvalid })
    // The country's bounds (with its currency in the message) are checked by the service.
    .max(100_000_000, { error: GIFT_MESSAGES.amountInvalid }),
  name: z
    .string({ error: GIFT_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: GIFT_MESSAGES.nameRequired })
    .max(GIFT_NAME_MAX, { error: GIFT_MESSAGES.nameTooLong })
    .refine((s) => !hasControlCharacters(s), { error: GIFT_MESSAGES.nameControl }),
  email: emailSchema,
  message: z
    .string({ error: GIFT_MESSAGES.messageTooLong })
    .trim()
    .max(GIFT_MESSAGE_MAX, { error: GIFT_MESSAGES.messageTooLong })
    .refine((s) => !hasControlCharacters(s), { error: GIFT_MESSAGES.messageControl })
    .default(''),
  hide_name: flag('hide_name'),
  hide_amount: flag('hide_amount'),
  tax_receipt: flag('tax_receipt'),
});
export type GiftRequest = z.input<typeof giftRequestSchema>;

/** Route params of POST /api/pages/{slug}/gifts. */
export const giftPageParamsSchema = z.object({ slug: z.string().max(40, { error: 'slug: no such page' }) });

/** POST /api/pages/{slug}/gifts answers where the new (or resent) gift stands and what the browser needs to pay. */
export const giftCreatedSchema = z
  .object({
    gift_id: idSchema,
    status: z.enum(GIFT_STATUS_VALUES),
    /** The charge's client secret for the card form (absent once the gift is settled). */
    client_secret: z.string().optional(),
    provider: z.enum(['stripe', 'test']),
    /** Stripe's publishable key, for Stripe.js (absent with the test provider). */
    publishable_key: z.string().optional(),
  })
  .meta({ id: 'GiftCreated' });
export type GiftCreated = z.infer<typeof giftCreatedSchema>;

/** POST /api/gifts/{id}/confirm */
export const giftConfirmSchema = z.object({
  client_secret: z.string({ error: GIFT_MESSAGES.clientSecretRequired }).trim().min(1, { error: GIFT_MESSAGES.clientSecretRequired }).max(255, { error: GIFT_MESSAGES.clientSecretRequired }),
});

/** Where a gift stands: `failure_message` (a decline or a failed bank step) is for the friend. */
export const giftStateSchema = z
  .object({
    gift_id: idSchema,
    status: z.enum(GIFT_STATUS_VALUES),
    receipt_number: z.string().nullable(),
    failure_message: z.string().nullable(),
  })
  .meta({ id: 'GiftState' });
export type GiftStateResponse = z.infer<typeof giftStateSchema>;

// The test provider's side of a guest charge (Stripe.js confirmCardPayment stands here).

const CARD_FIELD = 'number: enter the card number';
/** POST /api/test-provider/gift/confirm */
export const testGiftConfirmSchema = z.object({
  client_secret: z.string({ error: GIFT_MESSAGES.clientSecretRequired }).min(1, { error: GIFT_MESSAGES.clientSecretRequired }).max(255, { error: GIFT_MESSAGES.clientSecretRequired }),
  number: z.string({ error: CARD_FIELD }).max(40, { error: CARD_FIELD }),
  exp_month: z.number({ error: 'exp_month must be a month number' }).int({ error: 'exp_month must be a month number' }),
  exp_year: z.number({ error: 'exp_year must be a year' }).int({ error: 'exp_year must be a year' }),
  cvc: z.string({ error: 'cvc is required' }).max(8, { error: 'cvc is too long' }),
});
export type TestGiftConfirmRequest = z.infer<typeof testGiftConfirmSchema>;

/** POST /api/test-provider/gift/authenticate */
export const testGiftAuthenticateSchema = z.object({
  client_secret: z.string({ error: GIFT_MESSAGES.clientSecretRequired }).min(1, { error: GIFT_MESSAGES.clientSecretRequired }).max(255, { error: GIFT_MESSAGES.clientSecretRequired }),
  outcome: z.enum(['complete', 'fail'], { error: 'outcome must be complete or fail' }),
});

/** The test provider's answer, as Stripe.js': succeeded, the bank's step, or declined with Stripe's words. */
export const testGiftChargeResultSchema = z
  .object({
    status: z.enum(['succeeded', 'requires_action', 'declined']),
    message: z.string().optional(),
  })
  .meta({ id: 'TestGiftChargeResult' });
export type TestGiftChargeResult = z.infer<typeof testGiftChargeResultSchema>;
