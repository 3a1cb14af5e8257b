import { z } from 'zod';
import type { CountryCode } from '../countries.ts';
import { GIFT_MAX_MINOR, GIFT_MESSAGE_MAX, GIFT_MESSAGES, GIFT_MIN_MINOR, GIFT_NAME_MAX, GIFT_STATUS_VALUES, giftFormMessages } from '../gifts.ts';
import { asMinor, parseAmountInput } from '../money.ts';
import { parseVia, SHARE_CHANNELS } from '../share.ts';
import { emailSchema } from './auth.ts';
import { idSchema, safeText, timestampSchema } from './common.ts';

// The rules and words live in ../gifts.ts (no zod); the request and the gift form's schemas are built on them.
export { GIFT_LIMITS, GIFT_MAX_MINOR, GIFT_MESSAGE_MAX, GIFT_MESSAGES, GIFT_MIN_MINOR, GIFT_NAME_MAX, GIFT_STATUS_VALUES, GIFT_SUGGESTED_MINOR, giftFormMessages, type GiftState } from '../gifts.ts';

// A friend's one-off card gift on a challenge page (docs/decisions/138-challenge-pages-and-gifts.md).
// No account: the friend gives a name and an email for the receipt. Amounts of a request are whole
// minor units (cents or pence) of the page's campaign currency, as refunds' are.

const flag = (field: string) => z.boolean({ error: GIFT_MESSAGES.flagInvalid(field) }).default(false);

/**
 * A gift's amount: whole minor units from GIFT_MIN_MINOR to GIFT_MAX_MINOR (product-rules §21), the
 * one check of the bounds for the route and the form alike (docs/decisions/148); only the words differ.
 */
const giftAmountField = (words: { invalid: string; tooSmall: string; tooLarge: string }) =>
  z
    .number({ error: words.invalid })
    .int({ error: words.invalid })
    .min(GIFT_MIN_MINOR, { error: words.tooSmall })
    .max(GIFT_MAX_MINOR, { error: words.tooLarge });

const giftNameField = (required: string) =>
  safeText('name', 'line', required, (name) => name.trim().min(1, { error: required }).max(GIFT_NAME_MAX, { error: GIFT_MESSAGES.nameTooLong }));

/** One line to the page's owner, which may hold emoji (docs/decisions/152). */
const giftMessageField = (tooLong: string) => safeText('message', 'message', tooLong, (message) => message.trim().max(GIFT_MESSAGE_MAX, { error: tooLong }));

/** POST /api/pages/{slug}/gifts */
export const giftRequestSchema = z.object({
  client_key: z.uuid({ error: GIFT_MESSAGES.clientKeyInvalid }),
  // The request does not know the page's currency, so its words name none ('at least 10.00 in the page's currency').
  amount: giftAmountField({ invalid: GIFT_MESSAGES.amountInvalid, tooSmall: GIFT_MESSAGES.amountTooSmall, tooLarge: GIFT_MESSAGES.amountTooLarge }),
  name: giftNameField(GIFT_MESSAGES.nameRequired),
  email: emailSchema,
  message: giftMessageField(GIFT_MESSAGES.messageTooLong).default(''),
  hide_name: flag('hide_name'),
  hide_amount: flag('hide_amount'),
  tax_receipt: flag('tax_receipt'),
  /**
   * How the friend came to the page (the `?via=` of the link they followed, docs/decisions/164): one
   * of SHARE_CHANNELS is kept on the gift, anything else (or none) is kept as null, never refused.
   */
  via: z.string().nullish().transform(parseVia),
});
export type GiftRequest = z.input<typeof giftRequestSchema>;

/**
 * The gift form on /p/{slug} (react-hook-form's zodResolver): the request's fields and bounds with the
 * form's words, the bounds in the page's money. The amount is what the friend typed ('25.50'); the
 * output is the request without its client_key, the amount in minor units.
 */
export function giftFormSchema(country: CountryCode) {
  const words = giftFormMessages(country);
  return z.object({
    // Text that is not an amount becomes NaN, which the amount's own check refuses with the form's words.
    amount: z
      .string()
      .trim()
      .transform((text) => parseAmountInput(text) ?? Number.NaN)
      .pipe(giftAmountField({ invalid: words.amountRequired, tooSmall: words.amountTooSmall, tooLarge: words.amountTooLarge }))
      .transform(asMinor),
    name: giftNameField(words.nameRequired),
    email: z
      .string()
      .trim()
      .min(1, { error: words.emailInvalid })
      .max(254, { error: words.emailInvalid })
      .pipe(z.email({ error: words.emailInvalid })),
    message: giftMessageField(words.messageTooLong),
    hide_name: z.boolean(),
    hide_amount: z.boolean(),
    tax_receipt: z.boolean(),
  });
}
export type GiftFormValues = z.input<ReturnType<typeof giftFormSchema>>;
export type GiftFormOutput = z.output<ReturnType<typeof giftFormSchema>>;

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
    /** What a sponsor's match added to this gift (minor units): 0 when none applied or it was used up. */
    matched_minor: z.number().int(),
    /** The sponsor whose match added it, or null. */
    match_sponsor: z.string().nullable(),
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

/** GET /api/admin/gifts?q=: a receipt number ('NZ-2026-000124', or a gift's older 'NZ-2026-G000003') or a page's slug. */
export const adminGiftSearchSchema = z.object({
  q: z.string({ error: 'q is required: a receipt number or a page slug' }).trim().min(1, { error: 'q is required: a receipt number or a page slug' }).max(60, { error: 'q must be at most 60 characters long' }),
});

/** A friend's gift as an admin finds it to refund it (docs/decisions/150); amounts in minor units. */
export const adminGiftSchema = z
  .object({
    id: idSchema,
    page_slug: z.string().nullable(),
    campaign_name: z.string(),
    recipient_name: z.string(),
    country: z.enum(['NZ', 'UK']),
    status: z.enum(GIFT_STATUS_VALUES),
    amount_minor: z.number().int(),
    receipt_number: z.string().nullable(),
    /** The friend's name as given (null once erased). */
    donor_name: z.string().nullable(),
    settled_at: timestampSchema.nullable(),
    /** Succeeded refunds (minor units). */
    refunded_minor: z.number().int(),
    /** amount − succeeded and pending refunds; 0 unless the gift succeeded. */
    refundable_minor: z.number().int(),
  })
  .meta({ id: 'AdminGift' });
export type AdminGift = z.infer<typeof adminGiftSchema>;

export const adminGiftListSchema = z.object({ gifts: z.array(adminGiftSchema) });
export type AdminGiftList = z.infer<typeof adminGiftListSchema>;

/** GET /api/my-page/gift-channels: the owner's received gifts counted by the channel their link came through (docs/decisions/164). */
export const giftChannelsSchema = z
  .object({
    /** Succeeded gifts on the owner's page per channel, most first; gifts with no channel are not listed. */
    channels: z.array(z.object({ via: z.enum(SHARE_CHANNELS), gifts: z.number().int() })),
  })
  .meta({ id: 'GiftChannels' });
export type GiftChannels = z.infer<typeof giftChannelsSchema>;
