import type { AdminChallenge, CampaignOffer, ChallengeRequest } from '@uplift/core/schemas/admin-charities';
import type { Challenge } from '@uplift/core/schemas/challenge';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { campaignChallenges, campaigns, challenges, campaignRecipients, pledges, recipients } from '../../db/schema.ts';
import { MAX_SERIAL_ID } from '../campaigns/index.ts';
import { challengeOffered } from './offered.sql.ts';

type ChallengeRow = typeof challenges.$inferSelect;

/** A challenge as the API answers it (core's challengeSchema). */
export function toChallengeJson(row: ChallengeRow): Challenge {
  return {
    id: row.id,
    name: row.name,
    landing_page_icon: row.landing_page_icon,
    icon: row.icon,
    unit: row.unit,
    description: row.description,
    hashtag: row.hashtag,
    hashtag_link: row.hashtag_link,
    kind: row.kind,
    is_enabled: row.is_enabled,
  };
}

/** What every country offers: the enabled challenges (shared by NZ and UK), ordered by id. */
export async function listEnabledChallenges(db: Executor): Promise<ChallengeRow[]> {
  return db.select().from(challenges).where(eq(challenges.is_enabled, true)).orderBy(asc(challenges.id));
}

/**
 * What a campaign offers, ordered by id: its offered challenges (offered.sql.ts) that are enabled.
 */
export async function listCampaignChallenges(db: Executor, campaignId: number): Promise<ChallengeRow[]> {
  return db
    .select()
    .from(challenges)
    .where(
      and(
        eq(challenges.is_enabled, true),
        challengeOffered(campaignId, challenges.id),
      ),
    )
    .orderBy(asc(challenges.id));
}

export async function findChallengeById(db: Executor, id: number): Promise<ChallengeRow | undefined> {
  if (id > MAX_SERIAL_ID) return undefined;
  const [row] = await db.select().from(challenges).where(eq(challenges.id, id));
  return row;
}

// Qualified by hand: inside a subquery Drizzle would render the outer column as a bare "id".
const pledgeCount = sql<number>`(select count(*) from ${pledges} p where p.challenge_id = "challenges"."id")`.mapWith(Number);

const columns = {
  id: challenges.id,
  name: challenges.name,
  landing_page_icon: challenges.landing_page_icon,
  icon: challenges.icon,
  unit: challenges.unit,
  description: challenges.description,
  hashtag: challenges.hashtag,
  hashtag_link: challenges.hashtag_link,
  kind: challenges.kind,
  is_enabled: challenges.is_enabled,
  pledge_count: pledgeCount,
};

export async function listAdminChallenges(db: Executor): Promise<AdminChallenge[]> {
  return db.select(columns).from(challenges).orderBy(asc(challenges.id));
}

export async function findAdminChallenge(db: Executor, id: number): Promise<AdminChallenge | undefined> {
  const [row] = await db.select(columns).from(challenges).where(eq(challenges.id, id));
  return row;
}

function valuesOf(input: ChallengeRequest) {
  // The landing page and the wizard draw the same icon.
  return { ...input, landing_page_icon: input.icon };
}

export async function insertChallenge(db: Executor, input: ChallengeRequest, slug: string): Promise<number> {
  const [row] = await db
    .insert(challenges)
    .values({ ...valuesOf(input), slug })
    .returning({ id: challenges.id });
  return row!.id;
}

export async function updateChallenge(db: Executor, id: number, input: ChallengeRequest): Promise<boolean> {
  const rows = await db.update(challenges).set(valuesOf(input)).where(eq(challenges.id, id)).returning({ id: challenges.id });
  return rows.length > 0;
}

export async function deleteChallenge(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(challenges).where(eq(challenges.id, id)).returning({ id: challenges.id });
  return rows.length > 0;
}

/** The narrowing rows of a campaign (empty lists: it offers every enabled one). */
export async function selectOffer(db: Executor, campaignId: number): Promise<CampaignOffer> {
  const [c, r] = await Promise.all([
    db.select({ id: campaignChallenges.challenge_id }).from(campaignChallenges).where(eq(campaignChallenges.campaign_id, campaignId)).orderBy(asc(campaignChallenges.challenge_id)),
    db.select({ id: campaignRecipients.recipient_id }).from(campaignRecipients).where(eq(campaignRecipients.campaign_id, campaignId)).orderBy(asc(campaignRecipients.recipient_id)),
  ]);
  return { challenge_ids: c.map((x) => x.id), recipient_ids: r.map((x) => x.id) };
}

/** Replaces the narrowing rows of a campaign (inside the caller's transaction). */
export async function replaceOffer(db: Executor, campaignId: number, offer: CampaignOffer): Promise<void> {
  await db.delete(campaignChallenges).where(eq(campaignChallenges.campaign_id, campaignId));
  await db.delete(campaignRecipients).where(eq(campaignRecipients.campaign_id, campaignId));
  if (offer.challenge_ids.length > 0) {
    await db.insert(campaignChallenges).values(offer.challenge_ids.map((challenge_id) => ({ campaign_id: campaignId, challenge_id })));
  }
  if (offer.recipient_ids.length > 0) {
    await db.insert(campaignRecipients).values(offer.recipient_ids.map((recipient_id) => ({ campaign_id: campaignId, recipient_id })));
  }
}

/** A campaign's id and country, for checking what it may offer (undefined when there is none). */
export async function findCampaignCountry(db: Executor, id: number): Promise<Pick<typeof campaigns.$inferSelect, 'id' | 'country'> | undefined> {
  const [row] = await db.select({ id: campaigns.id, country: campaigns.country }).from(campaigns).where(eq(campaigns.id, id));
  return row;
}

/** Which of these challenge ids exist (in no particular order). */
export async function selectExistingChallengeIds(db: Executor, ids: number[]): Promise<{ id: number }[]> {
  return db.select({ id: challenges.id }).from(challenges).where(inArray(challenges.id, ids));
}

/** Which of these charities exist, with their country (in no particular order). */
export async function selectRecipientCountries(db: Executor, ids: number[]): Promise<Pick<typeof recipients.$inferSelect, 'id' | 'country'>[]> {
  return db.select({ id: recipients.id, country: recipients.country }).from(recipients).where(inArray(recipients.id, ids));
}
