import type { PaymentMethod } from '@uplift/core/schemas/payment';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentMethods } from '../../db/schema.ts';
import type { CardDetails } from './payment-provider.ts';


export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** What the API shows of a saved card: never more than the provider's display facts. */
export function paymentMethodView(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    method_name: row.method_name,
    is_enabled: row.is_enabled,
    stripe_payment_method_id: row.stripe_payment_method_id,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
  };
}

export async function listEnabledPaymentMethods(db: Executor, userId: number): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.user_id, userId), eq(paymentMethods.is_enabled, true)))
    .orderBy(asc(paymentMethods.id));
}

export async function findOwnPaymentMethod(db: Executor, userId: number, id: number): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.user_id, userId)));
  return row;
}

/**
 * A user's enabled saved card named either by our id ('12') or by the provider's id
 * ('pm_…'): provider ids never consist of digits only, so the two cannot be confused.
 */
export async function findOwnEnabledMethodByReference(
  db: Executor,
  userId: number,
  reference: string,
): Promise<PaymentMethodRow | undefined> {
  const byOurId = /^\d{1,9}$/.test(reference);
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        byOurId ? eq(paymentMethods.id, Number(reference)) : eq(paymentMethods.stripe_payment_method_id, reference),
        eq(paymentMethods.user_id, userId),
        eq(paymentMethods.is_enabled, true),
      ),
    );
  return row;
}

export async function findMethodByProviderId(db: Executor, providerId: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.stripe_payment_method_id, providerId));
  return row;
}

/** Records a card the provider holds for this user; saving one that was disabled enables it again. */
export async function upsertPaymentMethod(db: Executor, userId: number, providerId: string, card: CardDetails): Promise<PaymentMethodRow> {
  const [row] = await db
    .insert(paymentMethods)
    .values({
      user_id: userId,
      method_name: 'card',
      is_enabled: true,
      stripe_payment_method_id: providerId,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
    })
    .onConflictDoUpdate({
      target: paymentMethods.stripe_payment_method_id,
      set: { is_enabled: true, brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year },
    })
    .returning();
  return row!;
}

/** These provider cards of the donor are no longer offered (change card replaced them). */
export async function disableCards(db: Executor, userId: number, providerMethodIds: string[]): Promise<void> {
  if (providerMethodIds.length === 0) return;
  await db
    .update(paymentMethods)
    .set({ is_enabled: false })
    .where(and(eq(paymentMethods.user_id, userId), inArray(paymentMethods.stripe_payment_method_id, providerMethodIds)));
}

/** Erasure: the donor's saved cards go. */
export async function deleteSavedCards(db: Executor, userId: number) {
  await db.delete(paymentMethods).where(eq(paymentMethods.user_id, userId));
}
