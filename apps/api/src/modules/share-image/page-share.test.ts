import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengePages, fundraisingPhotos } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { pdfText } from '../account/account.test-support.ts';
import { tokenFor } from '../billing/billing.test-support.ts';
import { createPage } from '../gifts/gifts.test-support.ts';

// A public page's QR code and A4 poster (docs/decisions/164), and its share message.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // jsqr is CommonJS: its default export is the module, whose default is the decoder.
  return jsQR.default(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

describe('a page’s QR code and poster', () => {
  it('QR PNG and SVG carry the page’s address with ?via=qr, briefly cacheable', async () => {
    const { page } = await createPage(ctx);
    const png = await get(`/api/pages/${page.slug}/qr.png`);
    expect(png.statusCode, png.body).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('public, max-age=300');
    expect(await decodeQr(png.rawPayload)).toBe(`${ctx.config.appUrl}/p/${page.slug}?via=qr`);

    const svg = await get(`/api/pages/${page.slug}/qr.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['cache-control']).toBe('public, max-age=300');
    expect(await decodeQr(await sharp(svg.rawPayload).resize(600).flatten({ background: '#ffffff' }).png().toBuffer())).toBe(`${ctx.config.appUrl}/p/${page.slug}?via=qr`);
  });

  it('the poster is one A4 page with the name, the line and the page’s address', async () => {
    const { page } = await createPage(ctx);
    // With a photo: the poster draws it (WebP, converted on the server).
    const webp = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3a7' } }).webp().toBuffer();
    const [photo] = await ctx.db.insert(fundraisingPhotos).values({ data: webp, card_data: webp, sha256: 'a'.repeat(64), width: 300, height: 300 }).returning();
    await ctx.db.update(challengePages).set({ photo_id: photo!.id }).where(eq(challengePages.id, page.id));

    const res = await get(`/api/pages/${page.slug}/poster.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-disposition']).toBe(`inline; filename="uplift-poster-${page.slug}.pdf"`);
    const task = getDocument({ data: new Uint8Array(res.rawPayload) });
    const doc = await task.promise;
    expect(doc.numPages).toBe(1);
    const [, , w, h] = (await doc.getPage(1)).view;
    expect([Math.round(w!), Math.round(h!)]).toEqual([595, 842]);
    await task.destroy();
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Back Aroha P.');
    expect(text).toMatch(/Aroha P\. is giving up .+ for four weeks for .+\./);
    expect(text).toContain('Scan to give');
    expect(text).toContain(`/p/${page.slug}`);
  });

  it('404 for a draft, a page an admin hid and an unknown address, the same answer', async () => {
    const draft = (await createPage(ctx, { published: false })).page;
    const hidden = (await createPage(ctx, { moderated: true })).page;
    for (const slug of [draft.slug, hidden.slug, 'no-such-page']) {
      for (const file of ['qr.png', 'qr.svg', 'poster.pdf']) {
        const res = await get(`/api/pages/${slug}/${file}`);
        expect(res.statusCode, `${slug}/${file}`).toBe(404);
        expect(res.json()).toEqual({ code: 'share_image.page_not_found', message: 'No public page at this address' });
        expect(String(res.headers['cache-control'] ?? ''), `${slug}/${file}`).not.toMatch(/public/);
      }
    }
  });
});

describe('a page’s share message', () => {
  it('the owner writes it on /my-page; friends sharing /p get it, or the country’s default', async () => {
    const { page, user } = await createPage(ctx, { country: 'UK' });
    const auth = { authorization: `Bearer ${await tokenFor(ctx, user.id)}` };
    expect((await get(`/api/pages/${page.slug}`)).json()).toMatchObject({ share_message: 'Aroha P. is giving something up for four weeks for a good cause. Fancy backing them?' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/my-page', headers: auth })).json()).toMatchObject({ share_message: null });

    const patch = (share_message: unknown) => ctx.app.inject({ method: 'PATCH', url: '/api/my-page', headers: auth, payload: { share_message } });
    const set = await patch('  Back my month without crisps, cheers!  ');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ share_message: 'Back my month without crisps, cheers!' });
    expect((await get(`/api/pages/${page.slug}`)).json()).toMatchObject({ share_message: 'Back my month without crisps, cheers!' });

    expect((await patch('x'.repeat(201))).json()).toMatchObject({ message: expect.stringContaining('Share message: at most 200 characters') });
    expect((await patch('')).json()).toMatchObject({ share_message: null });
    expect((await get(`/api/pages/${page.slug}`)).json()).toMatchObject({ share_message: expect.stringMatching(/^Aroha P\. /) });
  });
});
