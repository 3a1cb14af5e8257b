import { HERO_PHOTO_MESSAGES } from '@uplift/core/schemas/campaign';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { adminAndUser } from '../admin/admin.test-support.ts';
import { insertCampaign } from './campaigns.test-support.ts';

// A campaign's hero photo (docs/decisions/170): uploaded by an admin with its description, made on
// the server into AVIF and WebP at 640, 1280 and 1920 px wide (never enlarged), without metadata,
// and named by every answer about the campaign so the landing and the wizard can draw it.

/** A noisy JPEG (so it does not compress to nothing) of the given size, with a camera's EXIF. */
async function picture(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'PhoneCo', Copyright: 'Jane Volunteer' } })
    .toBuffer();
}

const b64 = (b: Buffer) => b.toString('base64');
const ALT = 'Friends sharing a thermos of tea on a frosty morning at the beach';

describe('a campaign’s hero photo', () => {
  let ctx: TestContext;
  let adminAuth: Record<string, string>;
  let userAuth: Record<string, string>;
  let campaignId: number;
  const put = (id: number, payload: object, headers: Record<string, string> = adminAuth) =>
    ctx.app.inject({ method: 'PUT', url: `/api/campaign/${id}/photo`, payload, headers });
  const del = (id: number, headers: Record<string, string> = adminAuth) => ctx.app.inject({ method: 'DELETE', url: `/api/campaign/${id}/photo`, headers });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ adminAuth, userAuth } = await adminAndUser(ctx));
    const today = TEST_NOW.slice(0, 10);
    ({ id: campaignId } = await insertCampaign(ctx.db, { country: 'NZ', campaign_name: 'November Hero Challenge', start_date: today, end_date: '2099-12-31' }));
  }, 60_000);
  afterAll(async () => ctx.close());

  it('has none at first: the answer says photo null, and the pages draw the illustration', async () => {
    const res = await get(`/api/campaign/${campaignId}`);
    expect(res.json().photo).toBeNull();
  });

  it('stores an upload as AVIF and WebP at each width, without its EXIF, and every campaign answer names it', async () => {
    const res = await put(campaignId, { photo_base64: b64(await picture(2400, 1000)), alt: `  ${ALT} ` });
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json().photo;
    const v = /v=([0-9a-f]{16})$/.exec(photo.url)![1]!;
    const at = (format: string, w: number) => `/api/campaign/${campaignId}/photo?format=${format}&w=${w}&v=${v}`;
    expect(photo).toEqual({
      alt: ALT,
      width: 1920,
      height: 800,
      url: at('webp', 1920),
      avif: `${at('avif', 640)} 640w, ${at('avif', 1280)} 1280w, ${at('avif', 1920)} 1920w`,
      webp: `${at('webp', 640)} 640w, ${at('webp', 1280)} 1280w, ${at('webp', 1920)} 1920w`,
    });
    // The public reads the landing and the wizard use carry the same photo.
    expect((await get(`/api/campaign/${campaignId}`)).json().photo).toEqual(photo);
    expect((await get('/api/campaign/closest/NZ')).json()).toMatchObject({ id: campaignId, photo });
    expect((await get('/api/campaign/active/NZ')).json()[0]).toMatchObject({ id: campaignId, photo });

    for (const [format, w, h] of [['avif', 640, 267], ['webp', 640, 267], ['avif', 1280, 533], ['webp', 1920, 800]] as const) {
      const image = await get(at(format, w));
      expect(image.statusCode, `${format} ${w}`).toBe(200);
      expect(image.headers['content-type']).toBe(`image/${format}`);
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta.width, `${format} ${w}`).toBe(w);
      expect(meta.height, `${format} ${w}`).toBe(h);
      expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
      expect(meta.exif, `${format} ${w}`).toBeUndefined();
      expect(image.rawPayload.includes('PhoneCo')).toBe(false);
    }
    // An old address after a new photo is not cached for good; a width never stored is not there.
    expect((await get(`/api/campaign/${campaignId}/photo?format=webp&w=640&v=0000000000000000`)).headers['cache-control']).toBe('no-cache');
    expect((await get(`/api/campaign/${campaignId}/photo?format=webp&w=800`)).statusCode).toBe(404);
  }, 60_000);

  it('never enlarges: a photo narrower than 1920 is stored at its own width', async () => {
    const res = await put(campaignId, { photo_base64: b64(await picture(1500, 600)), alt: ALT });
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json().photo;
    expect(photo).toMatchObject({ width: 1500, height: 600 });
    expect(photo.webp.split(', ').map((s: string) => s.split(' ')[1])).toEqual(['640w', '1280w', '1500w']);
    expect((await get(photo.url)).statusCode).toBe(200);
  }, 60_000);

  it('requires its description, and refuses a photo too small for the hero', async () => {
    const small = await put(campaignId, { photo_base64: b64(await picture(800, 600)), alt: ALT });
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe(HERO_PHOTO_MESSAGES.photoTooSmall);
    for (const alt of ['', '   ', undefined]) {
      const res = await put(campaignId, { photo_base64: b64(await picture(1300, 500)), alt });
      expect(res.statusCode, String(alt)).toBe(400);
      expect(res.json().message, String(alt)).toContain(HERO_PHOTO_MESSAGES.photoAltRequired);
    }
  }, 60_000);

  it('is the admin’s alone to set or remove, and removing it brings the illustration back', async () => {
    expect((await put(campaignId, { photo_base64: b64(await picture(1300, 500)), alt: ALT }, userAuth)).statusCode).toBe(403);
    expect((await del(campaignId, userAuth)).statusCode).toBe(403);
    const removed = await del(campaignId);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().photo).toBeNull();
    expect((await get(`/api/campaign/${campaignId}`)).json().photo).toBeNull();
    expect((await del(campaignId)).statusCode).toBe(404);
    expect((await put(999_999, { photo_base64: b64(await picture(1300, 500)), alt: ALT })).statusCode).toBe(404);
  }, 60_000);
});
