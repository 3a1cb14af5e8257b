import { asMinor } from '@uplift/core/money';
// Test data builders for the public reads' tests (campaigns, challenges, recipients, totals).
import type { CountryCode } from '@uplift/core/countries';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns, challenges, payments, pledges, recipients, users } from '../../db/schema.ts';

let sequence = 0;

export async function insertCampaign(
  db: Db,
  values: Partial<typeof campaigns.$inferInsert> & { country: CountryCode; start_date: string; end_date: string },
) {
  const [row] = await db
    .insert(campaigns)
    .values({ campaign_name: 'November Uplift Challenge', billing_start_date: values.start_date, is_active: true, ...values })
    .returning();
  return row!;
}

export async function insertUser(db: Db, country: CountryCode = 'NZ') {
  sequence += 1;
  const [row] = await db
    .insert(users)
    .values({ first_name: 'Test', last_name: `Donor${sequence}`, email: `donor${sequence}.${Date.now()}@example.org`, country, password_hash: '!', activated: true })
    .returning();
  return row!;
}

/** A pledge by a new donor; amounts in minor units. */
export async function insertPledge(
  db: Db,
  values: { campaign_id: number; challenge_id: number; recipient_id: number; confirmed_amount: number; pledge_status: 'Pending' | 'Confirmed' | 'Cancelled' },
) {
  const user = await insertUser(db);
  const [row] = await db
    .insert(pledges)
    .values({ user_id: user.id, number_of_units: 1, period: 'weekly', ...values, cost_per_unit: asMinor(values.confirmed_amount), confirmed_amount: asMinor(values.confirmed_amount) })
    .returning();
  return row!;
}

export async function insertPayment(
  db: Db,
  values: { pledge_id: number; amount: number; processing_date: string; payment_status: 'Pending' | 'Success' | 'Failed' | 'Cancelled' },
) {
  const [row] = await db.insert(payments).values({ ...values, amount: asMinor(values.amount) }).returning();
  return row!;
}

export async function challengeIds(db: Db): Promise<number[]> {
  return (await db.select({ id: challenges.id }).from(challenges).orderBy(challenges.id)).map((r) => r.id);
}

export async function recipientIds(db: Db, country: CountryCode): Promise<number[]> {
  return (await db.select({ id: recipients.id }).from(recipients).where(eq(recipients.country, country)).orderBy(recipients.id)).map(
    (r) => r.id,
  );
}
