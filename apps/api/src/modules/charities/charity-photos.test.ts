import { CHARITY_MESSAGES } from '@uplift/core/schemas/admin-charities';
import type { AdminAuditEntry } from '@uplift/core/schemas/admin';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, recipientPhotos } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { adminAndUser } from '../admin/admin.test-support.ts';

// A charity's photo and story (docs/decisions/129-charity-photos-and-stories.md), on real PostgreSQL
// with images made by sharp.

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const GIF = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');

/** A noisy picture (so it does not compress to nothing) of the given size. */
async function picture(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg', orientation?: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (format === 'jpeg') {
    image = image
      .jpeg({ quality: 90 })
      // Where the photo was taken and by what: what must never reach a donor's browser.
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Pocket 12', Copyright: 'Jane Volunteer' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '36/1 50/1 5/1', GPSLongitudeRef: 'E', GPSLongitude: '174/1 45/1 40/1' },
      });
    if (orientation) image = image.withMetadata({ orientation });
  } else if (format === 'png') {
    image = image.png();
  } else {
    image = image.webp();
  }
  return image.toBuffer();
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');
const ALT = 'Volunteers packing food parcels at the harbour warehouse';

describe('charity photos and stories', () => {
  let ctx: TestContext;
  let adminAuth: Record<string, string>;
  let userAuth: Record<string, string>;
  let jpeg: Buffer;

  const charity = {
    recipient_name: 'Photo Food Bank',
    country: 'NZ',
    impact_cost: 12.5,
    impact_unit: 'meals',
    impact_unit_singular: 'meal',
    impact_description: 'Meals for families across the harbour.',
    impact_multiplier: 1,
    description: 'Food parcels for families across the harbour.',
    link: 'https://photofood.example.org',
    is_enabled: true,
    logo_base64: PNG_1X1,
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ adminAuth, userAuth } = await adminAndUser(ctx));
    jpeg = await picture(1600, 1000);
  });
  afterAll(async () => ctx.close());

  let names = 0;
  async function newCharity(fields: object = {}) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/charities',
      payload: { ...charity, recipient_name: `Photo Charity ${++names}`, ...fields },
      headers: adminAuth,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; photo: unknown; story: string }>();
  }
  const putPhoto = (id: number, payload: object, headers: Record<string, string> = adminAuth) =>
    ctx.app.inject({ method: 'PUT', url: `/api/admin/charities/${id}/photo`, payload, headers });
  const deletePhoto = (id: number, headers: Record<string, string> = adminAuth) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/admin/charities/${id}/photo`, headers });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('re-encodes an uploaded JPEG as WebP without its EXIF and GPS, at most 1200 wide, and 600 wide for cards', async () => {
    const sent = await sharp(jpeg).metadata();
    expect(sent.exif?.length).toBeGreaterThan(100);
    expect(jpeg.includes('PhoneCo')).toBe(true);

    const { id } = await newCharity();
    const res = await putPhoto(id, { photo_base64: b64(jpeg), alt: `  ${ALT} ` });
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json().photo;
    const hash = /v=([0-9a-f]{16})$/.exec(photo.url)![1]!;
    expect(photo).toEqual({
      url: `/api/recipient/${id}/photo?size=full&v=${hash}`,
      card_url: `/api/recipient/${id}/photo?size=card&v=${hash}`,
      alt: ALT,
      width: 1200,
      height: 750,
    });

    const full = await get(photo.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    const fullMeta = await sharp(full.rawPayload).metadata();
    expect(fullMeta).toMatchObject({ format: 'webp', width: 1200, height: 750 });
    for (const gone of ['exif', 'xmp', 'icc', 'iptc'] as const) expect(fullMeta[gone], gone).toBeUndefined();
    for (const text of ['Exif', 'PhoneCo', 'Jane Volunteer', 'GPS']) expect(full.rawPayload.includes(text), text).toBe(false);

    const card = await get(photo.card_url);
    expect(card.headers['content-type']).toBe('image/webp');
    const cardMeta = await sharp(card.rawPayload).metadata();
    expect(cardMeta).toMatchObject({ format: 'webp', width: 600, height: 375 });
    expect(cardMeta.exif).toBeUndefined();

    // What is stored is what is served: the original bytes are kept nowhere.
    const [row] = await ctx.db.select().from(recipientPhotos).where(eq(recipientPhotos.recipient_id, id));
    expect(row!.data.equals(full.rawPayload)).toBe(true);
    expect(row!.card_data.equals(card.rawPayload)).toBe(true);
    expect(row).toMatchObject({ width: 1200, height: 750, alt: ALT });
    expect(row!.sha256.startsWith(hash)).toBe(true);
  });

  it('turns a photo upright by its EXIF orientation and never enlarges a small one', async () => {
    const { id } = await newCharity();
    // Stored 1000 × 700 lying on its side (orientation 6): upright it is 700 × 1000.
    const sideways = await picture(1000, 700, 'jpeg', 6);
    const res = await putPhoto(id, { photo_base64: b64(sideways), alt: ALT });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photo).toMatchObject({ width: 700, height: 1000 });
    const card = await sharp((await get(res.json().photo.card_url)).rawPayload).metadata();
    expect(card).toMatchObject({ width: 600, height: 857 });
    expect(card.orientation).toBeUndefined();
  });

  it('accepts PNG and WebP, read from the bytes whatever the text says', async () => {
    const { id } = await newCharity();
    const png = await putPhoto(id, { photo_base64: `data:image/jpeg;base64,${b64(await picture(800, 600, 'png'))}`, alt: ALT });
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().photo).toMatchObject({ width: 800, height: 600 });
    const webp = await putPhoto(id, { photo_base64: b64(await picture(900, 600, 'webp')), alt: 'Another view' });
    expect(webp.statusCode, webp.body).toBe(200);
    expect(webp.json().photo).toMatchObject({ width: 900, height: 600, alt: 'Another view' });
    // A new photo is a new address.
    expect(webp.json().photo.url).not.toBe(png.json().photo.url);
  });

  it('refuses what is not a usable photo, with a message naming the photo, and keeps the one it had', async () => {
    const { id } = await newCharity();
    expect((await putPhoto(id, { photo_base64: b64(jpeg), alt: ALT })).statusCode).toBe(200);
    const [before] = await ctx.db.select().from(recipientPhotos).where(eq(recipientPhotos.recipient_id, id));

    const huge = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 - jpeg.length + 1)]);
    const manyPixels = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#3a7' } }).png().toBuffer();
    const refusals: [string, object, string][] = [
      ['a GIF', { photo_base64: b64(GIF) }, CHARITY_MESSAGES.photoType],
      ['an SVG', { photo_base64: b64('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"/>') }, CHARITY_MESSAGES.photoType],
      ['a text file', { photo_base64: b64('just some words, not a picture at all') }, CHARITY_MESSAGES.photoType],
      ['text that is not base64', { photo_base64: 'not base64 at all!' }, CHARITY_MESSAGES.photoUnreadable],
      ['a JPEG cut short', { photo_base64: b64(jpeg.subarray(0, Math.floor(jpeg.length / 2))) }, CHARITY_MESSAGES.photoUnreadable],
      ['a JPEG signature and nothing after it', { photo_base64: b64(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])) }, CHARITY_MESSAGES.photoUnreadable],
      ['a file over 5 MB', { photo_base64: b64(huge) }, CHARITY_MESSAGES.photoTooLarge],
      ['a photo narrower than 600', { photo_base64: b64(await picture(599, 800)) }, CHARITY_MESSAGES.photoTooSmall],
      ['a photo lower than 400', { photo_base64: b64(await picture(1200, 399, 'png')) }, CHARITY_MESSAGES.photoTooSmall],
      ['a photo of more than 40 megapixels', { photo_base64: b64(manyPixels) }, CHARITY_MESSAGES.photoTooManyPixels],
      ['no photo', { photo_base64: '' }, CHARITY_MESSAGES.photoRequired],
      ['no description', { photo_base64: b64(jpeg), alt: '   ' }, CHARITY_MESSAGES.photoAltRequired],
      ['a description over 200 characters', { photo_base64: b64(jpeg), alt: 'x'.repeat(201) }, CHARITY_MESSAGES.photoAltTooLong],
    ];
    for (const [what, change, message] of refusals) {
      const res = await putPhoto(id, { alt: ALT, ...change });
      expect(res.statusCode, what).toBe(400);
      expect(res.json().message, what).toContain(message);
    }
    const [after] = await ctx.db.select().from(recipientPhotos).where(eq(recipientPhotos.recipient_id, id));
    expect(after!.sha256).toBe(before!.sha256);
  });

  it('serves the current photo with long immutable caching, an old or missing hash uncached, and 404 without one', async () => {
    const { id } = await newCharity();
    const photo = (await putPhoto(id, { photo_base64: b64(jpeg), alt: ALT })).json().photo;
    const current = await get(photo.card_url);
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(current.headers['x-content-type-options']).toBe('nosniff');
    expect(current.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await get(`/api/recipient/${id}/photo?size=card&v=0000000000000000`)).headers['cache-control']).toBe('no-cache');
    const bare = await get(`/api/recipient/${id}/photo`);
    expect(bare.headers['cache-control']).toBe('no-cache');
    expect((await sharp(bare.rawPayload).metadata()).width).toBe(1200);
    expect((await get(`/api/recipient/${id}/photo?size=huge`)).statusCode).toBe(400);

    const { id: without } = await newCharity();
    const missing = await get(`/api/recipient/${without}/photo?size=card`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: `Charity ${without} has no photo` });
    expect((await get('/api/recipient/999999/photo')).statusCode).toBe(404);
  });

  it('shows the photo and the story in the public answers, and removes the photo with its files', async () => {
    const created = await newCharity({ story: 'It began in a church hall.\r\n\r\nNow it feeds the harbour.' });
    expect(created).toMatchObject({ story: 'It began in a church hall.\n\nNow it feeds the harbour.', photo: null });
    const { id } = created;
    const photo = (await putPhoto(id, { photo_base64: b64(jpeg), alt: ALT })).json().photo;

    const one = (await get(`/api/recipient/${id}`)).json();
    expect(one).toMatchObject({ story: 'It began in a church hall.\n\nNow it feeds the harbour.', photo });
    const listed = (await get('/api/recipient/default/NZ')).json().find((r: { id: number }) => r.id === id);
    expect(listed.photo).toEqual(photo);
    const seeded = (await get('/api/recipient/default/NZ')).json().find((r: { recipient_name: string }) => r.recipient_name === 'Youthline');
    expect(seeded).toMatchObject({ story: '', photo: null });

    const removed = await deletePhoto(id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ id, photo: null, story: 'It began in a church hall.\n\nNow it feeds the harbour.' });
    expect((await get(photo.url)).statusCode).toBe(404);
    expect((await get(`/api/recipient/${id}`)).json().photo).toBeNull();
    expect(await ctx.db.select().from(recipientPhotos).where(eq(recipientPhotos.recipient_id, id))).toHaveLength(0);
    const again = await deletePhoto(id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: `Charity ${id} has no photo to remove` });
    expect((await putPhoto(999_999, { photo_base64: b64(jpeg), alt: ALT })).statusCode).toBe(404);
    expect((await deletePhoto(999_999)).statusCode).toBe(404);
  });

  it('deleting a charity deletes its photo', async () => {
    const { id } = await newCharity();
    await putPhoto(id, { photo_base64: b64(jpeg), alt: ALT });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/admin/charities/${id}`, headers: adminAuth })).statusCode).toBe(200);
    expect(await ctx.db.select().from(recipientPhotos).where(eq(recipientPhotos.recipient_id, id))).toHaveLength(0);
  });

  it('audits setting and removing a photo: where it was served and what it showed, never its bytes', async () => {
    const { id } = await newCharity();
    const audit = async () => (await ctx.app.inject({ method: 'GET', url: '/api/admin/audit', headers: adminAuth })).json<{ entries: AdminAuditEntry[] }>().entries[0]!;
    const rows = async () => (await ctx.db.select({ id: adminAudit.id }).from(adminAudit)).length;

    const count = await rows();
    const photo = (await putPhoto(id, { photo_base64: b64(jpeg), alt: ALT })).json().photo;
    expect(await rows()).toBe(count + 1);
    expect(await audit()).toMatchObject({ action: 'charity.photo_set', target: `charity ${id}`, before: { id, photo: null }, after: { id, photo } });

    expect((await deletePhoto(id)).statusCode).toBe(200);
    expect(await rows()).toBe(count + 2);
    expect(await audit()).toMatchObject({ action: 'charity.photo_delete', target: `charity ${id}`, before: { id, photo }, after: { id, photo: null } });

    // A refused upload or removal records nothing.
    expect((await putPhoto(id, { photo_base64: b64(GIF), alt: ALT })).statusCode).toBe(400);
    expect((await deletePhoto(id)).statusCode).toBe(404);
    expect(await rows()).toBe(count + 2);
  });

  it('is for admins only', async () => {
    const { id } = await newCharity();
    const payload = { photo_base64: b64(jpeg), alt: ALT };
    expect((await putPhoto(id, payload, {})).statusCode).toBe(401);
    expect((await putPhoto(id, payload, userAuth)).statusCode).toBe(403);
    expect((await deletePhoto(id, {})).statusCode).toBe(401);
    expect((await deletePhoto(id, userAuth)).statusCode).toBe(403);
    expect(await ctx.db.select().from(recipientPhotos).where(eq(recipientPhotos.recipient_id, id))).toHaveLength(0);
  });

  it('keeps the story an edit sends, and refuses one that is too long or holds HTML', async () => {
    const { id } = await newCharity({ story: 'First story.' });
    const edit = (fields: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/charities/${id}`,
        payload: { ...charity, recipient_name: `Story Charity ${id}`, logo_base64: undefined, ...fields },
        headers: adminAuth,
      });
    expect((await edit({ story: 'Second story.' })).json()).toMatchObject({ story: 'Second story.' });
    expect((await get(`/api/recipient/${id}`)).json().story).toBe('Second story.');
    const tooLong = await edit({ story: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(CHARITY_MESSAGES.storyTooLong);
    const html = await edit({ story: 'Read <a href="https://evil.example">this</a>' });
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toContain(CHARITY_MESSAGES.storyHtml);
    expect((await get(`/api/recipient/${id}`)).json().story).toBe('Second story.');
    // An old client that sends no story clears it to none, as the form's empty field does.
    expect((await edit({})).json()).toMatchObject({ story: '' });
  });
});
