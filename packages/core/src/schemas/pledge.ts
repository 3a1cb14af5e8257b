import { z } from 'zod';
import { PERIODS } from '../calculator.ts';
import { MSG } from '../messages.ts';
import { decimalAmountSchema, positiveIdField } from './common.ts';

/** Upper bound on units per period: far above any real habit, and keeps totals exact. */
export const MAX_UNITS = 1000;

/**
 * The pledge figures (DECISIONS.md "Calculator"): units per period, cost of one unit (decimal,
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

/** PUT /api/pledge/confirmed */
export const confirmPledgeSchema = z.object({
  payment_method_id: z
    .string({ error: MSG.selectPaymentMethod })
    .trim()
    .min(1, { error: MSG.selectPaymentMethod })
    .max(255, { error: MSG.selectPaymentMethod }),
});

export type PledgeRequestInput = z.input<typeof pledgeRequestSchema>;
export type PledgeRequest = z.output<typeof pledgeRequestSchema>;
export type ConfirmPledgeRequest = z.infer<typeof confirmPledgeSchema>;
