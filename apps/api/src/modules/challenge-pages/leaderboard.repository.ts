import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageMatched, pageRaised } from '../payments/index.ts';
import { pageIsPublic, teamIsPublic, teamMemberIsShown } from './public.sql.ts';

// The leaderboards' queries (docs/decisions/140-leaderboards.md). What a page raised is the
// ledger's pageRaised().total (docs/decisions/146, 161: money received, never an unpaid pledge) and nothing else; a team's
// figure is the sum of its members'. What sponsors' matches added (`matched`) is read beside it, never
// in it, and does not rank (product-rules §23).

export type LeaderboardPageRow = { first_name: string; last_name: string; slug: string; raised: number; matched: number };
export type LeaderboardTeamRow = { name: string; slug: string; raised: number; members: number; matched: number };

/**
 * A page is listed when its owner chose the leaderboard, it is published and an admin has not
 * hidden it (the partial index challenge_pages_leaderboard_idx holds exactly those), and its
 * owner's account is not erased. Most raised first; a tie goes to the page made first.
 */
export async function selectTopPages(db: Executor, campaignId: number, limit: number): Promise<LeaderboardPageRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select u.first_name, u.last_name, cp.slug, raised.total as raised, ${pageMatched('cp')} as matched
      from challenge_pages cp
      join users u on u.id = cp.user_id and u.erased_at is null
      cross join lateral (${pageRaised('cp')}) raised
     where cp.campaign_id = ${campaignId} and cp.on_leaderboard and ${pageIsPublic('cp')}
     order by 4 desc, cp.id asc
     limit ${limit}
  `);
  return result.rows.map((r) => ({ first_name: String(r.first_name), last_name: String(r.last_name), slug: String(r.slug), raised: Number(r.raised), matched: Number(r.matched) }));
}

/**
 * A team is listed when an admin has not hidden it and at least one member page is listed on the
 * page leaderboard (opted in, published, not hidden). Its figure is the sum over ALL its public
 * member pages (published, not hidden), opted in or not, as its own page shows it; `members`
 * counts those pages. Most raised first; a tie goes to the team made first.
 */
export async function selectTopTeams(db: Executor, campaignId: number, limit: number): Promise<LeaderboardTeamRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select t.name, t.slug, sum(raised.total)::bigint as raised, count(*)::int as members, sum(${pageMatched('cp')})::bigint as matched
      from teams t
      join challenge_pages cp on cp.team_id = t.id and ${teamMemberIsShown('cp')}
      cross join lateral (${pageRaised('cp')}) raised
     where t.campaign_id = ${campaignId} and ${teamIsPublic('t')}
     group by t.id
    having bool_or(cp.on_leaderboard)
     order by 3 desc, t.id asc
     limit ${limit}
  `);
  return result.rows.map((r) => ({ name: String(r.name), slug: String(r.slug), raised: Number(r.raised), members: Number(r.members), matched: Number(r.matched) }));
}
