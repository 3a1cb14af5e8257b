import type { CountryCode } from '@uplift/core/countries';
import { LEADERBOARD_SIZE, type LeaderboardResponse } from '@uplift/core/schemas/leaderboard';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { requireClosestCampaign } from '../campaigns/index.ts';
import { selectTopPages, selectTopTeams } from './leaderboard.repository.ts';

// Leaderboards of a country's open campaign (docs/decisions/140-leaderboards.md).

/** How long an instance reuses a country's leaderboard, as the totals do (docs/decisions/140-leaderboards.md). */
export const LEADERBOARD_TTL_MS = 5_000;

/** "Sam K.": the account's first name and the initial of its last name (never the page's free display name). */
export function leaderboardName(first: string, last: string): string {
  const initial = [...last.trim()][0];
  return initial ? `${first.trim()} ${initial.toLocaleUpperCase('en')}.` : first.trim();
}

export async function computeLeaderboard(db: Db, country: CountryCode, now: Date): Promise<LeaderboardResponse> {
  const campaign = await requireClosestCampaign(db, country, now);
  const [pages, teams] = await Promise.all([selectTopPages(db, campaign.id, LEADERBOARD_SIZE), selectTopTeams(db, campaign.id, LEADERBOARD_SIZE)]);
  return {
    country,
    campaign_id: campaign.id,
    pages: pages.map((p, i) => ({ rank: i + 1, name: leaderboardName(p.first_name, p.last_name), slug: p.slug, raised: p.raised, matched: p.matched })),
    teams: teams.map((t, i) => ({ rank: i + 1, name: t.name, slug: t.slug, raised: t.raised, members: t.members, matched: t.matched })),
  };
}

/**
 * Per country, the leaderboard read at most once per LEADERBOARD_TTL_MS per instance, with one
 * load shared by every request that arrives while it runs. A failed load is not kept.
 */
export function createLeaderboardCache(deps: { db: Db; clock: Clock }) {
  const entries = new Map<CountryCode, { at: number; value: Promise<LeaderboardResponse> }>();
  return (country: CountryCode): Promise<LeaderboardResponse> => {
    const now = deps.clock.now().getTime();
    const hit = entries.get(country);
    if (hit && now - hit.at >= 0 && now - hit.at < LEADERBOARD_TTL_MS) return hit.value;
    const value = computeLeaderboard(deps.db, country, deps.clock.now());
    entries.set(country, { at: now, value });
    value.catch(() => {
      if (entries.get(country)?.value === value) entries.delete(country);
    });
    return value;
  };
}
