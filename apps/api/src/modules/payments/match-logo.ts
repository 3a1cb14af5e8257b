import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, LOGO_MIN_HEIGHT, LOGO_MIN_WIDTH, LOGO_STORED_WIDTH, type AdminMatch } from '@uplift/core/schemas/match';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { readPhoto, type Photo, type PhotoRules } from '../../images/photo.ts';
import { getMatch } from './match.service.ts';
import * as repo from './match.repository.ts';
import { paymentErrors } from './payments.errors.ts';

// A sponsor's logo (docs/product-rules.md §23, docs/decisions/169-sponsor-logos-stored.md): uploaded
// by an admin on the Matches screen, checked and re-encoded by the photo pipeline (type from the
// bytes, the header read before decoding, WebP without metadata), kept in `match_logos` and served
// from our own origin, so the page's CSP (img-src 'self') shows it and no sponsor's server learns
// who looked at a page.

const MATCH_LOGO: PhotoRules = {
  maxBytes: LOGO_MAX_BYTES,
  maxPixels: LOGO_MAX_PIXELS,
  minWidth: LOGO_MIN_WIDTH,
  minHeight: LOGO_MIN_HEIGHT,
  fullWidth: LOGO_STORED_WIDTH,
  cardWidth: LOGO_STORED_WIDTH,
  errors: {
    unreadable: () => paymentErrors.matchLogoUnreadable(),
    tooLarge: () => paymentErrors.matchLogoTooLarge(),
    type: () => paymentErrors.matchLogoType(),
    tooManyPixels: () => paymentErrors.matchLogoTooManyPixels(),
    tooSmall: () => paymentErrors.matchLogoTooSmall(),
  },
};

/** Decodes, checks and re-encodes an uploaded logo (before any transaction opens): a 400 naming the logo otherwise. */
export function readMatchLogo(base64: string): Promise<Photo> {
  return readPhoto(base64, MATCH_LOGO);
}

/** A match's row locked as every writer of it takes it; 404 when there is none, 409 when it has ended. */
async function lockChangeable(tx: Executor, id: number): Promise<AdminMatch> {
  const locked = await repo.selectMatch(tx, id, true);
  if (!locked) throw paymentErrors.matchNotFound();
  if (locked.status === 'ended') throw paymentErrors.matchEnded();
  return getMatch(tx, id);
}

/** PUT /api/admin/matches/{id}/logo (inside the audited transaction): the new logo replaces any other. */
export async function setMatchLogo(tx: Executor, id: number, logo: Photo, now: Date): Promise<{ before: AdminMatch; after: AdminMatch }> {
  const before = await lockChangeable(tx, id);
  await tx.execute(sql`
    insert into match_logos (match_id, data, sha256, width, height, updated_at)
    values (${id}, ${logo.data}, ${logo.sha256}, ${logo.width}, ${logo.height}, ${now.toISOString()}::timestamptz)
    on conflict (match_id) do update set data = excluded.data, sha256 = excluded.sha256, width = excluded.width,
      height = excluded.height, updated_at = excluded.updated_at`);
  return { before, after: await getMatch(tx, id) };
}

/** DELETE /api/admin/matches/{id}/logo (inside the audited transaction): 404 when it has none. */
export async function removeMatchLogo(tx: Executor, id: number): Promise<{ before: AdminMatch; after: AdminMatch }> {
  const before = await lockChangeable(tx, id);
  const { rows } = await tx.execute(sql`delete from match_logos where match_id = ${id} returning match_id`);
  if (rows.length === 0) throw paymentErrors.matchLogoNotFound();
  return { before, after: await getMatch(tx, id) };
}

/** The stored logo's bytes (WebP) and hash, for GET /api/matches/{id}/logo; undefined when there is none. */
export async function findMatchLogo(db: Executor, id: number): Promise<{ data: Buffer; sha256: string } | undefined> {
  const { rows } = await db.execute<{ data: Buffer; sha256: string }>(sql`select data, sha256 from match_logos where match_id = ${id}`);
  return rows[0];
}
