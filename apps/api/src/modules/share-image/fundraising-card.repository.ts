import type { CountryCode } from '@uplift/core/countries';
import { asMinor } from '@uplift/core/money';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageIsPublic, teamIsPublic, teamMemberIsShown } from '../challenge-pages/index.ts';
import { pageRaised } from '../payments/index.ts';
import type { FundraisingCardFigures } from './fundraising-card.text.ts';

// The reads behind page and team preview cards and the sitemap (docs/decisions/143). Tables of
// challenge-pages, read here (any module may read); what is public is challenge-pages' rule and
// every raised figure the ledger's pageRaised() (docs/decisions/146).

const PUBLIC_PAGE = pageIsPublic('cp');
const PUBLIC_TEAM = teamIsPublic('t');

/** A public page's card figures: its name, challenge and charity (from its pledge), raised and goal; undefined when not public. */
export async function findPageCardFigures(db: Executor, slug: string): Promise<FundraisingCardFigures | undefined> {
  const { rows } = await db.execute<{ display_name: string; goal: number; country: CountryCode; challenge_name: string; charity_name: string; raised: string }>(sql`
    select cp.display_name, cp.goal, c.country, ch.name as challenge_name, r.recipient_name as charity_name,
           raised.total as raised
      from challenge_pages cp
      join campaigns c on c.id = cp.campaign_id
      join pledges pl on pl.id = cp.pledge_id
      join challenges ch on ch.id = pl.challenge_id
      join recipients r on r.id = pl.recipient_id
     cross join lateral (${pageRaised('cp')}) raised
     where cp.slug = ${slug} and ${PUBLIC_PAGE}`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    kind: 'page',
    country: row.country,
    displayName: row.display_name,
    challengeName: row.challenge_name,
    charityName: row.charity_name,
    raisedMinor: asMinor(Number(row.raised)),
    goalMinor: asMinor(row.goal),
  };
}

/**
 * A public team's card figures: its name, campaign, and its members' pageRaised summed, against
 * the sum of their goals. Only its shown (public) member pages count, as the team page counts them
 * (teamMemberIsShown, docs/decisions/154).
 */
export async function findTeamCardFigures(db: Executor, slug: string): Promise<FundraisingCardFigures | undefined> {
  const { rows } = await db.execute<{ name: string; country: CountryCode; campaign_name: string; members: number; goal: string; raised: string }>(sql`
    select t.name, c.country, c.campaign_name, count(cp.id)::int as members,
           coalesce(sum(cp.goal), 0)::bigint as goal, coalesce(sum(raised.total), 0)::bigint as raised
      from teams t
      join campaigns c on c.id = t.campaign_id
      left join challenge_pages cp on cp.team_id = t.id and ${teamMemberIsShown('cp')}
      left join lateral (${pageRaised('cp')}) raised on true
     where t.slug = ${slug} and ${PUBLIC_TEAM}
     group by t.id, c.id`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    kind: 'team',
    country: row.country,
    teamName: row.name,
    campaignName: row.campaign_name,
    members: row.members,
    raisedMinor: asMinor(Number(row.raised)),
    goalMinor: asMinor(Number(row.goal)),
  };
}

/** How many public pages and teams there are (the sitemap's size). */
export async function countPublicFundraisingPaths(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select ((select count(*) from challenge_pages cp where ${PUBLIC_PAGE}) + (select count(*) from teams t where ${PUBLIC_TEAM}))::int as n`);
  return rows[0]!.n;
}

/** Public pages (`/p/{slug}`, oldest first) then public teams (`/t/{slug}`), `limit` of them from `offset`. */
export async function listPublicFundraisingPaths(db: Executor, offset: number, limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ path: string }>(sql`
    select path from (
      select 0 as kind, cp.id, '/p/' || cp.slug as path from challenge_pages cp where ${PUBLIC_PAGE}
      union all
      select 1 as kind, t.id, '/t/' || t.slug as path from teams t where ${PUBLIC_TEAM}
    ) public_paths
     order by kind, id
    offset ${offset} limit ${limit}`);
  return rows.map((r) => r.path);
}
