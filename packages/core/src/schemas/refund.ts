import { z } from 'zod';
import { PAYMENT_STATUSES } from '../statuses.ts';
import { dateSchema, idSchema, isId, MAX_AMOUNT, safeText, timestampSchema } from './common.ts';

// Refunds (docs/product-rules.md §19, docs/decisions/132-refunds.md): an admin gives back a
// Success payment, or a friend's succeeded gift (docs/decisions/150), fully or in part, with a
// reason. Amounts of a request are minor units.

export const REFUND_REASON_MIN = 3;
export const REFUND_REASON_MAX = 500;
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const REFUND_MESSAGES = {
  paymentIdInvalid: 'paymentId must be a payment id',
  giftIdInvalid: 'giftId must be a gift id',
  amountInvalid: 'amountMinor must be a whole number of cents (pence) of 1 or more',
  amountTooLarge: `amountMinor must be at most ${MAX_AMOUNT * 100}`,
  reasonRequired: `reason is required: at least ${REFUND_REASON_MIN} characters saying why the money is given back`,
  reasonTooLong: `reason must be at most ${REFUND_REASON_MAX} characters long`,
} as const;

/** Route params of POST /api/admin/payments/{paymentId}/refunds. */
export const refundParamsSchema = z.object({
  paymentId: z.coerce.number({ error: REFUND_MESSAGES.paymentIdInvalid }).refine(isId, { error: REFUND_MESSAGES.paymentIdInvalid }),
});

/** Route params of POST /api/admin/gifts/{giftId}/refunds. */
export const giftRefundParamsSchema = z.object({
  giftId: z.coerce.number({ error: REFUND_MESSAGES.giftIdInvalid }).refine(isId, { error: REFUND_MESSAGES.giftIdInvalid }),
});

/** POST /api/admin/payments/{paymentId}/refunds and POST /api/admin/gifts/{giftId}/refunds */
export const refundRequestSchema = z.object({
  amountMinor: z
    .number({ error: REFUND_MESSAGES.amountInvalid })
    .int({ error: REFUND_MESSAGES.amountInvalid })
    .min(1, { error: REFUND_MESSAGES.amountInvalid })
    .max(MAX_AMOUNT * 100, { error: REFUND_MESSAGES.amountTooLarge }),
  reason: safeText('reason', 'text', REFUND_MESSAGES.reasonRequired, (reason) =>
    reason.trim().min(REFUND_REASON_MIN, { error: REFUND_MESSAGES.reasonRequired }).max(REFUND_REASON_MAX, { error: REFUND_MESSAGES.reasonTooLong }),
  ),
});
export type RefundRequest = z.output<typeof refundRequestSchema>;

/** A refund as the admin sees it; amounts in minor units. */
export const refundSchema = z
  .object({
    id: idSchema,
    /** The payment given back, or null for a gift's refund. */
    payment_id: idSchema.nullable(),
    /** The friend's gift given back (docs/decisions/150), or null for a payment's refund. */
    gift_id: idSchema.nullable(),
    amount_minor: z.number().int(),
    reason: z.string(),
    status: z.enum(REFUND_STATUSES),
    provider_reference: z.string().nullable(),
    failure_message: z.string().nullable(),
    admin_user_id: idSchema.nullable(),
    created_at: timestampSchema,
    settled_at: timestampSchema.nullable(),
    /** What can still be given back of the payment (or gift) after this refund (minor units). */
    refundable_minor: z.number().int(),
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof refundSchema>;

/** GET /api/admin/users/{id}/payments: one payment of a donor, with what was and can still be refunded. */
export const adminPaymentSchema = z.object({
  id: idSchema,
  pledge_id: idSchema,
  campaign_name: z.string(),
  recipient_name: z.string(),
  country: z.enum(['NZ', 'UK']),
  processing_date: dateSchema,
  payment_status: z.enum(PAYMENT_STATUSES),
  amount_minor: z.number().int(),
  receipt_number: z.string().nullable(),
  /** Succeeded refunds (minor units). */
  refunded_minor: z.number().int(),
  /** amount − succeeded and pending refunds; 0 unless the payment is Success. */
  refundable_minor: z.number().int(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentListSchema = z.object({ payments: z.array(adminPaymentSchema) });
export type AdminPaymentList = z.infer<typeof adminPaymentListSchema>;
