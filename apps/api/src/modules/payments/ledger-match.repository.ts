import type { CountryCode } from '@uplift/core/countries';
import { matchRelease, matchShare, type MatchRatio } from '@uplift/core/match';
import { asMinor, type Minor } from '@uplift/core/money';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { RefundRow } from './ledger-refunds.repository.ts';

// The ledger's match step (docs/product-rules.md §23, docs/decisions/160-match-funds.md): when a
// gift or pledge payment is received, in the receipt's own transaction, the best match that applies
// (page > team > charity > campaign, then the oldest) adds min(ratio × amount, what is left) as a
// match entry beside it. The match's row is locked FOR UPDATE before what is left is read, so two
// receipts of one match take turns and the matched sum never passes the cap by a cent; the table's
// check (matched <= cap) stands behind it. A succeeded refund releases the refunded share.

export type MatchKind = 'gift' | 'payment';

/** How good a fit a match is: the narrower, the better (page 0 … campaign 3). */
export const MATCH_LEVEL = (m: string) => `case ${m}.narrowed_to when 'page' then 0 when 'team' then 1 when 'charity' then 2 else 3 end`;

/**
 * The match aliased `m` applies now to a `kind` received in this campaign for this page, team and
 * charity (expressions of the caller's query). A match narrowed to a page or team that is gone
 * (its id set null) applies to nothing.
 */
export function matchAppliesText(m: string, on: { campaign: string; page: string; team: string; recipient: string; now: string }, kind: MatchKind): string {
  return `${m}.campaign_id = ${on.campaign} and ${m}.status = 'active'
      and ${m}.starts_at <= ${on.now} and ${m}.ends_at > ${on.now}
      and ${m}.applies_to in ('both', '${kind}s')
      and (${m}.narrowed_to = 'campaign'
           or (${m}.narrowed_to = 'charity' and ${m}.recipient_id = ${on.recipient})
           or (${m}.narrowed_to = 'team' and ${m}.team_id = ${on.team})
           or (${m}.narrowed_to = 'page' and ${m}.page_id = ${on.page}))`;
}

export type MatchEntry = { id: number; match_id: number; amount: Minor; sponsor_name: string };

type Locked = { id: number; ratio: MatchRatio; cap: number; matched: number; status: string; starts_at: Date | string; ends_at: Date | string; sponsor_name: string };

/**
 * Inside the gift's settlement transaction: the match entry of a gift just received, or undefined
 * when no match applies or every one that does is used up (the gift is taken as usual, matched 0).
 * Candidates are locked one at a time in the one order every receipt uses (fit, then id), so two
 * receipts never wait on each other in a circle.
 */
export async function matchGiftReceived(tx: Executor, giftId: number, now: Date): Promise<MatchEntry | undefined> {
  const at = now.toISOString();
  const { rows } = await tx.execute<{ id: number; amount: number; recipient_id: number; page_id: number | null }>(sql`
    select m.id, g.amount, g.recipient_id, g.page_id
      from gifts g
      cross join (select ${at}::timestamptz as now) q
      left join challenge_pages cp on cp.id = g.page_id
      join match_funds m on ${sql.raw(matchAppliesText('m', { campaign: 'g.campaign_id', page: 'g.page_id', team: 'cp.team_id', recipient: 'g.recipient_id', now: 'q.now' }, 'gift'))}
     where g.id = ${giftId} and m.matched < m.cap
       and not exists (select 1 from match_entries e where e.gift_id = g.id)
     order by ${sql.raw(MATCH_LEVEL('m'))}, m.id`);
  for (const candidate of rows) {
    const { rows: lockedRows } = await tx.execute<Locked>(
      sql`select id, ratio, cap, matched, status, starts_at, ends_at, sponsor_name from match_funds where id = ${candidate.id} for update`,
    );
    const m = lockedRows[0];
    // Paused, ended or edited while this receipt waited for the lock: it no longer applies.
    if (!m || m.status !== 'active' || new Date(m.starts_at) > now || new Date(m.ends_at) <= now) continue;
    const share = matchShare({ ratio: m.ratio, amount: asMinor(Number(candidate.amount)), left: asMinor(m.cap - m.matched) });
    if (share <= 0) continue;
    await tx.execute(sql`update match_funds set matched = matched + ${share}, updated_at = ${at}::timestamptz where id = ${m.id}`);
    const { rows: entry } = await tx.execute<{ id: number }>(sql`
      insert into match_entries (match_id, gift_id, recipient_id, page_id, base_amount, amount, created_at)
      values (${m.id}, ${giftId}, ${candidate.recipient_id}, ${candidate.page_id}, ${candidate.amount}, ${share}, ${at}::timestamptz)
      returning id`);
    return { id: entry[0]!.id, match_id: m.id, amount: share, sponsor_name: m.sponsor_name };
  }
  return undefined;
}

/**
 * The match step of a pledge payment, as common table expressions to follow the `updated` CTE of
 * the statement that records the payment's Success (recordOutcome, recordProviderEvent): one
 * statement, so the entry is written in the receipt's transaction even on the billing worker's
 * shared session. `updated` must return id, pledge_id and amount; `success` is when it succeeded;
 * `now` the parameter holding the time. The best match with room is locked (FOR UPDATE waits for a
 * concurrent receipt and then reads the row as it committed); its share is counted on that row.
 */
