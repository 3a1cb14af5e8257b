import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { httpErrors } from '../../errors.ts';
import type { PaymentProvider } from './payment-provider.ts';

export type CustomerDeps = { db: Db; payments: PaymentProvider };

/** The user's customer at the payment provider, created on first need and remembered. */
export async function ensureProviderCustomer({ db, payments }: CustomerDeps, userId: number): Promise<string> {
  const [user] = await db
    .select({ id: users.id, email: users.email, first: users.first_name, last: users.last_name, customerId: users.stripe_customer_id })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw httpErrors.unauthorized();
  if (user.customerId) return user.customerId;

  const customerId = await payments.ensureCustomer({
    id: user.id,
    email: user.email,
    name: `${user.first} ${user.last}`.trim(),
    customerId: null,
  });
  // Only the first writer sets it; a racing request reads the winner's id.
  const [stored] = await db
    .update(users)
    .set({ stripe_customer_id: customerId })
    .where(and(eq(users.id, userId), isNull(users.stripe_customer_id)))
    .returning({ customerId: users.stripe_customer_id });
  if (stored?.customerId) return stored.customerId;
  const [again] = await db.select({ customerId: users.stripe_customer_id }).from(users).where(eq(users.id, userId));
  return again!.customerId!;
}

/** The user's customer id if one was ever created (a user without one has no saved cards). */
export async function findProviderCustomer({ db }: Pick<CustomerDeps, 'db'>, userId: number): Promise<string | null> {
  const [user] = await db.select({ customerId: users.stripe_customer_id }).from(users).where(eq(users.id, userId));
  return user?.customerId ?? null;
}
