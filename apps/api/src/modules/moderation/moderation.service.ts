import type { AdminReport, ModerationChangeRequest, ReportRequest } from '@uplift/core/schemas/moderation';
import type { Db, Executor } from '../../db/client.ts';
import { withAudit } from '../audit/index.ts';
import { setPageModeration, setTeamModeration } from '../challenge-pages/index.ts';
import { setGiftMessageModeration } from '../gifts/index.ts';
import { moderationErrors } from './moderation.errors.ts';
import * as repo from './moderation.repository.ts';

// Reports and the admins' hiding (docs/decisions/141-moderation.md). Hiding keeps the row: what
// is hidden can be shown again. Every admin action here is audited by its route.

/** How many reports the admin list shows at most. */
export const REPORT_LIST_LIMIT = 200;

/** Files a report of something the public can see; 404 naming the field when there is no such thing. */
export async function fileReport(db: Db, input: ReportRequest, now: Date): Promise<number> {
  const reason = input.reason.trim();
  if (input.subject === 'page') {
    const page = await repo.findPublicPage(db, input.slug!);
    if (!page) throw moderationErrors.pageNotFound();
    return repo.insertReport(db, { subject: 'page', page_id: page.id, reason, created_at: now });
  }
  if (input.subject === 'team') {
    const team = await repo.findPublicTeam(db, input.slug!);
    if (!team) throw moderationErrors.teamNotFound();
    return repo.insertReport(db, { subject: 'team', team_id: team.id, reason, created_at: now });
  }
  const message = await repo.findPublicMessage(db, input.gift_id!);
  if (!message) throw moderationErrors.messageNotFound();
  return repo.insertReport(db, { subject: 'message', gift_id: message.id, page_id: message.page_id, reason, created_at: now });
}

export async function listReports(db: Db): Promise<AdminReport[]> {
  const rows = await repo.selectReports(db, REPORT_LIST_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    reason: r.reason,
    created_at: r.created_at.toISOString(),
    resolved_at: r.resolved_at ? r.resolved_at.toISOString() : null,
    resolution: r.resolution,
    page: r.page_slug !== null && r.page_name !== null ? { slug: r.page_slug, display_name: r.page_name, hidden: r.page_hidden } : null,
    team: r.team_slug !== null && r.team_name !== null ? { slug: r.team_slug, name: r.team_name, hidden: r.team_hidden } : null,
    gift: r.gift_id !== null && r.gift_message !== null ? { id: r.gift_id, message: r.gift_message, hidden: r.gift_hidden } : null,
  }));
}

/** Hides what a report is about (a page, a team, or a gift's message). */
async function hideSubject(db: Executor, report: repo.ReportRow): Promise<string> {
  if (report.subject === 'page') {
    await setPageModeration(db, report.page_id!, { hidden: true });
    return `page ${report.page_id}`;
  }
  if (report.subject === 'team') {
    await setTeamModeration(db, report.team_id!, { hidden: true });
    return `team ${report.team_id}`;
  }
  await setGiftMessageModeration(db, report.gift_id!, true);
  return `gift ${report.gift_id}`;
}

/** Resolves a report: 'hide' hides what was reported (and closes its other open reports), 'dismiss' closes this one. */
export async function resolveReport(tx: Db, id: number, action: 'hide' | 'dismiss', adminId: number, now: Date) {
  const report = await repo.lockReport(tx, id);
  if (!report) throw moderationErrors.reportNotFound({ id });
  if (report.resolution) throw moderationErrors.alreadyResolved({ id, resolution: report.resolution });
  const resolution: 'hidden' | 'dismissed' = action === 'hide' ? 'hidden' : 'dismissed';
  const what = action === 'hide' ? await hideSubject(tx, report) : `${report.subject}`;
  const resolved = await repo.resolveReports(tx, report, resolution, adminId, now);
  const result = { id, resolution, resolved_report_ids: resolved };
  return withAudit(result, {
    action: action === 'hide' ? 'report.hide' : 'report.dismiss',
    target: action === 'hide' ? `report ${id}, ${what}` : `report ${id}`,
    before: { subject: report.subject, reason: report.reason, resolution: null },
    after: { resolution, resolved_report_ids: resolved },
  });
}

const state = (row: { moderated_at: Date | null; photo_moderated_at: Date | null }) => ({ hidden: row.moderated_at !== null, photo_hidden: row.photo_moderated_at !== null });

/** An admin hides or shows a page and/or its photo. */
export async function moderatePage(tx: Db, slug: string, change: ModerationChangeRequest) {
  const before = await repo.findPageForAdmin(tx, slug);
  if (!before) throw moderationErrors.pageNotFound();
  await setPageModeration(tx, before.id, { hidden: change.hidden, photoHidden: change.photo_hidden });
  const after = state((await repo.findPageForAdmin(tx, slug))!);
  return withAudit(after, { action: 'page.moderate', target: `page ${before.id} (${slug})`, before: state(before), after });
}

/** An admin hides or shows a team and/or its photo. */
export async function moderateTeam(tx: Db, slug: string, change: ModerationChangeRequest) {
  const before = await repo.findTeamForAdmin(tx, slug);
  if (!before) throw moderationErrors.teamNotFound();
  await setTeamModeration(tx, before.id, { hidden: change.hidden, photoHidden: change.photo_hidden });
  const after = state((await repo.findTeamForAdmin(tx, slug))!);
  return withAudit(after, { action: 'team.moderate', target: `team ${before.id} (${slug})`, before: state(before), after });
}

/** An admin hides or shows a gift's message. */
export async function moderateGiftMessage(tx: Db, giftId: number, hidden: boolean) {
  const before = await repo.findGiftForAdmin(tx, giftId);
  if (!before) throw moderationErrors.messageNotFound();
  await setGiftMessageModeration(tx, giftId, hidden);
  const after = { message_hidden: hidden };
  return withAudit(after, { action: 'gift.moderate', target: `gift ${giftId}`, before: { message_hidden: before.message_moderated_at !== null }, after });
}
