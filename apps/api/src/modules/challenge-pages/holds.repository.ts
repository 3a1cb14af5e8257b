import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { heldSlugs, teamRemovals } from '../../db/schema.ts';

// What an admin's hide and a captain's removal hold in place (docs/decisions/154): the queries.

/** Whether the person has a page an admin hid. */
export async function hasHiddenPage(db: Executor, userId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from challenge_pages where user_id = ${userId} and moderated_at is not null limit 1`);
  return rows.length > 0;
}

/** Whether one of the person's pages captains a team an admin hid. */
export async function captainsHiddenTeam(db: Executor, userId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 from teams t join challenge_pages cp on cp.id = t.captain_page_id
     where cp.user_id = ${userId} and t.moderated_at is not null limit 1`);
  return rows.length > 0;
}

/**
 * Whether an address is held by something an admin hid: a hidden page or a hidden team at it (of
 * either kind, so /t/{slug} cannot stand in for a hidden /p/{slug}), or a hidden page since gone.
 */
export async function slugHeld(db: Executor, slug: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 where exists (select 1 from challenge_pages where slug = ${slug} and moderated_at is not null)
                or exists (select 1 from teams where slug = ${slug} and moderated_at is not null)
                or exists (select 1 from held_slugs where slug = ${slug})`);
  return rows.length > 0;
}

/** Keeps a hidden page's address held after the page is deleted (erasure, retention). */
export async function holdSlug(db: Executor, slug: string, now: Date): Promise<void> {
  await db.insert(heldSlugs).values({ slug, held_at: now }).onConflictDoNothing();
}

/** The captain removed the person's page from the team. */
export async function recordRemoval(db: Executor, teamId: number, userId: number, now: Date): Promise<void> {
  await db.insert(teamRemovals).values({ team_id: teamId, user_id: userId, removed_at: now }).onConflictDoNothing();
}

/** Whether the team's captain once removed a page of this person. */
export async function wasRemoved(db: Executor, teamId: number, userId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from team_removals where team_id = ${teamId} and user_id = ${userId}`);
  return rows.length > 0;
}
