import { type CountryCode } from '@uplift/core/countries';
import { asMinor } from '@uplift/core/money';
import { firstSentence, pageImpactLine, pageWeeksLine, suggestedUpdate, unitsGivenUpSoFar } from '@uplift/core/page-backing';
import { type CreateUpdate, GIFTS_PER_PAGE, type PageCover, type PageUpdate, UPDATES_SHOWN } from '@uplift/core/schemas/challenge-pages';
import type { Clock } from '../../clock.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Photo } from '../../images/photo.ts';
import { pageErrors } from './challenge-pages.errors.ts';
import * as repo from './challenge-pages.repository.ts';
import { readPagePhoto } from './page-photo.ts';
import * as updates from './updates.repository.ts';

// A page worth backing (docs/decisions/166, product-rules §21): the cover, the weeks said in the
// country's time zone, the challenge's impact in units, and the owner's updates. The routes read
// the upload (page-photo.ts) before these are called.

type Deps = { db: Db; clock?: Clock };
const nowOf = (deps: { clock?: Clock }) => deps.clock?.now() ?? new Date();

/** Where a page's cover is served: the hash and format in the path, so it is cached for good. */
export function coverUrl(slug: string, sha256: string, format: 'webp' | 'avif', size: 'full' | 'card'): string {
  return `/api/pages/${slug}/cover/${sha256.slice(0, 16)}.${format}${size === 'card' ? '?size=card' : ''}`;
}

/** The page's cover as the page shows it, or null (none, or an admin hid the page's photos). */
export function coverOf(page: repo.PageRow, forOwner = false): PageCover | null {
  if (!page.cover_sha256 || page.cover_width === null || page.cover_height === null) return null;
  if (!forOwner && page.photo_moderated_at !== null) return null;
  const sha = page.cover_sha256;
  return {
    avif: coverUrl(page.slug, sha, 'avif', 'full'),
    webp: coverUrl(page.slug, sha, 'webp', 'full'),
    avif_small: coverUrl(page.slug, sha, 'avif', 'card'),
    webp_small: coverUrl(page.slug, sha, 'webp', 'card'),
    width: page.cover_width,
    height: page.cover_height,
  };
}

/** The weeks, the impact line and the charity's line of a page at `now` (core's rules). */
export function backingOf(page: repo.PageRow, now: Date) {
  const country: CountryCode = page.country;
  const { weeks, text } = pageWeeksLine({ billingStart: page.billing_start_date, weeksTotal: page.weeks_total, country, now });
  return {
    weeks: { state: weeks.state, text },
    weeksState: weeks,
    impact_line: pageImpactLine({ receivedMinor: asMinor(page.received), costPerUnitMinor: asMinor(page.cost_per_unit), unit: page.challenge_unit, country }),
    // The charity's one line about its cause: its impact description, else its description's first sentence.
    cause: page.recipient_impact_description.trim() || firstSentence(page.recipient_description),
  };
}

const updateUrl = (slug: string, id: number, sha: string) => `/api/pages/${slug}/updates/${id}/photo/${sha.slice(0, 16)}.webp`;
const toUpdate = (slug: string, u: updates.UpdateRow): PageUpdate => ({
  id: u.id,
  body: u.body,
  photo_url: u.photo_sha256 ? updateUrl(slug, u.id, u.photo_sha256) : null,
  created_at: u.created_at.toISOString(),
});

/** The updates anyone sees on a public page: newest first, none an admin hid. */
export async function publicUpdates(db: Executor, page: repo.PageRow): Promise<PageUpdate[]> {
  return (await updates.listUpdates(db, page.id, 'shown', UPDATES_SHOWN)).map((u) => toUpdate(page.slug, u));
}

/** What /my-page adds about the page: its cover, weeks, impact, every update and the suggested one. */
export async function ownerBacking(deps: Deps, page: repo.PageRow) {
  const backing = backingOf(page, nowOf(deps));
  const rows = await updates.listUpdates(deps.db, page.id, 'all', UPDATES_SHOWN);
  const gifts = await repo.listPageGifts(deps.db, page.id, GIFTS_PER_PAGE);
  const friends = gifts.filter((g) => !g.hide_name && g.donor_name).map((g) => g.donor_name!.trim().split(/\s+/)[0]!);
  return {
    cover: coverOf(page, true),
    weeks: backing.weeks,
    impact_line: backing.impact_line,
    updates: rows.map((u) => ({ ...toUpdate(page.slug, u), hidden: u.moderated_at !== null })),
    suggested_update: suggestedUpdate({
      weeks: backing.weeksState,
      units: unitsGivenUpSoFar(asMinor(page.received), asMinor(page.cost_per_unit)),
      unit: page.challenge_unit,
      givenMinor: asMinor(page.total),
      country: page.country,
      friends,
    }),
  };
}

