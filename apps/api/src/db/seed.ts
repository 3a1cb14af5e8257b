import { addDays, todayInCountry } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { asMinor } from '@uplift/core/money';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from './client.ts';
import { campaigns, challenges, pledges, recipients, users } from './schema.ts';
import { CHALLENGES, RECIPIENTS } from './seed-data.ts';

/** Challenges and charities: needed in every environment, upserted by slug. */
export async function seedReferenceData(db: Db): Promise<void> {
  for (const c of CHALLENGES) {
    await db.insert(challenges).values(c).onConflictDoUpdate({ target: challenges.slug, set: { ...c } });
  }
  for (const r of RECIPIENTS) {
    const row = { ...r, impact_cost: asMinor(r.impact_cost) };
    await db.insert(recipients).values(row).onConflictDoUpdate({ target: recipients.slug, set: row });
  }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Demo data for development: an active campaign per country with dates relative to today
 * (NZ already started with billing soon, UK starting in a few days) and a few confirmed
 * pledges so the totals are not zero. Idempotent: a country that still has an open campaign
 * gets nothing new. Never run in production.
 */
export async function seedDemoData(db: Db, now: Date, log: Logger): Promise<void> {
  const plans: Record<CountryCode, { startOffset: number; billingOffset: number }> = {
    NZ: { startOffset: -3, billingOffset: 2 },
    UK: { startOffset: 5, billingOffset: 7 },
  };
  for (const country of ['NZ', 'UK'] as const) {
    const today = todayInCountry(country, now);
    const open = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.country, country), eq(campaigns.is_active, true), gte(campaigns.end_date, today)))
      .limit(1);
    if (open.length > 0) continue;

    const start = addDays(today, plans[country].startOffset);
    const month = MONTHS[Number(start.slice(5, 7)) - 1]!;
    const [campaign] = await db
      .insert(campaigns)
      .values({
        campaign_name: `${month} Uplift Challenge`,
        start_date: start,
        end_date: addDays(start, 30),
        billing_start_date: addDays(today, plans[country].billingOffset),
        billing_cycle: 'Weekly',
        is_active: true,
        country,
      })
      .returning();
    log.info({ country, campaign: campaign!.campaign_name }, 'seeded demo campaign');
    await seedDemoPledges(db, campaign!.id, country);
  }
}

const DEMO_DONORS = [
  ['Aroha', 'Ngata'],
  ['James', 'Wilson'],
  ['Priya', 'Sharma'],
  ['Tom', 'Evans'],
  ['Mere', 'Tawhiri'],
] as const;

async function seedDemoPledges(db: Db, campaignId: number, country: CountryCode): Promise<void> {
  const challengeRows = await db.select().from(challenges).orderBy(challenges.id);
  const recipientRows = await db.select().from(recipients).where(eq(recipients.country, country)).orderBy(recipients.id);
  for (const [i, [first, last]] of DEMO_DONORS.entries()) {
    const email = `demo.${first.toLowerCase()}.${country.toLowerCase()}.${campaignId}@example.org`;
    const [user] = await db
      .insert(users)
      .values({
        first_name: first,
        last_name: last,
        email,
        country,
        // '!' is never a valid hash: demo donors cannot log in.
        password_hash: '!',
        activated: true,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) continue;
    const units = 3 + i;
    const cost = asMinor(450 + i * 100);
    await db.insert(pledges).values({
      user_id: user.id,
      campaign_id: campaignId,
      challenge_id: challengeRows[i % challengeRows.length]!.id,
      recipient_id: recipientRows[i % recipientRows.length]!.id,
      number_of_units: units,
      cost_per_unit: cost,
      period: 'weekly',
      confirmed_amount: asMinor(units * cost * 4),
      pledge_status: 'Confirmed',
      confirmed_at: sql`now()`,
    });
  }
}
