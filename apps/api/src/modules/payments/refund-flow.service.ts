import type { Minor } from '@uplift/core/money';
import type { AdminAuditEntry } from '@uplift/core/schemas/admin';
import type { Refund } from '@uplift/core/schemas/refund';
import type { BaseLogger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { recordAdminAction } from '../audit/index.ts';
import { releaseMatchOfRefund } from './ledger-match.repository.ts';
import { settleRefund, type RefundRow } from './ledger-refunds.repository.ts';
import type { PaymentProvider, RefundResult } from './payment-provider.ts';

// One refund model for pledge payments and friends' gifts (docs/decisions/132-refunds.md, 150).
// The ledger has reserved the refund (a Pending row with its idempotency key, committed before
// this); what follows is the same for both:
// 2. the provider is asked, outside any transaction, with that key;
// 3. its answer settles the row (Succeeded or Failed) and the admin audit records it, in one
//    transaction.
// What was refunded, its errors and its mail stay with the owner of the thing refunded
// (billing/refunds.service.ts, gifts/gift-refunds.service.ts).

export type RefundFlowDeps = { db: Db; payments: PaymentProvider; clock: Clock; log: Pick<BaseLogger, 'error'> };

export type ReservedRefund = {
  refund: RefundRow;
  chargeReference: string;
  amount: Minor;
  /** Sent to the provider with the refund: `payment_id` or `gift_id`, and `refund_id`. */
  metadata: Record<string, string>;
  audit: { adminId: number; action: AdminAuditEntry['action']; target: string; before: object };
  /** Thrown when the provider did not answer (the row stays Pending, its amount reserved). */
  inDoubt: () => Error;
};

/** Asks the provider and settles the reserved refund with its audit entry; returns the row as it settled. */
export async function askProviderAndSettle(deps: RefundFlowDeps, r: ReservedRefund): Promise<{ settled: RefundRow; now: Date }> {
  let result: RefundResult;
  try {
    result = await deps.payments.refund({ chargeReference: r.chargeReference, amountMinor: r.amount, idempotencyKey: r.refund.idempotency_key, metadata: r.metadata });
  } catch (err) {
    // No answer: the money may or may not have moved. The row stays Pending, so its amount stays
    // reserved; asking again with the same key can never refund twice.
    deps.log.error({ err, refundId: r.refund.id, target: r.audit.target }, 'refund: the provider did not answer; left pending');
    throw r.inDoubt();
  }

  const now = deps.clock.now();
  const settled = await deps.db.transaction(async (tx) => {
    const row = await settleRefund(
      tx,
      r.refund.id,
      result.status === 'succeeded' ? { status: 'succeeded', reference: result.reference, message: null } : { status: 'failed', reference: result.reference, message: result.message },
      now,
    );
    // A matched gift's or payment's refund gives its share of the match back to the cap (product-rules §23).
    if (row) await releaseMatchOfRefund(tx, row, now);
    const after = row ?? r.refund;
    await recordAdminAction(tx, {
      ...r.audit,
      after: { refund_id: after.id, amount: after.amount, reason: after.reason, status: after.status, failure_message: after.failure_message },
      at: now,
    });
    return after;
  });
  return { settled, now };
}

/** A refund as the admin routes answer it; `refundable` is what is left after it. */
export function refundJson(row: RefundRow, refundable: number): Refund {
  return {
    id: row.id,
    payment_id: row.payment_id,
    gift_id: row.gift_id,
    amount_minor: row.amount,
    reason: row.reason,
    status: row.status,
    provider_reference: row.provider_reference,
    failure_message: row.failure_message,
    admin_user_id: row.admin_user_id,
    created_at: row.created_at.toISOString(),
    settled_at: row.settled_at ? row.settled_at.toISOString() : null,
    refundable_minor: refundable,
  };
}