/** PUT /api/my-page/cover: the cover (read by readPageCover beforehand) replaces any the page had. */
export async function setCover(deps: Deps & { clock: Clock }, page: repo.PageRow, cover: Photo): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const photoId = await repo.insertPhoto(tx, cover);
    await repo.updatePage(tx, page.id, { cover_id: photoId }, deps.clock.now());
    if (page.cover_id !== null) await repo.deletePhoto(tx, page.cover_id);
  });
}

/** DELETE /api/my-page/cover */
export async function removeCover(deps: Deps & { clock: Clock }, page: repo.PageRow): Promise<void> {
  if (page.cover_id === null) throw pageErrors.noCover();
  await deps.db.transaction(async (tx) => {
    await repo.updatePage(tx, page.id, { cover_id: null }, deps.clock.now());
    await repo.deletePhoto(tx, page.cover_id!);
  });
}

/** POST /api/my-page/updates: the owner posts an update (its photo, if any, through the page photo's rules). */
export async function postUpdate(deps: Deps & { clock: Clock }, page: repo.PageRow, input: CreateUpdate): Promise<void> {
  const photo = input.photo_base64 ? await readPagePhoto(input.photo_base64) : null;
  await deps.db.transaction(async (tx) => {
    const photoId = photo ? await repo.insertPhoto(tx, photo) : null;
    await updates.insertUpdate(tx, { page_id: page.id, body: input.body, photo_id: photoId, created_at: deps.clock.now() });
  });
}

/** DELETE /api/my-page/updates/:id: only an update of the owner's own page (404 otherwise). */
export async function removeUpdate(deps: Deps, page: repo.PageRow, id: number): Promise<void> {
  const update = await updates.findUpdate(deps.db, page.id, id);
  if (!update) throw pageErrors.updateNotFound();
  await deps.db.transaction(async (tx) => {
    await updates.deleteUpdate(tx, update.id);
    if (update.photo_id !== null) await repo.deletePhoto(tx, update.photo_id);
  });
}

/** The photos a page holds besides its own photo (its cover and its updates' photos), deleted with it. */
export async function otherPhotosOf(tx: Executor, page: { id: number; cover_id?: number | null }): Promise<number[]> {
  const ids = await updates.updatePhotoIds(tx, page.id);
  return page.cover_id ? [page.cover_id, ...ids] : ids;
}

/** A public page's cover bytes in a format and size. */
export async function servedCover(deps: Pick<Deps, 'db'>, slug: string, file: string, size: 'full' | 'card'): Promise<{ data: Buffer; format: 'webp' | 'avif' }> {
  const [sha, ext] = file.split('.') as [string, 'webp' | 'avif'];
  const data = await repo.findServedCover(deps.db, slug, sha, ext, size);
  if (!data) throw pageErrors.photoNotFound();
  return { data, format: ext };
}

/** An update's photo on a public page. */
export async function servedUpdatePhoto(deps: Pick<Deps, 'db'>, slug: string, id: number, sha: string): Promise<Buffer> {
  const data = await updates.findServedUpdatePhoto(deps.db, slug, id, sha.replace(/\.webp$/, ''));
  if (!data) throw pageErrors.photoNotFound();
  return data;
}

/** What the owner's data export holds of a page's backing (docs/decisions/173): its cover and every update, hidden ones too. */
export type BackingExport = {
  has_cover: boolean;
  /** Where the cover is served (while the page is public and its photos not hidden); null without one. */
  cover_url: string | null;
  updates: { body: string; photo_url: string | null; posted_at: string; hidden_at: string | null }[];
};

/** The cover and the updates of one of the donor's pages, for their data export. */
export async function exportBackingOf(db: Executor, page: repo.PageRow): Promise<BackingExport> {
  const rows = await updates.listAllUpdates(db, page.id);
  return {
    has_cover: page.cover_sha256 !== null,
    cover_url: page.cover_sha256 ? coverUrl(page.slug, page.cover_sha256, 'webp', 'full') : null,
    updates: rows.map((u) => ({
      body: u.body,
      photo_url: u.photo_sha256 ? updateUrl(page.slug, u.id, u.photo_sha256) : null,
      posted_at: u.created_at.toISOString(),
      hidden_at: u.moderated_at?.toISOString() ?? null,
    })),
  };
}

/** An admin hides (a date) or shows (null) an update; false when there is no such update (moderation's use). */
export async function setUpdateModeration(db: Executor, id: number, at: Date | null): Promise<boolean> {
  return updates.setUpdateModerated(db, id, at);
}
