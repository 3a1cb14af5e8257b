import type { SetDefaultPaymentMethodResponse } from '@uplift/core/schemas/payment';
import { and, eq, inArray } from 'drizzle-orm';
import type { BaseLogger } from 'pino';
import type { Db } from '../../db/client.ts';
import { paymentMethods, payments, pledges } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { lockPaymentsAgainstCharging } from '../billing/billing.locks.ts';
import { findOwnEnabledMethodByReference, paymentMethodView } from './payment-methods.repository.ts';
import type { PaymentProvider } from './payment-provider.ts';

// "Change card" (issue 11, docs/decisions/047-change-card.md): the new card becomes the one every
// remaining Pending and Failed payment of the donor's live pledges is taken from, in one
// transaction that waits for any charge in flight (the CHARGE lock, as cancelling does); only
// after that commits are the old cards detached at the provider — detaching is irreversible, so
// never before nothing points at them.

export type ChangeCardDeps = { db: Db; payments: PaymentProvider; log: Pick<BaseLogger, 'error'> };

export function createChangeCardService({ db, payments: provider, log }: ChangeCardDeps) {
  return {
    async setDefault(userId: number, reference: string): Promise<SetDefaultPaymentMethodResponse> {
      const method = await findOwnEnabledMethodByReference(db, userId, reference);
      if (!method) throw notFound('payment_method.not_found', 'That card could not be found on your account. Please add it again.');
      const newId = method.stripe_payment_method_id;

      const { updated, oldIds } = await db.transaction(async (tx) => {
        const remaining = await tx
          .select({ id: payments.id, method: payments.stripe_payment_method_id })
          .from(payments)
          .innerJoin(pledges, eq(pledges.id, payments.pledge_id))
          .where(and(eq(pledges.user_id, userId), eq(pledges.pledge_status, 'Confirmed'), inArray(payments.payment_status, ['Pending', 'Failed'])));
        await lockPaymentsAgainstCharging(tx, remaining.map((p) => p.id));
        const rows = await tx
          .update(payments)
          .set({ stripe_payment_method_id: newId })
          .where(
            and(
              inArray(payments.id, remaining.map((p) => p.id).concat(0)),
              inArray(payments.payment_status, ['Pending', 'Failed']),
            ),
          )
          .returning({ id: payments.id });
        // The pledges say which card they are paid with too (the summary and the account show it).
        await tx
          .update(pledges)
          .set({ payment_method_id: method.id })
          .where(and(eq(pledges.user_id, userId), eq(pledges.pledge_status, 'Confirmed')));
        const previous = [...new Set(remaining.map((p) => p.method).filter((m): m is string => m !== null && m !== newId))];
        // An old card still used by another payment (a settled one keeps its history) stays attached
        // only if a Pending/Failed payment still needs it; none does now.
        const stillUsed = previous.length
          ? await tx
              .select({ method: payments.stripe_payment_method_id })
              .from(payments)
              .where(and(inArray(payments.stripe_payment_method_id, previous), inArray(payments.payment_status, ['Pending', 'Failed'])))
          : [];
        const used = new Set(stillUsed.map((r) => r.method));
        const oldIds = previous.filter((m) => !used.has(m));
        if (oldIds.length) {
          await tx
            .update(paymentMethods)
            .set({ is_enabled: false })
            .where(and(eq(paymentMethods.user_id, userId), inArray(paymentMethods.stripe_payment_method_id, oldIds)));
        }
        return { updated: rows.length, oldIds };
      });

      // Only now, with nothing pointing at them: detach the old cards (irreversible).
      let detached: string | null = null;
      for (const oldId of oldIds) {
        try {
          await provider.detachPaymentMethod(oldId);
          detached = oldId;
        } catch (err) {
          // The payments already use the new card; a card left attached is only logged.
          log.error({ err, paymentMethod: oldId }, 'change card: could not detach the old card');
        }
      }
      return { payment_method: paymentMethodView({ ...method, is_enabled: true }), payments_updated: updated, detached };
    },
  };
}
