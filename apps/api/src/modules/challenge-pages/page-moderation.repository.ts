import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { challengePages, teams } from '../../db/schema.ts';

// An admin's moderation of pages and teams (docs/decisions/141-moderation.md): what is hidden
// stays in the database, so it can be shown again, but is served to no one but its owner and admins.

export type ModerationChange = { hidden?: boolean; photoHidden?: boolean };

const stamp = (hide: boolean | undefined) => (hide === undefined ? undefined : hide ? sql`now()` : null);

/** Hides or shows a page and/or its photo; false when there is no such page. */
export async function setPageModeration(db: Executor, pageId: number, change: ModerationChange): Promise<boolean> {
  const rows = await db
    .update(challengePages)
    .set({ moderated_at: stamp(change.hidden), photo_moderated_at: stamp(change.photoHidden) })
    .where(eq(challengePages.id, pageId))
    .returning({ id: challengePages.id });
  return rows.length === 1;
}

/** Hides or shows a team and/or its photo; false when there is no such team. */
export async function setTeamModeration(db: Executor, teamId: number, change: ModerationChange): Promise<boolean> {
  const rows = await db
    .update(teams)
    .set({ moderated_at: stamp(change.hidden), photo_moderated_at: stamp(change.photoHidden) })
    .where(eq(teams.id, teamId))
    .returning({ id: teams.id });
  return rows.length === 1;
}
