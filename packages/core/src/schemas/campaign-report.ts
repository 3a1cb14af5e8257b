import { z } from 'zod';
import { isIsoDate } from '../calendar.ts';
import { MSG } from '../messages.ts';
import { countryCodeSchema, dateSchema, hasAtMostTwoDecimals, idSchema, isId, MAX_AMOUNT, safeText, timestampSchema } from './common.ts';

// The campaign report and payouts (decisions 055–056). Amounts are decimal amounts of
// the campaign country's currency, exact to the cent (computed in minor units).

const amount = z.number();

/** The figures of one charity or one challenge of a campaign. */
export const reportFiguresSchema = z.object({
  /** Counted pledges, as the totals count them: Confirmed, or Cancelled with a Success payment. */
  pledges: z.number().int().min(0),
  /** Distinct donors of the counted pledges. */
  donors: z.number().int().min(0),
  /** As the totals: Confirmed pledges' totals plus what cancelled pledges paid. */
  pledged: amount,
  /** Payments with status Success (before refunds). */
  collected: amount,
  /** Refunds that went through, of Success payments (docs/decisions/132-refunds.md). */
  refunded: amount,
  /** Payments with status Failed (not recovered). */
  failed: amount,
  /** Payments cancelled with their pledge. */
  cancelled: amount,
  /**
   * The weekly extras donors added to cover the card fee, of Success payments (docs/decisions/135):
   * part of the gift, shown apart from `collected`.
   */
  fee_cover: amount,
  /** Estimated card fees: the country's fee rule applied to each Success charge (gift and fee cover). */
  fees: amount,
  /**
   * Friends' succeeded gifts on challenge pages (docs/decisions/140-leaderboards.md), by the charity
   * and campaign of each gift; their card fees are in `fees`. Per charity and in the total; 0 in a
   * challenge's row (a gift is not given to a challenge).
   */
  friends_gifts: amount,
  friends_gift_count: z.number().int().min(0),
  /** collected + fee_cover + friends_gifts − refunded − fees. */
  net: amount,
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportCharityRowSchema = reportFiguresSchema.extend({
  recipient_id: idSchema,
  recipient_name: z.string(),
  is_enabled: z.boolean(),
  /** Sum of the payouts recorded (corrections included). */
  paid_out: amount,
  /** net − paid_out, when positive. */
  owed: amount,
  /** paid_out − net, when positive: a refund of money already passed on (docs/decisions/132-refunds.md). */
  owed_back: amount,
});
export type ReportCharityRow = z.infer<typeof reportCharityRowSchema>;

export const reportChallengeRowSchema = reportFiguresSchema.extend({ challenge_id: idSchema, name: z.string() });
export type ReportChallengeRow = z.infer<typeof reportChallengeRowSchema>;

export const reportDaySchema = z.object({
  date: dateSchema,
  pledges: z.number().int().min(0),
  collected: amount,
});
export type ReportDay = z.infer<typeof reportDaySchema>;

/** GET /api/admin/campaigns/{id}/report */
export const campaignReportSchema = z
  .object({
    campaign: z.object({
      id: idSchema,
      campaign_name: z.string(),
      country: countryCodeSchema,
      start_date: dateSchema,
      end_date: dateSchema,
    }),
    charities: z.array(reportCharityRowSchema),
    challenges: z.array(reportChallengeRowSchema),
    total: reportFiguresSchema.extend({ paid_out: amount, owed: amount, owed_back: amount }),
    /** Pledges made and money collected per day, in the campaign country's calendar. */
    days: z.array(reportDaySchema),
  })
  .meta({ id: 'CampaignReport' });
export type CampaignReport = z.infer<typeof campaignReportSchema>;

export const campaignReportCsvSchema = z.string().describe('The report as CSV (text/csv; charset=utf-8, with a byte-order mark)');

export const PAYOUT_MESSAGES = {
  recipientInvalid: 'Please choose a charity',
  amountInvalid: 'The amount must be a number with at most two decimal places',
  amountNotPositive: 'The amount must be more than 0 (to correct a payout recorded by mistake, use Correct on it)',
  amountTooLarge: 'The amount is too large: a payout is at most 10,000,000.00',
  dateInvalid: 'The payout date must be a real date (YYYY-MM-DD)',
  referenceRequired: 'Please enter a reference (for example the bank transfer’s)',
  referenceTooLong: 'The reference must be at most 200 characters long',
  recipientNotInCampaign: 'That charity is not of this campaign’s country',
  correctionAmountInvalid: 'The amount to take back must be more than 0, with at most two decimal places',
  correctionAmountTooLarge: 'The amount to take back is too large: at most 10,000,000.00',
  reasonRequired: 'Please say why this payout is being corrected',
  reasonTooLong: 'The reason must be at most 500 characters long',
} as const;

/** The largest payout or correction, in the campaign country's currency (core's MAX_AMOUNT). */
export const PAYOUT_MAX = MAX_AMOUNT;

/**
 * A positive amount of at most two decimal places, up to PAYOUT_MAX: one message per problem
 * (the decimals are judged only for an amount in range).
 */
function positiveAmount(messages: { invalid: string; notPositive: string; tooLarge: string }) {
  return z
    .number({ error: messages.invalid })
    .refine((n) => n > 0, { error: messages.notPositive, abort: true })
    .refine((n) => n <= PAYOUT_MAX, { error: messages.tooLarge, abort: true })
    .refine(hasAtMostTwoDecimals, { error: messages.invalid });
}

/** POST /api/admin/campaigns/{id}/payouts: money passed on, at most what is still owed (decision 122). */
export const payoutRequestSchema = z.object({
  recipient_id: z
    .number({ error: PAYOUT_MESSAGES.recipientInvalid })
    .int({ error: PAYOUT_MESSAGES.recipientInvalid })
    .min(1, { error: PAYOUT_MESSAGES.recipientInvalid })
    .max(2_147_483_647, { error: PAYOUT_MESSAGES.recipientInvalid }),
  amount: positiveAmount({ invalid: PAYOUT_MESSAGES.amountInvalid, notPositive: PAYOUT_MESSAGES.amountNotPositive, tooLarge: PAYOUT_MESSAGES.amountTooLarge }),
  paid_on: z.string({ error: PAYOUT_MESSAGES.dateInvalid }).refine(isIsoDate, { error: PAYOUT_MESSAGES.dateInvalid }),
  reference: safeText('Reference', 'line', PAYOUT_MESSAGES.referenceRequired, (reference) =>
    reference.trim().min(1, { error: PAYOUT_MESSAGES.referenceRequired }).max(200, { error: PAYOUT_MESSAGES.referenceTooLong }),
  ),
});
export type PayoutRequest = z.output<typeof payoutRequestSchema>;

/** The payout form as its inputs hold it: the charity's id and the amount as typed. */
export type PayoutForm = { recipient_id: string; amount: string; paid_on: string; reference: string };

/** An amount field's text as a request amount: NaN (refused with the decimals message) when it is not an amount. */
function amountOfText(text: string): number {
  const t = text.trim();
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}

/**
 * The payout form checked by payoutRequestSchema, every field at once: '' for the charity is
 * refused as no charity, the amount's text as core reads it ('-5' and '1.234' are refused).
 */
export const payoutFormSchema = z
  .custom<PayoutForm>()
  .transform((f) => ({ recipient_id: f.recipient_id === '' ? NaN : Number(f.recipient_id), amount: amountOfText(f.amount), paid_on: f.paid_on, reference: f.reference }))
  .pipe(payoutRequestSchema);

/** POST /api/admin/campaigns/{id}/payouts/{payoutId}/corrections: takes back (part of) a payout recorded by mistake. */
export const payoutCorrectionRequestSchema = z.object({
  /** How much of the payout to take back (positive); recorded as a negative entry. */
  amount: positiveAmount({
    invalid: PAYOUT_MESSAGES.correctionAmountInvalid,
    notPositive: PAYOUT_MESSAGES.correctionAmountInvalid,
    tooLarge: PAYOUT_MESSAGES.correctionAmountTooLarge,
  }),
  reason: safeText('Reason', 'text', PAYOUT_MESSAGES.reasonRequired, (reason) =>
    reason.trim().min(1, { error: PAYOUT_MESSAGES.reasonRequired }).max(500, { error: PAYOUT_MESSAGES.reasonTooLong }),
  ),
});
export type PayoutCorrectionRequest = z.output<typeof payoutCorrectionRequestSchema>;

/** The correction form as its inputs hold it. */
export type PayoutCorrectionForm = { amount: string; reason: string };

export const payoutCorrectionFormSchema = z
  .custom<PayoutCorrectionForm>()
  .transform((f) => ({ amount: amountOfText(f.amount), reason: f.reason }))
  .pipe(payoutCorrectionRequestSchema);

export const payoutCorrectionParamsSchema = z.object({
  id: z.coerce.number({ error: MSG.idInvalid }).refine(isId, { error: MSG.idInvalid }),
  payoutId: z.coerce.number({ error: MSG.idInvalid }).refine(isId, { error: MSG.idInvalid }),
});

export const payoutSchema = z
  .object({
    id: idSchema,
    campaign_id: idSchema,
    recipient_id: idSchema,
    recipient_name: z.string(),
    amount,
    paid_on: dateSchema,
    reference: z.string(),
    admin_user_id: idSchema,
    created_at: timestampSchema,
    /** A correction (negative amount) names the payout it corrects and why; a payout has null for both. */
    corrects_payout_id: idSchema.nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'Payout' });
export type Payout = z.infer<typeof payoutSchema>;
export const payoutListSchema = z.object({ payouts: z.array(payoutSchema) });
