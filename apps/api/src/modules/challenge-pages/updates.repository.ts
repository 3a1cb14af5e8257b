import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { fundraisingPhotos, pageUpdates } from '../../db/schema.ts';
import { pageIsPublic } from './public.sql.ts';

// A page's updates (docs/decisions/166): the owner writes them, anyone reads those no admin hid.

export type UpdateRow = { id: number; page_id: number; body: string; photo_id: number | null; photo_sha256: string | null; moderated_at: Date | null; created_at: Date };

const columns = {
  id: pageUpdates.id,
  page_id: pageUpdates.page_id,
  body: pageUpdates.body,
  photo_id: pageUpdates.photo_id,
  photo_sha256: fundraisingPhotos.sha256,
  moderated_at: pageUpdates.moderated_at,
  created_at: pageUpdates.created_at,
};

/** A page's updates, newest first: every one (its owner) or only those no admin hid (anyone). */
export async function listUpdates(db: Executor, pageId: number, which: 'all' | 'shown', limit: number): Promise<UpdateRow[]> {
  return db
    .select(columns)
    .from(pageUpdates)
    .leftJoin(fundraisingPhotos, eq(fundraisingPhotos.id, pageUpdates.photo_id))
    .where(which === 'all' ? eq(pageUpdates.page_id, pageId) : and(eq(pageUpdates.page_id, pageId), sql`${pageUpdates.moderated_at} is null`))
    .orderBy(desc(pageUpdates.created_at), desc(pageUpdates.id))
    .limit(limit);
}

/** Every update of a page, hidden ones too, oldest first (the owner's data export). */
export async function listAllUpdates(db: Executor, pageId: number): Promise<UpdateRow[]> {
  return db
    .select(columns)
    .from(pageUpdates)
    .leftJoin(fundraisingPhotos, eq(fundraisingPhotos.id, pageUpdates.photo_id))
    .where(eq(pageUpdates.page_id, pageId))
    .orderBy(asc(pageUpdates.created_at), asc(pageUpdates.id));
}

export async function findUpdate(db: Executor, pageId: number, id: number): Promise<UpdateRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(pageUpdates)
    .leftJoin(fundraisingPhotos, eq(fundraisingPhotos.id, pageUpdates.photo_id))
    .where(and(eq(pageUpdates.page_id, pageId), eq(pageUpdates.id, id)));
  return row;
}

export async function insertUpdate(db: Executor, update: { page_id: number; body: string; photo_id: number | null; created_at: Date }): Promise<number> {
  const [row] = await db.insert(pageUpdates).values(update).returning({ id: pageUpdates.id });
  return row!.id;
}

export async function deleteUpdate(db: Executor, id: number): Promise<void> {
  await db.delete(pageUpdates).where(eq(pageUpdates.id, id));
}

/** An admin hides (a date) or shows again (null) an update. */
export async function setUpdateModerated(db: Executor, id: number, at: Date | null): Promise<boolean> {
  const rows = await db.update(pageUpdates).set({ moderated_at: at }).where(eq(pageUpdates.id, id)).returning({ id: pageUpdates.id });
  return rows.length > 0;
}

/** The photos of a page's updates (deleted with the page). */
export async function updatePhotoIds(db: Executor, pageId: number): Promise<number[]> {
  const rows = await db
    .select({ id: pageUpdates.photo_id })
    .from(pageUpdates)
    .where(and(eq(pageUpdates.page_id, pageId), sql`${pageUpdates.photo_id} is not null`));
  return rows.map((r) => r.id!);
}

/** An update's photo bytes (the card size), when the update and its page are shown. */
export async function findServedUpdatePhoto(db: Executor, slug: string, id: number, sha: string): Promise<Buffer | undefined> {
  const { rows } = await db.execute<{ data: Buffer }>(sql`
    select ph.data from page_updates u
      join challenge_pages cp on cp.id = u.page_id
      join fundraising_photos ph on ph.id = u.photo_id
     where u.id = ${id} and cp.slug = ${slug} and u.moderated_at is null
       and ${pageIsPublic('cp')} and cp.photo_moderated_at is null
       and starts_with(ph.sha256, ${sha})`);
  return rows[0]?.data;
}