export function paymentMatchCtes(success: string, now: string): string {
  const at = `${now}::timestamptz`;
  return `
     , match_ctx as (
       select u.id as payment_id, u.amount, pl.campaign_id, pl.recipient_id, cp.id as page_id, cp.team_id
         from updated u
         join pledges pl on pl.id = u.pledge_id
         left join challenge_pages cp on cp.pledge_id = pl.id
        where ${success}
     ), match_pick as (
       select x.*, best.id as match_id
         from match_ctx x
         join lateral (
           select m.id from match_funds m
            where ${matchAppliesText('m', { campaign: 'x.campaign_id', page: 'x.page_id', team: 'x.team_id', recipient: 'x.recipient_id', now: at }, 'payment')}
              and m.matched < m.cap
              and not exists (select 1 from match_entries e where e.payment_id = x.payment_id)
            order by ${MATCH_LEVEL('m')}, m.id
            limit 1) best on true
     ), match_locked as (
       select m.id, p.payment_id, p.amount, p.recipient_id, p.page_id,
              greatest(least(m.ratio * p.amount, m.cap - m.matched), 0) as share
         from match_funds m
         join match_pick p on p.match_id = m.id
        where m.status = 'active' and m.starts_at <= ${at} and m.ends_at > ${at}
          for update of m
     ), match_bump as (
       update match_funds m set matched = m.matched + l.share, updated_at = ${at}
         from match_locked l where m.id = l.id and l.share > 0
     ), match_entry as (
       insert into match_entries (match_id, payment_id, recipient_id, page_id, base_amount, amount, created_at)
       select l.id, l.payment_id, l.recipient_id, l.page_id, l.amount, l.share, ${at}
         from match_locked l where l.share > 0
     )`;
}

/**
 * Inside the refund's settlement transaction: a succeeded refund of a matched gift or payment gives
 * back to the match's cap the refunded share of its entry (core matchRelease: all of it on a full
 * refund, a part refund's share rounded down, counted on every succeeded refund so far). Returns
 * what was released (0 when the gift or payment was not matched).
 */
export async function releaseMatchOfRefund(tx: Executor, refund: Pick<RefundRow, 'status' | 'gift_id' | 'payment_id'>, now: Date): Promise<Minor> {
  if (refund.status !== 'succeeded') return asMinor(0);
  const target = refund.gift_id !== null ? sql`e.gift_id = ${refund.gift_id}` : sql`e.payment_id = ${refund.payment_id}`;
  const { rows: found } = await tx.execute<{ match_id: number }>(sql`select e.match_id from match_entries e where ${target}`);
  if (!found[0]) return asMinor(0);
  // The match's row first, as every writer of it takes it, then the entry.
  await tx.execute(sql`select id from match_funds where id = ${found[0].match_id} for update`);
  const refundedOf = refund.gift_id !== null ? sql`r.gift_id = e.gift_id` : sql`r.payment_id = e.payment_id`;
  const { rows } = await tx.execute<{ id: number; amount: number; base_amount: number; released: number; refunded: number }>(sql`
    select e.id, e.amount, e.base_amount, e.released,
           coalesce((select sum(r.amount) from refunds r where ${refundedOf} and r.status = 'succeeded'), 0)::int as refunded
      from match_entries e where ${target} for update of e`);
  const e = rows[0]!;
  const release = matchRelease({ matched: asMinor(e.amount), amount: asMinor(e.base_amount), refunded: asMinor(Number(e.refunded)), released: asMinor(e.released) });
  if (release <= 0) return asMinor(0);
  await tx.execute(sql`update match_entries set released = released + ${release} where id = ${e.id}`);
  await tx.execute(sql`update match_funds set matched = matched - ${release}, updated_at = ${now.toISOString()}::timestamptz where id = ${found[0].match_id}`);
  return release;
}

export type MatchAlertClaim = { match_id: number; campaign_id: number; percent: 90 | 100; sponsor_name: string; campaign_name: string; country: CountryCode; cap: number; matched: number };

/**
 * Claims the alerts due: each match whose matched sum has reached 90 % (or 100 %) of its cap and
 * whose alert of that level was not claimed yet gets it stamped. One conditional UPDATE per level:
 * a second checker waits on the row, then finds it stamped, so each alert is claimed exactly once.
 */
export async function claimMatchAlerts(db: Executor, now: Date): Promise<MatchAlertClaim[]> {
  const claimed: MatchAlertClaim[] = [];
  for (const percent of [90, 100] as const) {
    const column = sql.raw(percent === 90 ? 'alerted_90_at' : 'alerted_100_at');
    const { rows } = await db.execute<Omit<MatchAlertClaim, 'percent'>>(sql`
      update match_funds m set ${column} = ${now.toISOString()}::timestamptz
        from campaigns c
       where c.id = m.campaign_id and m.${column} is null and m.matched::bigint * 100 >= m.cap::bigint * ${percent}
      returning m.id as match_id, m.campaign_id, m.sponsor_name, c.campaign_name, c.country, m.cap, m.matched`);
    claimed.push(...rows.map((r) => ({ ...r, percent })));
  }
  return claimed;
}
