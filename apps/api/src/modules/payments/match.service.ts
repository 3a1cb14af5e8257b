import { asMinor, formatMoney } from '@uplift/core/money';
import type { AdminMatch, MatchCreateParsed, MatchUpdateParsed, PublicMatch } from '@uplift/core/schemas/match';
import type { AdminAuditEntry } from '@uplift/core/schemas/admin';
import type { Db, Executor } from '../../db/client.ts';
import { claimMatchAlerts, type MatchAlertClaim } from './ledger-match.repository.ts';
import { bestGiftMatch, type BestMatchRow } from './match-figures.sql.ts';
import * as repo from './match.repository.ts';
import { paymentErrors } from './payments.errors.ts';

// Match funds as admins run them and givers see them (docs/product-rules.md §23,
// docs/decisions/160-match-funds.md). The ledger's match step is ledger-match.repository.ts.

export type { MatchAlertClaim };

type Owed = AdminMatch['owed'];

function publicOf(m: BestMatchRow): PublicMatch {
  return {
    id: m.id,
    sponsor_name: m.sponsor_name,
    sponsor_logo_url: m.sponsor_logo_url,
    sponsor_logo_width: m.sponsor_logo_width,
    sponsor_logo_height: m.sponsor_logo_height,
    sponsor_link: m.sponsor_link,
    ratio: m.ratio,
    cap_minor: m.cap,
    matched_minor: m.matched,
    left_minor: Math.max(0, m.cap - m.matched),
    ends_at: m.ends_at.toISOString(),
  };
}

function adminOf(m: repo.MatchRow, owed: Owed): AdminMatch {
  return {
    ...publicOf(m),
    campaign_id: m.campaign_id,
    starts_at: m.starts_at.toISOString(),
    applies_to: m.applies_to,
    recipient_id: m.recipient_id,
    team_id: m.team_id,
    page_id: m.page_id,
    narrowed_to: m.narrowed_to,
    narrowed_name: m.narrowed_name,
    narrowed_path: m.narrowed_path,
    status: m.status,
    created_at: m.created_at.toISOString(),
    owed,
  };
}

async function withOwed(db: Executor, rows: repo.MatchRow[]): Promise<AdminMatch[]> {
  const owed = await repo.selectOwed(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((m) => adminOf(m, owed.filter((o) => o.match_id === m.id).map(({ recipient_id, recipient_name, owed: minor }) => ({ recipient_id, recipient_name, owed_minor: minor }))));
}

/** GET /api/admin/campaigns/{id}/matches: every match of the campaign, oldest first, with what it owes each charity. */
export async function listMatches(db: Executor, campaignId: number): Promise<AdminMatch[]> {
  if (!(await repo.campaignExists(db, campaignId))) throw paymentErrors.matchCampaignNotFound();
  return withOwed(db, await repo.selectMatchesOfCampaign(db, campaignId));
}

/** One match as the admin reads it (404 when there is none). */
export async function getMatch(db: Executor, id: number): Promise<AdminMatch> {
  const row = await repo.selectMatch(db, id);
  if (!row) throw paymentErrors.matchNotFound();
  return (await withOwed(db, [row]))[0]!;
}

/** POST /api/admin/campaigns/{id}/matches (inside the audited transaction). */
export async function createMatch(tx: Executor, campaignId: number, input: MatchCreateParsed, now: Date): Promise<AdminMatch> {
  if (!(await repo.campaignExists(tx, campaignId))) throw paymentErrors.matchCampaignNotFound();
  const narrowing = await repo.findNarrowing(tx, campaignId, input);
  if (!narrowing) throw paymentErrors.matchNarrowingNotFound();
  const id = await repo.insertMatch(tx, {
    campaign_id: campaignId,
    sponsor_name: input.sponsor_name,
    sponsor_link: input.sponsor_link ?? null,
    ratio: input.ratio,
    cap: asMinor(input.cap_minor),
    applies_to: input.applies_to,
    ...narrowing,
    starts_at: new Date(input.starts_at),
    ends_at: new Date(input.ends_at),
    created_at: now,
    updated_at: now,
  });
  return getMatch(tx, id);
}

/** The audit action an edit is: a status change names itself, anything else is an edit. */
export function matchAuditAction(before: AdminMatch, change: MatchUpdateParsed): AdminAuditEntry['action'] {
  if (change.status === 'ended' && before.status !== 'ended') return 'match.end';
  if (change.status === 'paused' && before.status !== 'paused') return 'match.pause';
  if (change.status === 'active' && before.status === 'paused') return 'match.resume';
  return 'match.edit';
}

/**
 * PATCH /api/admin/matches/{id} (inside the audited transaction): the match's row is locked as the
 * match step locks it, so a cap is checked against what is matched at that moment: raised freely,
 * lowered no lower than what is matched (409 match.cap_below_matched). An ended match stays ended.
 */
export async function updateMatch(tx: Executor, id: number, change: MatchUpdateParsed, now: Date): Promise<{ before: AdminMatch; after: AdminMatch }> {
  const locked = await repo.selectMatch(tx, id, true);
  if (!locked) throw paymentErrors.matchNotFound();
  const before = (await withOwed(tx, [locked]))[0]!;
  if (locked.status === 'ended') throw paymentErrors.matchEnded();
  if (change.cap_minor !== undefined && change.cap_minor < locked.matched) {
    throw paymentErrors.matchCapBelowMatched({ matched: formatMoney(asMinor(locked.matched), locked.country) });
  }
  const endsAt = change.ends_at === undefined ? undefined : new Date(change.ends_at);
  if (endsAt && endsAt <= locked.starts_at) throw paymentErrors.matchEndsBeforeStart();
  await repo.updateMatch(
    tx,
    id,
    {
      sponsor_name: change.sponsor_name,
      sponsor_link: change.sponsor_link,
      cap: change.cap_minor === undefined ? undefined : asMinor(change.cap_minor),
      ends_at: endsAt,
      status: change.status,
    },
    now,
  );
  return { before, after: await getMatch(tx, id) };
}

/** The match a gift on this page (or, with no page and charity, through this team) would get now, or null. */
export async function giftMatchFor(db: Executor, on: { campaignId: number; pageId: number | null; teamId: number | null; recipientId: number | null }, now: Date): Promise<PublicMatch | null> {
  const best = await bestGiftMatch(db, on, now);
  return best ? publicOf(best) : null;
}

/** The match alerts due now, each claimed exactly once (the system module's alert check mails them). */
export async function dueMatchAlerts(db: Db, now: Date): Promise<MatchAlertClaim[]> {
  return claimMatchAlerts(db, now);
}
