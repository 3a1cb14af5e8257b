import type { CountryCode } from '@uplift/core/countries';
import type { MatchRatio } from '@uplift/core/match';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { MATCH_LEVEL, matchAppliesText } from './ledger-match.repository.ts';
import { LOGO_COLUMNS } from './match.repository.ts';

// The match figures the payments ledger publishes (docs/decisions/146 and 160): what matches added
// to pages and teams, the match a gift would get, and what one gift got. Other modules read match
// entries only through these.

export type BestMatchRow = {
  id: number;
  sponsor_name: string;
  sponsor_logo_url: string | null;
  sponsor_logo_width: number | null;
  sponsor_logo_height: number | null;
  sponsor_link: string | null;
  ratio: MatchRatio;
  cap: number;
  matched: number;
  ends_at: Date;
};

/**
 * The match a friend's gift made now would get: among the active matches that apply (page > team >
 * charity > campaign, then the oldest), the first with room left; when every one is used up, the
 * best of them (so the giver reads that it is used up); undefined when none applies. A team's read
 * passes no page and no charity.
 */
export async function bestGiftMatch(
  db: Executor,
  on: { campaignId: number; pageId: number | null; teamId: number | null; recipientId: number | null },
  now: Date,
): Promise<BestMatchRow | undefined> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select m.id, m.sponsor_name, ${sql.raw(LOGO_COLUMNS)}, m.sponsor_link, m.ratio, m.cap, m.matched, m.ends_at
      from (select ${on.campaignId}::int as campaign_id, ${on.pageId}::int as page_id, ${on.teamId}::int as team_id,
                   ${on.recipientId}::int as recipient_id, ${now.toISOString()}::timestamptz as now) q
      join match_funds m on ${sql.raw(matchAppliesText('m', { campaign: 'q.campaign_id', page: 'q.page_id', team: 'q.team_id', recipient: 'q.recipient_id', now: 'q.now' }, 'gift'))}
      left join match_logos l on l.match_id = m.id
     order by (m.matched < m.cap) desc, ${sql.raw(MATCH_LEVEL('m'))}, m.id
     limit 1`);
  const row = rows[0];
  if (!row) return undefined;
  return { ...(row as BestMatchRow), ends_at: row.ends_at instanceof Date ? row.ends_at : new Date(String(row.ends_at)) };
}

/** What matches added to each of these pages, net of releases (pages without a match: 0). */
export async function matchedOfPages(db: Executor, pageIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(pageIds.map((id) => [id, 0]));
  if (pageIds.length === 0) return out;
  const { rows } = await db.execute<{ page_id: number; matched: number }>(sql`
    select e.page_id, sum(e.amount - e.released)::int as matched
      from match_entries e
     where e.page_id in (select unnest(${`{${pageIds.join(',')}}`}::int[]))
     group by e.page_id`);
  for (const r of rows) out.set(r.page_id, Number(r.matched));
  return out;
}

/** What a match added to one gift (net of releases) and whose it was; 0 and null when none. */
export async function matchOfGift(db: Executor, giftId: number): Promise<{ matched: number; sponsor: string | null }> {
  const { rows } = await db.execute<{ matched: number; sponsor_name: string }>(sql`
    select (e.amount - e.released)::int as matched, m.sponsor_name
      from match_entries e join match_funds m on m.id = e.match_id where e.gift_id = ${giftId}`);
  return rows[0] ? { matched: Number(rows[0].matched), sponsor: rows[0].sponsor_name } : { matched: 0, sponsor: null };
}

export type MatchedRow = {
  country: CountryCode;
  receipt_number: string | null;
  received_at: Date;
  page_slug: string | null;
  recipient_name: string;
  base_amount: number;
  matched: number;
};

/**
 * The sponsor's statement of one match, oldest first: each matched gift or payment's receipt
 * number, when it was received, the page, the charity, the amount and what the match added net of
 * releases. No giver's name or email.
 */
export async function matchedEntries(db: Executor, matchId: number): Promise<MatchedRow[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select c.country, coalesce(g.receipt_number, p.receipt_number) as receipt_number, e.created_at as received_at,
           cp.slug as page_slug, r.recipient_name, e.base_amount, (e.amount - e.released)::int as matched
      from match_entries e
      join match_funds m on m.id = e.match_id
      join campaigns c on c.id = m.campaign_id
      join recipients r on r.id = e.recipient_id
      left join gifts g on g.id = e.gift_id
      left join payments p on p.id = e.payment_id
      left join challenge_pages cp on cp.id = e.page_id
     where e.match_id = ${matchId}
     order by e.created_at, e.id`);
  return rows.map((r) => ({ ...(r as MatchedRow), received_at: r.received_at instanceof Date ? r.received_at : new Date(String(r.received_at)) }));
}

/**
 * What sponsors' matches added in a campaign, net of releases (minor units): the landing's
 * "matched" line beside friends' gifts, apart from the pledge totals (product-rules §23).
 */
export async function campaignMatched(db: Pick<Executor, 'execute'>, campaignId: number): Promise<number> {
  const { rows } = await db.execute<{ matched: number }>(sql`
    select coalesce(sum(e.amount - e.released), 0)::float8 as matched
      from match_entries e join match_funds m on m.id = e.match_id
     where m.campaign_id = ${campaignId}`);
  return Number(rows[0]?.matched ?? 0);
}

/**
 * What matches added to the challenge page aliased `page`, net of releases, as a scalar subquery
 * (bigint): the page's `raised.matched`, apart from its total (product-rules §23).
 */
export function pageMatched(page: string): SQL {
  return sql.raw(`(select coalesce(sum(e.amount - e.released), 0) from match_entries e where e.page_id = ${page}.id)::bigint`);
}
