import { z } from 'zod';
import { PERIODS } from '../calculator.ts';
import { PAYMENTS_PER_PLEDGE } from '../calendar.ts';
import { COUNTRY_CODES } from '../countries.ts';
import { MSG } from '../messages.ts';
import { PAYMENT_STATUSES, PLEDGE_STATUSES } from '../statuses.ts';
import { dateSchema, decimalAmountSchema, idSchema, positiveIdField } from './common.ts';

/** Upper bound on units per period: far above any real habit, and keeps totals exact. */
export const MAX_UNITS = 1000;

/**
 * The pledge figures (product-rules §14): units per period, cost of one unit (decimal,
 * to the cent), the total the user confirmed and the period. Shared with registration.
 */
export const pledgeFields = {
  recipient_id: positiveIdField(MSG.recipientRequired),
  challenge_id: positiveIdField(MSG.challengeRequired),
  campaign_id: positiveIdField(MSG.campaignRequired),
  number_of_units: z
    .number({ error: MSG.unitsInvalid })
    .int({ error: MSG.unitsInvalid })
    .min(0, { error: MSG.unitsInvalid })
    .max(MAX_UNITS, { error: MSG.unitsTooLarge }),
  cost_per_unit: decimalAmountSchema,
  confirmed_amount: decimalAmountSchema,
  period: z.enum(PERIODS, { error: MSG.periodInvalid }).default('weekly'),
};

/** POST /api/pledge */
export const pledgeRequestSchema = z.object(pledgeFields);

const COVER_FEE_MESSAGE = 'cover_fee must be true or false';

/** PUT /api/pledge/confirmed */
export const confirmPledgeSchema = z.object({
  payment_method_id: z
    .string({ error: MSG.selectPaymentMethod })
    .trim()
    .min(1, { error: MSG.selectPaymentMethod })
    .max(255, { error: MSG.selectPaymentMethod })
    // Ids are printable ASCII (pm_…, or ours): a NUL byte would otherwise reach PostgreSQL.
    .regex(/^[\x21-\x7e]*$/, { error: MSG.selectPaymentMethod }),
});

/** PUT /api/pledge/confirmed: the card, and optionally the total the donor was shown (checked, never trusted). */
export const confirmPledgeRequestSchema = confirmPledgeSchema.extend({
  confirmed_amount: decimalAmountSchema.optional(),
  /** The donor ticked "cover the card fee" (docs/decisions/135-cover-the-card-fee.md); unticked when absent. */
  cover_fee: z.boolean({ error: COVER_FEE_MESSAGE }).optional(),
});

// Responses (amounts in decimal currency units, dates 'YYYY-MM-DD').

/** A pledge as the API answers it (POST /api/pledge, PUT /api/pledge/pending, GET /api/pledge/closest…). */
export const pledgeSchema = z
  .object({
    id: idSchema,
    campaign_id: idSchema,
    challenge_id: idSchema,
    recipient_id: idSchema,
    number_of_units: z.number().int(),
    cost_per_unit: z.number(),
    period: z.enum(PERIODS),
    confirmed_amount: z.number(),
    pledge_status: z.enum(PLEDGE_STATUSES),
    /** The campaign's country: the pledge's currency. */
    country: z.enum(COUNTRY_CODES),
  })
  .meta({ id: 'Pledge' });

/** One payment of a pledge's schedule, as GET /api/pledge/:id lists it. */
export const pledgePaymentSchema = z.object({
  id: idSchema,
  processing_date: dateSchema,
  amount: z.number(),
  /** The weekly extra that covers the card fee, charged on top of `amount` (decimal; 0: none): docs/decisions/135. */
  fee_cover: z.number(),
  payment_status: z.enum(PAYMENT_STATUSES),
  /** When the donor skipped this payment's week: the week's own date (it now falls later), else null. */
  skipped_from: dateSchema.nullable(),
});

