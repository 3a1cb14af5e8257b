import type { MatchAppliesTo, MatchRatio, MatchStatus } from '@uplift/core/match';
import type { CountryCode } from '@uplift/core/countries';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { matchFunds } from '../../db/schema.ts';

// Match funds as admins make and change them (docs/decisions/160-match-funds.md). The rows are the
// payments ledger's: the match step (ledger-match.repository.ts) moves `matched`, admins everything
// else, both under the row's lock.

export type MatchRow = {
  id: number;
  campaign_id: number;
  country: CountryCode;
  sponsor_name: string;
  sponsor_logo_url: string | null;
  sponsor_logo_width: number | null;
  sponsor_logo_height: number | null;
  sponsor_link: string | null;
  ratio: MatchRatio;
  cap: number;
  matched: number;
  applies_to: MatchAppliesTo;
  narrowed_to: 'campaign' | 'charity' | 'team' | 'page';
  recipient_id: number | null;
  team_id: number | null;
  page_id: number | null;
  /** The charity's, team's or page's name; null for the whole campaign or a team or page since deleted. */
  narrowed_name: string | null;
  /** /t/{slug} or /p/{slug} for a team or page; null otherwise. */
  narrowed_path: string | null;
  status: MatchStatus;
  starts_at: Date;
  ends_at: Date;
  created_at: Date;
};

/**
 * The stored logo's address and pixels (decision 169), for a query that left-joins match_logos `l`
 * to match_funds `m`: the address carries the logo's hash, so a new logo is a new address.
 */
export const LOGO_COLUMNS = `case when l.match_id is null then null else '/api/matches/' || m.id || '/logo?v=' || left(l.sha256, 16) end as sponsor_logo_url,
         l.width as sponsor_logo_width, l.height as sponsor_logo_height`;

// The narrowing by name and address: the admin's list reads "Fast Five (/t/fast-five)", not "team 3".
const MATCH_SELECT = sql`
  select m.id, m.campaign_id, c.country, m.sponsor_name, ${sql.raw(LOGO_COLUMNS)}, m.sponsor_link, m.ratio, m.cap, m.matched,
         m.applies_to, m.narrowed_to, m.recipient_id, m.team_id, m.page_id, m.status, m.starts_at, m.ends_at, m.created_at,
         coalesce(r.recipient_name, t.name, p.display_name) as narrowed_name,
         case when t.id is not null then '/t/' || t.slug when p.id is not null then '/p/' || p.slug end as narrowed_path
    from match_funds m join campaigns c on c.id = m.campaign_id
    left join match_logos l on l.match_id = m.id
    left join recipients r on r.id = m.recipient_id
    left join teams t on t.id = m.team_id
    left join challenge_pages p on p.id = m.page_id`;

const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const rowOf = (r: Record<string, unknown>): MatchRow => ({
  ...(r as MatchRow),
  starts_at: toDate(r.starts_at),
  ends_at: toDate(r.ends_at),
  created_at: toDate(r.created_at),
});

export async function selectMatchesOfCampaign(db: Executor, campaignId: number): Promise<MatchRow[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`${MATCH_SELECT} where m.campaign_id = ${campaignId} order by m.id`);
  return rows.map(rowOf);
}

/** One match; `lock` takes its row FOR UPDATE (the match step's lock: an edit and a receipt take turns). */
export async function selectMatch(db: Executor, id: number, lock = false): Promise<MatchRow | undefined> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`${MATCH_SELECT} where m.id = ${id} ${lock ? sql`for update of m` : sql``}`);
  return rows[0] ? rowOf(rows[0]) : undefined;
}

