import { z } from 'zod';
import { isIsoDate } from '../calendar.ts';
import { countryCodeSchema, dateSchema, hasAtMostTwoDecimals, idSchema, timestampSchema } from './common.ts';

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
  /** Payments with status Success. */
  collected: amount,
  /** Payments with status Failed (not recovered). */
  failed: amount,
  /** Payments cancelled with their pledge. */
  cancelled: amount,
  /** Estimated card fees: the country's fee rule applied to each Success payment. */
  fees: amount,
  /** collected − fees. */
  net: amount,
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportCharityRowSchema = reportFiguresSchema.extend({
  recipient_id: idSchema,
  recipient_name: z.string(),
  is_enabled: z.boolean(),
  /** Sum of the payouts recorded (corrections included). */
  paid_out: amount,
  /** net − paid_out. */
  owed: amount,
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
    total: reportFiguresSchema.extend({ paid_out: amount, owed: amount }),
    /** Pledges made and money collected per day, in the campaign country's calendar. */
    days: z.array(reportDaySchema),
  })
  .meta({ id: 'CampaignReport' });
export type CampaignReport = z.infer<typeof campaignReportSchema>;

export const campaignReportCsvSchema = z.string().describe('The report as CSV (text/csv; charset=utf-8, with a byte-order mark)');

export const PAYOUT_MESSAGES = {
  recipientInvalid: 'Please choose a charity',
  amountInvalid: 'The amount must be a non-zero amount with at most two decimal places (negative for a correction)',
  dateInvalid: 'The payout date must be a real date (YYYY-MM-DD)',
  referenceRequired: 'Please enter a reference (for example the bank transfer’s)',
  recipientNotInCampaign: 'That charity is not of this campaign’s country',
} as const;

/** POST /api/admin/campaigns/{id}/payouts */
export const payoutRequestSchema = z.object({
  recipient_id: z
    .number({ error: PAYOUT_MESSAGES.recipientInvalid })
    .int({ error: PAYOUT_MESSAGES.recipientInvalid })
    .min(1, { error: PAYOUT_MESSAGES.recipientInvalid })
    .max(2_147_483_647, { error: PAYOUT_MESSAGES.recipientInvalid }),
  amount: z
    .number({ error: PAYOUT_MESSAGES.amountInvalid })
    .min(-10_000_000, { error: PAYOUT_MESSAGES.amountInvalid })
    .max(10_000_000, { error: PAYOUT_MESSAGES.amountInvalid })
    .refine((n) => n !== 0 && hasAtMostTwoDecimals(n), { error: PAYOUT_MESSAGES.amountInvalid }),
  paid_on: z.string({ error: PAYOUT_MESSAGES.dateInvalid }).refine(isIsoDate, { error: PAYOUT_MESSAGES.dateInvalid }),
  reference: z
    .string({ error: PAYOUT_MESSAGES.referenceRequired })
    .trim()
    .min(1, { error: PAYOUT_MESSAGES.referenceRequired })
    .max(200, { error: 'The reference must be at most 200 characters long' }),
});
export type PayoutRequest = z.output<typeof payoutRequestSchema>;

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
  })
  .meta({ id: 'Payout' });
export type Payout = z.infer<typeof payoutSchema>;
export const payoutListSchema = z.object({ payouts: z.array(payoutSchema) });
