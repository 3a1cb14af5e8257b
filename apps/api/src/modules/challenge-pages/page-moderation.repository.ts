import type { CountryCode } from '@uplift/core/countries';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { challengePages, teams } from '../../db/schema.ts';

// An admin's moderation of pages and teams (docs/decisions/141-moderation.md, 159): what is hidden
// stays in the database, so it can be shown again, but is served to no one but its owner and admins.

/** What an admin changes; `reason` is kept with a hide of the whole page or team (shown to its owner), cleared when it is shown again. */
export type ModerationChange = { hidden?: boolean; photoHidden?: boolean; storyHidden?: boolean; reason?: string };

const stamp = (hide: boolean | undefined) => (hide === undefined ? undefined : hide ? sql`now()` : null);
const reasonOf = (change: ModerationChange) => (change.hidden === undefined ? undefined : change.hidden ? (change.reason ?? null) : null);

/** Hides or shows a page, its photo and/or its story; false when there is no such page. */
export async function setPageModeration(db: Executor, pageId: number, change: ModerationChange): Promise<boolean> {
  const rows = await db
    .update(challengePages)
    .set({ moderated_at: stamp(change.hidden), photo_moderated_at: stamp(change.photoHidden), story_moderated_at: stamp(change.storyHidden), moderation_reason: reasonOf(change) })
    .where(eq(challengePages.id, pageId))
    .returning({ id: challengePages.id });
  return rows.length === 1;
}

/** Hides or shows a team, its photo and/or its story; false when there is no such team. */
export async function setTeamModeration(db: Executor, teamId: number, change: ModerationChange): Promise<boolean> {
  const rows = await db
    .update(teams)
    .set({ moderated_at: stamp(change.hidden), photo_moderated_at: stamp(change.photoHidden), story_moderated_at: stamp(change.storyHidden), moderation_reason: reasonOf(change) })
    .where(eq(teams.id, teamId))
    .returning({ id: teams.id });
  return rows.length === 1;
}

/** Whom a moderation notice goes to: the page's owner, or the team's captain (the owner of its captain page). */
export type ModerationRecipient = { email: string; first_name: string; country: CountryCode; name: string; slug: string };

export async function pageOwner(db: Executor, pageId: number): Promise<ModerationRecipient | undefined> {
  const { rows } = await db.execute<ModerationRecipient>(sql`
    select u.email, u.first_name, ca.country, cp.display_name as name, cp.slug
      from challenge_pages cp
      join users u on u.id = cp.user_id and u.erased_at is null
      join campaigns ca on ca.id = cp.campaign_id
     where cp.id = ${pageId}`);
  return rows[0];
}

export async function teamCaptain(db: Executor, teamId: number): Promise<ModerationRecipient | undefined> {
  const { rows } = await db.execute<ModerationRecipient>(sql`
    select u.email, u.first_name, ca.country, t.name, t.slug
      from teams t
      join challenge_pages cp on cp.id = t.captain_page_id
      join users u on u.id = cp.user_id and u.erased_at is null
      join campaigns ca on ca.id = t.campaign_id
     where t.id = ${teamId}`);
  return rows[0];
}
