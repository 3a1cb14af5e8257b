import type { ReportSubject } from '@uplift/core/schemas/moderation';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { challengePages, contentReports, fundraisingPhotos, pageUpdates, teams } from '../../db/schema.ts';
import { pageIsPublic, teamIsPublic, updateIsShown } from '../challenge-pages/index.ts';
import { giftMessages } from '../payments/index.ts';

// Reports (content_reports, this module's table) and the reads of what they are about: pages,
// teams and updates are read here in joins, by challenge-pages' own rule of what is public; gifts only through
// the ledger's published giftMessages (docs/decisions/146). All written only by their owners' setters.

/** A public page by slug: published and not hidden by an admin. */
export async function findPublicPage(db: Executor, slug: string): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: challengePages.id })
    .from(challengePages)
    .where(and(eq(challengePages.slug, slug), pageIsPublic()));
  return row;
}

/** A team by slug that an admin has not hidden. */
export async function findPublicTeam(db: Executor, slug: string): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.slug, slug), teamIsPublic()));
  return row;
}

/** A message shown on a public page: a succeeded gift's non-empty, unhidden, unerased message. */
export async function findPublicMessage(db: Executor, giftId: number): Promise<{ id: number; page_id: number } | undefined> {
  const [row] = await db
    .select({ id: giftMessages.id, page_id: challengePages.id })
    .from(giftMessages)
    .innerJoin(challengePages, eq(challengePages.id, giftMessages.page_id))
    .where(
      and(
        eq(giftMessages.id, giftId),
        giftMessages.received,
        sql`${giftMessages.message} <> ''`,
        isNull(giftMessages.message_moderated_at),
        isNull(giftMessages.erased_at),
        pageIsPublic(),
      ),
    );
  return row;
}

/** An update anyone sees: no admin hid it and its page is public (challenge-pages' rule). */
export async function findShownUpdate(db: Executor, updateId: number): Promise<{ id: number; page_id: number } | undefined> {
  const [row] = await db
    .select({ id: pageUpdates.id, page_id: pageUpdates.page_id })
    .from(pageUpdates)
    .innerJoin(challengePages, eq(challengePages.id, pageUpdates.page_id))
    .where(and(eq(pageUpdates.id, updateId), updateIsShown()));
  return row;
}

/** Any page by slug (an admin's hide/show), with its moderation state. */
export async function findPageForAdmin(db: Executor, slug: string) {
  const [row] = await db
    .select({ id: challengePages.id, moderated_at: challengePages.moderated_at, photo_moderated_at: challengePages.photo_moderated_at, story_moderated_at: challengePages.story_moderated_at })
    .from(challengePages)
    .where(eq(challengePages.slug, slug));
  return row;
}

export async function findTeamForAdmin(db: Executor, slug: string) {
  const [row] = await db
    .select({ id: teams.id, moderated_at: teams.moderated_at, photo_moderated_at: teams.photo_moderated_at, story_moderated_at: teams.story_moderated_at })
    .from(teams)
    .where(eq(teams.slug, slug));
  return row;
}

export async function findGiftForAdmin(db: Executor, id: number) {
  const [row] = await db
    .select({ id: giftMessages.id, page_id: giftMessages.page_id, message_moderated_at: giftMessages.message_moderated_at })
    .from(giftMessages)
    .where(eq(giftMessages.id, id));
  return row;
}

export async function insertReport(
  db: Executor,
  report: { subject: ReportSubject; page_id?: number; team_id?: number; gift_id?: number; update_id?: number; reason: string; created_at: Date },
): Promise<number> {
  const [row] = await db.insert(contentReports).values(report).returning({ id: contentReports.id });
  return row!.id;
}

export type ReportRow = typeof contentReports.$inferSelect;

/** One report, locked until the transaction ends (two admins resolving it at once: the second waits and sees it resolved). */
export async function lockReport(db: Executor, id: number): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(contentReports).where(eq(contentReports.id, id)).for('update');
  return row;
}

/**
 * Resolves a report; with `closeSameTarget` (the whole page, team or message hidden) also every other
 * open report of it (what they asked for is done). Answers the ids resolved.
 */
export async function resolveReports(db: Executor, report: ReportRow, resolution: 'hidden' | 'dismissed', by: number, at: Date, closeSameTarget: boolean): Promise<number[]> {
  const sameTarget =
    report.subject === 'page'
      ? and(eq(contentReports.subject, 'page'), eq(contentReports.page_id, report.page_id!))
      : report.subject === 'team'
        ? eq(contentReports.team_id, report.team_id!)
        : report.subject === 'update'
          ? eq(contentReports.update_id, report.update_id!)
          : eq(contentReports.gift_id, report.gift_id!);
  const rows = await db
    .update(contentReports)
    .set({ resolved_at: at, resolved_by: by, resolution })
    .where(and(isNull(contentReports.resolved_at), closeSameTarget ? sameTarget : eq(contentReports.id, report.id)))
    .returning({ id: contentReports.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

const pagePhoto = alias(fundraisingPhotos, 'page_photo');
const teamPhoto = alias(fundraisingPhotos, 'team_photo');

/**
 * Reports with what they are about, as text, with the hash of its photo (for a thumbnail): open ones first (oldest first), then resolved ones
 * (latest first), at most `limit`. A message report shows the page the message was given on, an update report the page it was posted on.
 */
export async function selectReports(db: Executor, limit: number) {
  return db
    .select({
      id: contentReports.id,
      subject: contentReports.subject,
      reason: contentReports.reason,
      created_at: contentReports.created_at,
      resolved_at: contentReports.resolved_at,
      resolution: contentReports.resolution,
      page_slug: challengePages.slug,
      page_name: challengePages.display_name,
      page_hidden: sql<boolean>`${challengePages.moderated_at} is not null`,
      page_photo_hidden: sql<boolean>`${challengePages.photo_moderated_at} is not null`,
      page_story_hidden: sql<boolean>`${challengePages.story_moderated_at} is not null`,
      page_public: sql<boolean>`coalesce(${pageIsPublic()}, false)`,
      page_photo_sha256: pagePhoto.sha256,
      team_slug: teams.slug,
      team_name: teams.name,
      team_hidden: sql<boolean>`${teams.moderated_at} is not null`,
      team_photo_hidden: sql<boolean>`${teams.photo_moderated_at} is not null`,
      team_story_hidden: sql<boolean>`${teams.story_moderated_at} is not null`,
      team_photo_sha256: teamPhoto.sha256,
      gift_id: giftMessages.id,
      gift_message: giftMessages.message,
      gift_hidden: sql<boolean>`${giftMessages.message_moderated_at} is not null`,
      update_id: pageUpdates.id,
      update_body: pageUpdates.body,
      update_hidden: sql<boolean>`${pageUpdates.moderated_at} is not null`,
    })
    .from(contentReports)
    .leftJoin(giftMessages, eq(giftMessages.id, contentReports.gift_id))
    .leftJoin(challengePages, eq(challengePages.id, sql`coalesce(${contentReports.page_id}, ${giftMessages.page_id})`))
    .leftJoin(teams, eq(teams.id, contentReports.team_id))
    .leftJoin(pageUpdates, eq(pageUpdates.id, contentReports.update_id))
    .leftJoin(pagePhoto, eq(pagePhoto.id, challengePages.photo_id))
    .leftJoin(teamPhoto, eq(teamPhoto.id, teams.photo_id))
    .orderBy(sql`${contentReports.resolved_at} is null desc`, sql`case when ${contentReports.resolved_at} is null then ${contentReports.created_at} end asc`, desc(contentReports.resolved_at), asc(contentReports.id))
    .limit(limit);
}
