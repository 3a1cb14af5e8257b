import type { AdminReport, GiftModerationRequest, ModerationChangeRequest, ReportAction, ReportRequest } from '@uplift/core/schemas/moderation';
import type { Db, Executor } from '../../db/client.ts';
import { withAudit } from '../audit/index.ts';
import {
  fundraisingPhotoUrl,
  type ModerationRecipient,
  pageModerationRecipient,
  setPageModeration,
  setTeamModeration,
  setUpdateModeration,
  teamModerationRecipient,
} from '../challenge-pages/index.ts';
import { setGiftMessageModeration } from '../gifts/index.ts';
import type { Mailer } from '../mail/index.ts';
import { moderationErrors } from './moderation.errors.ts';
import { addressOf, type HiddenPart, moderationNoticeMail } from './moderation.mails.ts';
import * as repo from './moderation.repository.ts';

// Reports and the admins' hiding (docs/decisions/141-moderation.md, 159, 173). Hiding keeps the row:
// what is hidden can be shown again. Every admin action here is audited by its route, and every
// hide mails the owner (a team's captain) the admin's reason once the action is committed.

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
  if (input.subject === 'update') {
    const update = await repo.findShownUpdate(db, input.update_id!);
    if (!update) throw moderationErrors.updateNotFound();
    return repo.insertReport(db, { subject: 'update', update_id: update.id, page_id: update.page_id, reason, created_at: now });
  }
  const message = await repo.findPublicMessage(db, input.gift_id!);
  if (!message) throw moderationErrors.messageNotFound();
  return repo.insertReport(db, { subject: 'message', gift_id: message.id, page_id: message.page_id, reason, created_at: now });
}

export async function listReports(db: Db): Promise<AdminReport[]> {
  const rows = await repo.selectReports(db, REPORT_LIST_LIMIT);
  return rows.map((r) => {
    const page = r.page_slug !== null && r.page_name !== null ? { slug: r.page_slug, display_name: r.page_name, hidden: r.page_hidden, photo_hidden: r.page_photo_hidden, story_hidden: r.page_story_hidden } : null;
    const team = r.team_slug !== null && r.team_name !== null ? { slug: r.team_slug, name: r.team_name, hidden: r.team_hidden, photo_hidden: r.team_photo_hidden, story_hidden: r.team_story_hidden } : null;
    // A thumbnail only of a photo the public is served (an <img> carries no admin token).
    const thumbnail =
      team && r.team_photo_sha256 && !team.hidden && !team.photo_hidden
        ? fundraisingPhotoUrl('team', team.slug, r.team_photo_sha256, 'card')
        : page && r.page_photo_sha256 && r.page_public && !page.photo_hidden
          ? fundraisingPhotoUrl('page', page.slug, r.page_photo_sha256, 'card')
          : null;
    return {
      id: r.id,
      subject: r.subject,
      reason: r.reason,
      created_at: r.created_at.toISOString(),
      resolved_at: r.resolved_at ? r.resolved_at.toISOString() : null,
      resolution: r.resolution,
      page,
      team,
      gift: r.gift_id !== null && r.gift_message !== null ? { id: r.gift_id, message: r.gift_message, hidden: r.gift_hidden } : null,
      update: r.update_id !== null && r.update_body !== null ? { id: r.update_id, body: r.update_body, hidden: r.update_hidden } : null,
      url: team ? `/t/${team.slug}` : page ? `/p/${page.slug}` : null,
      thumbnail_url: thumbnail,
    };
  });
}

/** A mail owed to an owner once an admin's hide is committed (docs/decisions/159). */
export type ModerationNotice = { to: ModerationRecipient; kind: 'page' | 'team'; part: HiddenPart; reason: string };

export type NoticeDeps = { mailer: Mailer; appUrl: string; mailFrom: string };

