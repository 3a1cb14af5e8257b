import type { Challenge } from '@uplift/core/schemas/challenge';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignChallenges, challenges } from '../../db/schema.ts';
import { MAX_SERIAL_ID } from '../campaigns/campaigns.repository.ts';

type Executor = Pick<Db, 'select'>;
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
 * What a campaign offers, ordered by id: every enabled challenge, unless an admin narrowed the
 * campaign to some (rows in campaign_challenges), then those of them that are enabled.
 */
export async function listCampaignChallenges(db: Executor, campaignId: number): Promise<ChallengeRow[]> {
  return db
    .select()
    .from(challenges)
    .where(
      and(
        eq(challenges.is_enabled, true),
        sql`(not exists (select 1 from ${campaignChallenges} cc where cc.campaign_id = ${campaignId})
          or exists (select 1 from ${campaignChallenges} cc where cc.campaign_id = ${campaignId} and cc.challenge_id = ${challenges.id}))`,
      ),
    )
    .orderBy(asc(challenges.id));
}

export async function findChallengeById(db: Executor, id: number): Promise<ChallengeRow | undefined> {
  if (id > MAX_SERIAL_ID) return undefined;
  const [row] = await db.select().from(challenges).where(eq(challenges.id, id));
  return row;
}
