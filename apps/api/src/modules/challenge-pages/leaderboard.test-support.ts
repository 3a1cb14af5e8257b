import type { CountryCode } from '@uplift/core/countries';
import { asMinor } from '@uplift/core/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns, challengePages, challenges, gifts, payments, pledges, recipients, teams, users } from '../../db/schema.ts';

// Direct inserts for the leaderboard, totals, report and moderation tests: a donor with a Confirmed
// pledge and a published page, a team, friends' gifts. The pages and gifts APIs are other modules'
// and are not needed to reason about the figures.

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${sequence}-${process.pid}-${Math.floor(Math.random() * 1e6)}`;
};

export async function insertOpenCampaign(db: Db, country: CountryCode, fields: Partial<typeof campaigns.$inferInsert> = {}) {
  const [row] = await db
    .insert(campaigns)
    .values({ campaign_name: `${country} Uplift Challenge`, start_date: '2026-11-20', end_date: '2026-12-20', billing_start_date: '2026-11-23', is_active: true, country, ...fields })
    .returning();
  return row!;
}

export type PageFixture = { userId: number; pledgeId: number; pageId: number; slug: string; recipientId: number; campaignId: number };

/**
 * A user (first and last name as given) with a Confirmed pledge of `pledged` minor units in the
 * campaign and a page; published and on the leaderboard unless told otherwise. `paid`: one Success
 * payment of that many minor units received on the pledge (none by default: raised counts only
 * money received, product-rules §21).
 */
export async function insertPage(
  db: Db,
  campaign: { id: number; country: CountryCode },
  opts: {
    first?: string;
    last?: string;
    pledged?: number;
    paid?: number;
    status?: 'Confirmed' | 'Cancelled' | 'Pending';
    recipientId?: number;
    published?: boolean;
    onLeaderboard?: boolean;
    displayName?: string;
    teamId?: number | null;
    slug?: string;
  } = {},
): Promise<PageFixture> {
  const key = next();
  const [user] = await db
    .insert(users)
    .values({ first_name: opts.first ?? 'Pat', last_name: opts.last ?? 'Page', email: `page${key}@example.org`, country: campaign.country, password_hash: '!', activated: true })
    .returning();
  const [challenge] = await db.select({ id: challenges.id }).from(challenges).orderBy(challenges.id).limit(1);
  const recipientId =
    opts.recipientId ?? (await db.select({ id: recipients.id }).from(recipients).where(eq(recipients.country, campaign.country)).orderBy(recipients.id).limit(1))[0]!.id;
  const pledged = opts.pledged ?? 4000;
  const [pledge] = await db
    .insert(pledges)
    .values({
      user_id: user!.id,
      campaign_id: campaign.id,
      challenge_id: challenge!.id,
      recipient_id: recipientId,
      number_of_units: 1,
      period: 'weekly',
      cost_per_unit: asMinor(pledged),
      confirmed_amount: asMinor(pledged),
      pledge_status: opts.status ?? 'Confirmed',
    })
    .returning();
  if (opts.paid) {
    await db.insert(payments).values({ pledge_id: pledge!.id, payment_status: 'Success', processing_date: '2026-11-23', amount: asMinor(opts.paid) });
  }
  const slug = opts.slug ?? `page-${key}`.slice(0, 40).replace(/-$/, 'x');
  const [page] = await db
    .insert(challengePages)
    .values({
      user_id: user!.id,
      pledge_id: pledge!.id,
      campaign_id: campaign.id,
      slug,
      display_name: opts.displayName ?? `${opts.first ?? 'Pat'} the Great`,
      goal: asMinor(50000),
      published_at: opts.published === false ? null : new Date('2026-11-22T00:00:00Z'),
      on_leaderboard: opts.onLeaderboard ?? true,
      team_id: opts.teamId ?? null,
    })
    .returning();
  return { userId: user!.id, pledgeId: pledge!.id, pageId: page!.id, slug, recipientId, campaignId: campaign.id };
}

export async function insertTeam(db: Db, campaignId: number, name: string, fields: Partial<typeof teams.$inferInsert> = {}) {
  const [team] = await db
    .insert(teams)
    .values({ campaign_id: campaignId, slug: `team-${next()}`.slice(0, 40).replace(/-$/, 'x'), name, ...fields })
    .returning();
  return team!;
}

export async function joinTeam(db: Db, pageId: number, teamId: number | null): Promise<void> {
  await db.update(challengePages).set({ team_id: teamId }).where(eq(challengePages.id, pageId));
}

/** A friend's gift on a page, succeeded unless told otherwise; campaign and charity copied from the page's pledge. */
export async function insertGift(
  db: Db,
  page: PageFixture,
  amount: number,
  fields: Partial<Omit<typeof gifts.$inferInsert, 'amount'>> = {},
) {
  const key = next();
  const [gift] = await db
    .insert(gifts)
    .values({
      page_id: page.pageId,
      campaign_id: page.campaignId,
      recipient_id: page.recipientId,
      amount: asMinor(amount),
      donor_name: 'Friend',
      donor_email: `friend${key}@example.org`,
      status: 'succeeded',
      idempotency_key: `idem-${key}`,
      client_key: `client-${key}`,
      ...fields,
    })
    .returning();
  return gift!;
}