/** Mails each notice (after the action's transaction: a refused action mails no one). */
export async function sendModerationNotices(deps: NoticeDeps, notices: ModerationNotice[]): Promise<void> {
  for (const n of notices) {
    await deps.mailer.send(
      n.to.email,
      'moderation-notice',
      moderationNoticeMail({
        country: n.to.country,
        firstName: n.to.first_name,
        kind: n.kind,
        name: n.to.name,
        part: n.part,
        reason: n.reason,
        editUrl: n.kind === 'page' ? `${deps.appUrl}/my-page` : `${deps.appUrl}/t/${n.to.slug}`,
        reviewAddress: addressOf(deps.mailFrom),
      }),
    );
  }
}

async function noticeFor(db: Executor, kind: 'page' | 'team', id: number, part: HiddenPart, reason: string): Promise<ModerationNotice[]> {
  const to = kind === 'page' ? await pageModerationRecipient(db, id) : await teamModerationRecipient(db, id);
  return to ? [{ to, kind, part, reason }] : [];
}

/** The notices owed when a page's or team's state goes from `before` to `after`: the whole, else each part newly hidden. */
async function noticesOfChange(db: Executor, kind: 'page' | 'team', id: number, before: State, after: State, reason: string | undefined): Promise<ModerationNotice[]> {
  if (reason === undefined) return [];
  if (after.hidden && !before.hidden) return noticeFor(db, kind, id, 'whole', reason);
  const parts: HiddenPart[] = [];
  if (after.photo_hidden && !before.photo_hidden) parts.push('photo');
  if (after.story_hidden && !before.story_hidden) parts.push('story');
  return (await Promise.all(parts.map((part) => noticeFor(db, kind, id, part, reason)))).flat();
}

/** What hiding a report's subject does: the whole page, team or message, or only a page's or team's photo or story. */
const PART_OF: Record<Exclude<ReportAction, 'dismiss'>, HiddenPart> = { hide: 'whole', hide_photo: 'photo', hide_story: 'story' };

/** Hides what a report is about (a page, a team, a gift's message, an update, or the photo or story of a page or team). */
async function hideSubject(db: Executor, report: repo.ReportRow, action: Exclude<ReportAction, 'dismiss'>, reason: string, now: Date): Promise<{ what: string; notices: ModerationNotice[] }> {
  const part = PART_OF[action];
  if (report.subject === 'update') {
    if (part !== 'whole') throw moderationErrors.actionNotForUpdate();
    // Its owner deleted it (the report stays, docs/decisions/173): nothing is left to hide.
    if (report.update_id === null || !(await setUpdateModeration(db, report.update_id, now))) throw moderationErrors.updateGone({ id: report.id });
    return { what: `update ${report.update_id}`, notices: await noticeFor(db, 'page', report.page_id!, 'update', reason) };
  }
  if (report.subject === 'message') {
    if (part !== 'whole') throw moderationErrors.actionNotForMessage();
    await setGiftMessageModeration(db, report.gift_id!, true);
    return { what: `gift ${report.gift_id}`, notices: report.page_id ? await noticeFor(db, 'page', report.page_id, 'message', reason) : [] };
  }
  const change = part === 'whole' ? { hidden: true, reason } : part === 'photo' ? { photoHidden: true } : { storyHidden: true };
  const kind = report.subject;
  const id = kind === 'page' ? report.page_id! : report.team_id!;
  if (kind === 'page') await setPageModeration(db, id, change);
  else await setTeamModeration(db, id, change);
  return { what: `${kind} ${id}${part === 'whole' ? '' : ` ${part}`}`, notices: await noticeFor(db, kind, id, part, reason) };
}

/**
 * Resolves a report: 'hide' hides what was reported (and closes its other open reports),
 * 'hide_photo' / 'hide_story' hide only that part of a reported page or team (closing this report),
 * 'dismiss' closes this one. Answers the notices to mail once committed.
 */