/** What each match owes each charity: its entries net of what refunds released, by charity. */
export async function selectOwed(db: Executor, matchIds: number[]): Promise<{ match_id: number; recipient_id: number; recipient_name: string; owed: number }[]> {
  if (matchIds.length === 0) return [];
  const { rows } = await db.execute<{ match_id: number; recipient_id: number; recipient_name: string; owed: number }>(sql`
    select e.match_id, e.recipient_id, r.recipient_name, sum(e.amount - e.released)::int as owed
      from match_entries e join recipients r on r.id = e.recipient_id
     where e.match_id in (select unnest(${`{${matchIds.join(',')}}`}::int[]))
     group by e.match_id, e.recipient_id, r.recipient_name
    having sum(e.amount - e.released) > 0
     order by e.match_id, r.recipient_name, e.recipient_id`);
  return rows;
}

export async function campaignExists(db: Executor, campaignId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from campaigns where id = ${campaignId}`);
  return rows.length > 0;
}

/** The narrowing named in a request, as ids in this campaign: undefined when it names nothing there. */
export async function findNarrowing(
  db: Executor,
  campaignId: number,
  by: { recipient_id?: number | undefined; team_slug?: string | undefined; page_slug?: string | undefined },
): Promise<{ narrowed_to: MatchRow['narrowed_to']; recipient_id: number | null; team_id: number | null; page_id: number | null } | undefined> {
  if (by.recipient_id !== undefined) {
    const { rows } = await db.execute(sql`select 1 from recipients r join campaigns c on c.id = ${campaignId} where r.id = ${by.recipient_id} and r.country = c.country`);
    return rows.length ? { narrowed_to: 'charity', recipient_id: by.recipient_id, team_id: null, page_id: null } : undefined;
  }
  if (by.team_slug !== undefined) {
    const { rows } = await db.execute<{ id: number }>(sql`select id from teams where slug = ${by.team_slug} and campaign_id = ${campaignId}`);
    return rows[0] ? { narrowed_to: 'team', recipient_id: null, team_id: rows[0].id, page_id: null } : undefined;
  }
  if (by.page_slug !== undefined) {
    const { rows } = await db.execute<{ id: number }>(sql`select id from challenge_pages where slug = ${by.page_slug} and campaign_id = ${campaignId}`);
    return rows[0] ? { narrowed_to: 'page', recipient_id: null, team_id: null, page_id: rows[0].id } : undefined;
  }
  return { narrowed_to: 'campaign', recipient_id: null, team_id: null, page_id: null };
}

export async function insertMatch(db: Executor, values: typeof matchFunds.$inferInsert): Promise<number> {
  const [row] = await db.insert(matchFunds).values(values).returning({ id: matchFunds.id });
  return row!.id;
}

export type MatchChange = Partial<Pick<typeof matchFunds.$inferInsert, 'sponsor_name' | 'sponsor_link' | 'cap' | 'ends_at' | 'status'>>;

/**
 * Writes an edit of a match whose row the caller holds locked. A new cap clears an alert stamp the
 * new cap is no longer past, so a raised cap warns again at its own 90 % and 100 %.
 */
export async function updateMatch(db: Executor, id: number, change: MatchChange, now: Date): Promise<void> {
  const sets = [sql`updated_at = ${now.toISOString()}::timestamptz`];
  if (change.sponsor_name !== undefined) sets.push(sql`sponsor_name = ${change.sponsor_name}`);
  if (change.sponsor_link !== undefined) sets.push(sql`sponsor_link = ${change.sponsor_link}`);
  if (change.ends_at !== undefined) sets.push(sql`ends_at = ${change.ends_at.toISOString()}::timestamptz`);
  if (change.status !== undefined) sets.push(sql`status = ${change.status}`);
  if (change.cap !== undefined) {
    sets.push(sql`cap = ${change.cap}`);
    sets.push(sql`alerted_90_at = case when matched::bigint * 100 >= ${change.cap}::bigint * 90 then alerted_90_at end`);
    sets.push(sql`alerted_100_at = case when matched >= ${change.cap} then alerted_100_at end`);
  }
  await db.execute(sql`update match_funds set ${sql.join(sets, sql`, `)} where id = ${id}`);
}