/** GET /api/pledge/:id: the donor's own pledge with its payments in date order. */
export const pledgeWithPaymentsSchema = pledgeSchema.extend({ payments: z.array(pledgePaymentSchema) });

/** PUT /api/pledge/confirmed: the confirmed pledge and the payments just scheduled. */
export const confirmedPledgeResponseSchema = pledgeSchema.extend({
  payments: z.array(pledgePaymentSchema.omit({ id: true, skipped_from: true })),
});

/** PUT /api/pledge/cancel: what was cancelled, and what had already been given. */
export const cancelPledgeResponseSchema = z.object({
  message: z.string(),
  pledge_id: idSchema,
  pledge_status: z.literal('Cancelled'),
  cancelled_payments: z.number().int(),
  paid_amount: z.number(),
});

// Skipping one week (product-rules §7 "Skipping a week"; docs/decisions/134-skip-a-week.md).

const SKIP_WEEK_MESSAGE = `week must be a whole number from 1 to ${PAYMENTS_PER_PLEDGE}`;

/** POST /api/pledge/{id}/skip: the campaign week (1 to 4) whose payment to skip. */
export const skipWeekRequestSchema = z.object({
  week: z
    .number({ error: SKIP_WEEK_MESSAGE })
    .int({ error: SKIP_WEEK_MESSAGE })
    .min(1, { error: SKIP_WEEK_MESSAGE })
    .max(PAYMENTS_PER_PLEDGE, { error: SKIP_WEEK_MESSAGE }),
});

/** POST and DELETE /api/pledge/{id}/skip: where the pledge's payments now fall. */
export const skipWeekResponseSchema = z.object({
  message: z.string(),
  pledge_id: idSchema,
  /** The skipped week's own date, and where its payment now falls (both null after an undo). */
  skipped_from: dateSchema.nullable(),
  moved_to: dateSchema.nullable(),
  payments: z.array(pledgePaymentSchema),
});

// Covering the card fee (docs/decisions/135-cover-the-card-fee.md).

/** PUT /api/pledge/{id}/fee-cover: cover the card fee from the next payment on, or stop. */
export const feeCoverRequestSchema = z.object({ cover_fee: z.boolean({ error: COVER_FEE_MESSAGE }) });

/** PUT /api/pledge/{id}/fee-cover: the choice, the weekly extra now charged, and the payments it applies to. */
export const feeCoverResponseSchema = z.object({
  message: z.string(),
  pledge_id: idSchema,
  cover_fee: z.boolean(),
  /** How many remaining payments now carry (or no longer carry) the extra. */
  payments_changed: z.number().int(),
});

/** DELETE /api/pledge/delete: how many Pending pledges went. */
export const deletePledgeResponseSchema = z.object({ message: z.string(), deleted: z.number().int() });

export type PledgeRequestInput = z.input<typeof pledgeRequestSchema>;
export type PledgeRequest = z.output<typeof pledgeRequestSchema>;
export type ConfirmPledgeRequest = z.infer<typeof confirmPledgeSchema>;
export type ConfirmPledgeRequestBody = z.infer<typeof confirmPledgeRequestSchema>;
export type Pledge = z.infer<typeof pledgeSchema>;
export type PledgePayment = z.infer<typeof pledgePaymentSchema>;
export type PledgeWithPayments = z.infer<typeof pledgeWithPaymentsSchema>;
export type ConfirmedPledgeResponse = z.infer<typeof confirmedPledgeResponseSchema>;
export type CancelPledgeResponse = z.infer<typeof cancelPledgeResponseSchema>;
export type SkipWeekRequest = z.infer<typeof skipWeekRequestSchema>;
export type SkipWeekResponse = z.infer<typeof skipWeekResponseSchema>;
export type FeeCoverRequest = z.infer<typeof feeCoverRequestSchema>;
export type FeeCoverResponse = z.infer<typeof feeCoverResponseSchema>;
export type DeletePledgeResponse = z.infer<typeof deletePledgeResponseSchema>;