export async function resolveReport(tx: Db, id: number, input: { action: ReportAction; reason?: string }, adminId: number, now: Date) {
  const report = await repo.lockReport(tx, id);
  if (!report) throw moderationErrors.reportNotFound({ id });
  if (report.resolution) throw moderationErrors.alreadyResolved({ id, resolution: report.resolution });
  const { action } = input;
  const resolution: 'hidden' | 'dismissed' = action === 'dismiss' ? 'dismissed' : 'hidden';
  const reason = input.reason?.trim() ?? '';
  const hid = action === 'dismiss' ? undefined : await hideSubject(tx, report, action, reason, now);
  const resolved = await repo.resolveReports(tx, report, resolution, adminId, now, action === 'hide');
  const result = { id, resolution, resolved_report_ids: resolved };
  return withAudit(
    { result, notices: hid?.notices ?? [] },
    {
      action: hid ? 'report.hide' : 'report.dismiss',
      target: hid ? `report ${id}, ${hid.what}` : `report ${id}`,
      before: { subject: report.subject, reason: report.reason, resolution: null },
      after: { resolution, resolved_report_ids: resolved, ...(hid ? { action, moderation_reason: reason } : {}) },
    },
  );
}

type State = { hidden: boolean; photo_hidden: boolean; story_hidden: boolean };
const state = (row: { moderated_at: Date | null; photo_moderated_at: Date | null; story_moderated_at: Date | null }): State => ({
  hidden: row.moderated_at !== null,
  photo_hidden: row.photo_moderated_at !== null,
  story_hidden: row.story_moderated_at !== null,
});
const changeOf = (c: ModerationChangeRequest) => ({ hidden: c.hidden, photoHidden: c.photo_hidden, storyHidden: c.story_hidden, reason: c.reason?.trim() });
const reasonAudit = (c: ModerationChangeRequest) => (c.reason !== undefined ? { moderation_reason: c.reason.trim() } : {});

/** An admin hides or shows a page, its photo and/or its story; a hide is mailed to the owner with the reason. */
export async function moderatePage(tx: Db, slug: string, change: ModerationChangeRequest) {
  const before = await repo.findPageForAdmin(tx, slug);
  if (!before) throw moderationErrors.pageNotFound();
  await setPageModeration(tx, before.id, changeOf(change));
  const after = state((await repo.findPageForAdmin(tx, slug))!);
  const notices = await noticesOfChange(tx, 'page', before.id, state(before), after, change.reason?.trim());
  return withAudit({ result: after, notices }, { action: 'page.moderate', target: `page ${before.id} (${slug})`, before: state(before), after: { ...after, ...reasonAudit(change) } });
}

/** An admin hides or shows a team, its photo and/or its story; a hide is mailed to the captain with the reason. */
export async function moderateTeam(tx: Db, slug: string, change: ModerationChangeRequest) {
  const before = await repo.findTeamForAdmin(tx, slug);
  if (!before) throw moderationErrors.teamNotFound();
  await setTeamModeration(tx, before.id, changeOf(change));
  const after = state((await repo.findTeamForAdmin(tx, slug))!);
  const notices = await noticesOfChange(tx, 'team', before.id, state(before), after, change.reason?.trim());
  return withAudit({ result: after, notices }, { action: 'team.moderate', target: `team ${before.id} (${slug})`, before: state(before), after: { ...after, ...reasonAudit(change) } });
}

/** An admin hides or shows a gift's message; a hide is mailed to the owner of the page it is on, with the reason. */
export async function moderateGiftMessage(tx: Db, giftId: number, change: GiftModerationRequest) {
  const before = await repo.findGiftForAdmin(tx, giftId);
  if (!before) throw moderationErrors.messageNotFound();
  await setGiftMessageModeration(tx, giftId, change.message_hidden);
  const after = { message_hidden: change.message_hidden };
  const newlyHidden = change.message_hidden && before.message_moderated_at === null && change.reason !== undefined && before.page_id !== null;
  const notices = newlyHidden ? await noticeFor(tx, 'page', before.page_id!, 'message', change.reason!.trim()) : [];
  return withAudit(
    { result: after, notices },
    { action: 'gift.moderate', target: `gift ${giftId}`, before: { message_hidden: before.message_moderated_at !== null }, after: { ...after, ...(change.reason !== undefined ? { moderation_reason: change.reason.trim() } : {}) } },
  );
}
