import { PAGE_MESSAGES } from '@uplift/core/schemas/challenge-pages';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengePages, fundraisingPhotos, gifts, pageUpdates, payments, pledges } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { setPasswordHash } from '../auth/auth.repository.ts';
import { hashPassword } from '../auth/password.ts';
import { createCampaign, createConfirmedPledge, tokenFor } from '../billing/billing.test-support.ts';
import { setPageModeration } from './index.ts';
import { setUpdateModeration } from './page-backing.service.ts';

// A page worth backing (docs/decisions/166): the cover, the weeks and impact, the owner's updates.

let ctx: TestContext;
let campaignId: number;
beforeAll(async () => {
  ctx = await createTestContext(); // 2026-11-23 09:00 UTC: 22:00 on the campaign's first payment day in Auckland
  campaignId = (await createCampaign(ctx.db)).id;
});
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
async function call(userId: number | undefined, method: Method, url: string, payload?: object) {
  const headers: Record<string, string> = userId ? { authorization: `Bearer ${await tokenFor(ctx, userId)}` } : {};
  return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

let slugs = 0;
async function participant(opts: { publish?: boolean; campaign?: number } = {}) {
  const made = await createConfirmedPledge(ctx.db, { campaignId: opts.campaign ?? campaignId });
  const slug = `backer-${++slugs}`;
  expect((await call(made.user.id, 'POST', '/api/my-page', { slug })).statusCode).toBe(201);
  if (opts.publish !== false) expect((await call(made.user.id, 'PATCH', '/api/my-page', { published: true })).statusCode).toBe(200);
  const [page] = await ctx.db.select().from(challengePages).where(eq(challengePages.slug, slug));
  return { ...made, slug, page: page! };
}

async function picture(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer();
}
const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');

describe('a page’s cover', () => {
  it('is cropped to 3:1, kept as WebP and AVIF in two sizes, and served only while the page and its photos are shown', async () => {
    const p = await participant();
    const res = await call(p.user.id, 'PUT', '/api/my-page/cover', { photo_base64: `data:image/png;base64,${b64(await picture(2000, 1500))}` });
    expect(res.statusCode, res.body).toBe(200);
    const cover = res.json().cover;
    expect(cover).toMatchObject({ width: 1500, height: 500 });
    expect(cover.avif).toMatch(new RegExp(`^/api/pages/${p.slug}/cover/[0-9a-f]{16}\\.avif$`));
    expect(cover.webp_small).toMatch(/\.webp\?size=card$/);
    expect((await call(undefined, 'GET', `/api/pages/${p.slug}`)).json().cover).toEqual(cover);

    const avif = await call(undefined, 'GET', cover.avif);
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers['cache-control']).toContain('immutable');
    const small = await sharp(Buffer.from((await call(undefined, 'GET', cover.webp_small)).rawPayload)).metadata();
    expect([small.format, small.width, small.height]).toEqual(['webp', 750, 250]);
    const full = await sharp(avif.rawPayload).metadata();
    expect([full.width, full.height]).toEqual([1500, 500]);

    // An admin's hide of the page's photo hides the cover too; its owner still sees it.
    await setPageModeration(ctx.db, p.page.id, { photoHidden: true });
    expect((await call(undefined, 'GET', `/api/pages/${p.slug}`)).json().cover).toBeNull();
    expect((await call(undefined, 'GET', cover.webp)).statusCode).toBe(404);
    expect((await call(p.user.id, 'GET', '/api/my-page')).json().cover).toEqual(cover);
  });

  it('keeps a smaller picture at its own size, replaces the old cover, and is removed with its bytes', async () => {
    const p = await participant();
    const first = (await call(p.user.id, 'PUT', '/api/my-page/cover', { photo_base64: b64(await picture(900, 400)) })).json();
    expect(first.cover).toMatchObject({ width: 900, height: 300 });
    const [row1] = await ctx.db.select().from(challengePages).where(eq(challengePages.id, p.page.id));
    const second = await call(p.user.id, 'PUT', '/api/my-page/cover', { photo_base64: b64(await picture(1200, 1200)) });
    expect(second.json().cover).toMatchObject({ width: 1200, height: 400 });
    expect(await ctx.db.select().from(fundraisingPhotos).where(eq(fundraisingPhotos.id, row1!.cover_id!))).toEqual([]);
    const [row2] = await ctx.db.select().from(challengePages).where(eq(challengePages.id, p.page.id));
    const removed = await call(p.user.id, 'DELETE', '/api/my-page/cover');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().cover).toBeNull();
    expect(await ctx.db.select().from(fundraisingPhotos).where(eq(fundraisingPhotos.id, row2!.cover_id!))).toEqual([]);
    const again = await call(p.user.id, 'DELETE', '/api/my-page/cover');
    expect([again.statusCode, again.json().message]).toEqual([404, 'Your page has no cover photo to remove']);
  });

  it('refuses a bad upload with a 400 that names the cover; needs a page and a signed-in owner', async () => {
    const p = await participant();
    const cases: [string, string, string][] = [
      ['too small for a cover', b64(await picture(800, 600)), PAGE_MESSAGES.coverTooSmall],
      ['too short for 3:1', b64(await picture(1200, 299)), PAGE_MESSAGES.coverTooSmall],
      ['a GIF', b64(Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64')), PAGE_MESSAGES.coverType],
      ['not base64', 'not base64 at all!', PAGE_MESSAGES.coverUnreadable],
      ['nothing', '', PAGE_MESSAGES.coverRequired],
    ];
    for (const [what, photo, message] of cases) {
      const res = await call(p.user.id, 'PUT', '/api/my-page/cover', { photo_base64: photo });
      expect([what, res.statusCode, res.json().message]).toEqual([what, 400, message]);
    }
    expect((await call(undefined, 'PUT', '/api/my-page/cover', { photo_base64: 'x' })).statusCode).toBe(401);
    const noPage = await createConfirmedPledge(ctx.db, { campaignId });
    expect((await call(noPage.user.id, 'PUT', '/api/my-page/cover', { photo_base64: b64(await picture(900, 300)) })).statusCode).toBe(404);
  });
});

describe('the weeks, the impact and the charity’s line', () => {
  it('says the week in the country’s time zone, the units given up from what the pledge brought in, and the charity’s cause', async () => {
    const p = await participant();
    const before = (await call(undefined, 'GET', `/api/pages/${p.slug}`)).json();
    expect(before.weeks).toEqual({ state: 'during', text: 'Week 1 of 4' });
    // Nothing received yet: no impact line, and nothing pledged is called given.
    expect(before.impact_line).toBeNull();
    expect(before.charity.cause.length).toBeGreaterThan(0);
    expect(before.charity.cause).not.toContain('\n');

    // Two weekly payments of $17.50 received; a pledge of $3.50 a coffee: 10 coffees.
    const paid = p.payments.slice(0, 2).map((x) => x.id);
    await ctx.db.update(payments).set({ payment_status: 'Success' }).where(inArray(payments.id, paid));
    const after = (await call(undefined, 'GET', `/api/pages/${p.slug}`)).json();
    expect(after.impact_line).toBe('10 coffees given up so far ≈ $35.00');
    // A friend's gift is the page's money, not the participant's coffees.
    await ctx.db.insert(gifts).values({
      page_id: p.page.id,
      campaign_id: p.page.campaign_id,
      recipient_id: p.pledge.recipient_id,
      amount: 2500 as never,
      donor_name: 'Ana Friend',
      donor_email: 'ana@example.org',
      status: 'succeeded',
      idempotency_key: `k-${p.slug}`,
      client_key: `c-${p.slug}`,
    });
    const mine = (await call(p.user.id, 'GET', '/api/my-page')).json();
    expect(mine.impact_line).toBe('10 coffees given up so far ≈ $35.00');
    expect(mine.suggested_update).toBe('Week 1 under way: 10 coffees skipped, $60.00 given so far — thank you Ana!');
  });

  it('says "Starts …" before the first payment day and "Finished" after the last week', async () => {
    const later = (await createCampaign(ctx.db, { billingStart: '2026-11-28' })).id; // a Saturday, five days on
    const p = await participant({ campaign: later });
    expect((await call(undefined, 'GET', `/api/pages/${p.slug}`)).json().weeks).toEqual({ state: 'before', text: 'Starts Saturday' });
    const past = (await createCampaign(ctx.db, { billingStart: '2026-10-19' })).id;
    const q = await participant({ campaign: past });
    expect((await call(undefined, 'GET', `/api/pages/${q.slug}`)).json().weeks).toEqual({ state: 'after', text: 'Finished' });
  });
});

describe('a page’s updates', () => {
  it('are posted and deleted by the page’s owner only, shown newest first, with a photo if given', async () => {
    const p = await participant();
    const other = await participant();
    const first = await call(p.user.id, 'POST', '/api/my-page/updates', { body: 'Week 1 done: 5 coffees skipped' });
    expect(first.statusCode, first.body).toBe(201);
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 60_000).toISOString());
    const second = await call(p.user.id, 'POST', '/api/my-page/updates', { body: 'A photo of my home brew', photo_base64: b64(await picture(300, 300)) });
    expect(second.statusCode, second.body).toBe(201);
    const updates = second.json().updates;
    expect(updates.map((u: { body: string }) => u.body)).toEqual(['A photo of my home brew', 'Week 1 done: 5 coffees skipped']);
    expect(updates[1].photo_url).toBeNull();
    const shown = (await call(undefined, 'GET', `/api/pages/${p.slug}`)).json().updates;
    expect(shown.map((u: { body: string }) => u.body)).toEqual(['A photo of my home brew', 'Week 1 done: 5 coffees skipped']);
    expect((await call(undefined, 'GET', shown[0].photo_url)).headers['content-type']).toBe('image/webp');

    // Another donor cannot delete it: their own page has no such update (404), and nothing changes.
    const stranger = await call(other.user.id, 'DELETE', `/api/my-page/updates/${updates[0].id}`);
    expect([stranger.statusCode, stranger.json().message]).toEqual([404, 'There is no such update on your page']);
    expect((await call(undefined, 'DELETE', `/api/my-page/updates/${updates[0].id}`)).statusCode).toBe(401);
    expect((await call(undefined, 'POST', '/api/my-page/updates', { body: 'hi' })).statusCode).toBe(401);

    const [withPhoto] = await ctx.db.select().from(pageUpdates).where(eq(pageUpdates.id, updates[0].id));
    const deleted = await call(p.user.id, 'DELETE', `/api/my-page/updates/${updates[0].id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().updates.map((u: { body: string }) => u.body)).toEqual(['Week 1 done: 5 coffees skipped']);
    expect(await ctx.db.select().from(fundraisingPhotos).where(eq(fundraisingPhotos.id, withPhoto!.photo_id!))).toEqual([]);
  });

  it('refuses an empty or too long update, and HTML stays text', async () => {
    const p = await participant();
    for (const [body, message] of [
      ['   ', PAGE_MESSAGES.updateRequired],
      ['x'.repeat(501), PAGE_MESSAGES.updateTooLong],
    ] as const) {
      const res = await call(p.user.id, 'POST', '/api/my-page/updates', { body });
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect((await call(p.user.id, 'POST', '/api/my-page/updates', { body: 'x'.repeat(500) })).statusCode).toBe(201);
  });

  it('are not shown on a page that is not public, nor one an admin hid; the owner still sees a hidden one', async () => {
    const p = await participant();
    const posted = (await call(p.user.id, 'POST', '/api/my-page/updates', { body: 'Halfway there' })).json().updates[0];
    expect(await setUpdateModeration(ctx.db, posted.id, new Date())).toBe(true);
    expect((await call(undefined, 'GET', `/api/pages/${p.slug}`)).json().updates).toEqual([]);
    expect((await call(p.user.id, 'GET', '/api/my-page')).json().updates).toMatchObject([{ id: posted.id, hidden: true }]);

    // A draft page answers 404, updates and all.
    const draft = await participant({ publish: false });
    expect((await call(draft.user.id, 'POST', '/api/my-page/updates', { body: 'Only me for now' })).statusCode).toBe(201);
    expect((await call(undefined, 'GET', `/api/pages/${draft.slug}`)).statusCode).toBe(404);
    // A page an admin hid too.
    await setPageModeration(ctx.db, p.page.id, { hidden: true, reason: 'Not suitable' });
    expect((await call(undefined, 'GET', `/api/pages/${p.slug}`)).statusCode).toBe(404);
  });

  it('go with their page when it is deleted, photos and cover too', async () => {
    const p = await participant();
    await call(p.user.id, 'PUT', '/api/my-page/cover', { photo_base64: b64(await picture(900, 300)) });
    await call(p.user.id, 'POST', '/api/my-page/updates', { body: 'With a photo', photo_base64: b64(await picture(300, 300)) });
    const [row] = await ctx.db.select().from(challengePages).where(eq(challengePages.id, p.page.id));
    const [update] = await ctx.db.select().from(pageUpdates).where(eq(pageUpdates.page_id, p.page.id));
    expect((await call(p.user.id, 'DELETE', '/api/my-page')).statusCode).toBe(204);
    expect(await ctx.db.select().from(pageUpdates).where(eq(pageUpdates.page_id, p.page.id))).toEqual([]);
    expect(await ctx.db.select().from(fundraisingPhotos).where(inArray(fundraisingPhotos.id, [row!.cover_id!, update!.photo_id!]))).toEqual([]);
    expect(await ctx.db.select().from(pledges).where(eq(pledges.id, p.pledge.id))).toHaveLength(1);
  });
});

describe('the owner’s data (docs/decisions/173)', () => {
  it('the export holds the page’s cover and every update, hidden ones too, and nothing of another donor’s page', async () => {
    const p = await participant();
    const other = await participant();
    await call(p.user.id, 'PUT', '/api/my-page/cover', { photo_base64: b64(await picture(900, 300)) });
    const posted = (await call(p.user.id, 'POST', '/api/my-page/updates', { body: 'My first week', photo_base64: b64(await picture(300, 300)) })).json().updates[0];
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 60_000).toISOString());
    const hidden = (await call(p.user.id, 'POST', '/api/my-page/updates', { body: 'A hidden one' })).json().updates[0];
    const hiddenAt = new Date('2026-11-24T10:00:00Z');
    await setUpdateModeration(ctx.db, hidden.id, hiddenAt);
    await call(other.user.id, 'PUT', '/api/my-page/cover', { photo_base64: b64(await picture(900, 300)) });
    await call(other.user.id, 'POST', '/api/my-page/updates', { body: 'Not yours to export' });
    const cover = (await call(p.user.id, 'GET', '/api/my-page')).json().cover;

    const exported = (await call(p.user.id, 'GET', '/api/account/export')).json();
    expect(exported.challenge_pages).toEqual([
      expect.objectContaining({
        slug: p.slug,
        has_cover: true,
        cover_url: cover.webp,
        updates: [
          { body: 'My first week', photo_url: posted.photo_url, posted_at: posted.created_at, hidden_at: null },
          { body: 'A hidden one', photo_url: null, posted_at: hidden.created_at, hidden_at: hiddenAt.toISOString() },
        ],
      }),
    ]);
    expect(posted.photo_url).toMatch(new RegExp(`^/api/pages/${p.slug}/updates/${posted.id}/photo/`));
    expect(JSON.stringify(exported)).not.toContain('Not yours to export');
    expect(JSON.stringify(exported)).not.toContain(other.slug);

    // A page without a cover or updates says so.
    const bare = await participant();
    expect((await call(bare.user.id, 'GET', '/api/account/export')).json().challenge_pages).toEqual([expect.objectContaining({ has_cover: false, cover_url: null, updates: [] })]);
  });

  it('erasing the account deletes the page’s updates, their photos and the cover', async () => {
    const p = await participant();
    await call(p.user.id, 'PUT', '/api/my-page/cover', { photo_base64: b64(await picture(900, 300)) });
    await call(p.user.id, 'POST', '/api/my-page/updates', { body: 'Gone with me', photo_base64: b64(await picture(300, 300)) });
    const [row] = await ctx.db.select().from(challengePages).where(eq(challengePages.id, p.page.id));
    const [update] = await ctx.db.select().from(pageUpdates).where(eq(pageUpdates.page_id, p.page.id));
    const password = 'a long and memorable passphrase';
    await setPasswordHash(ctx.db, p.user.id, await hashPassword(password), new Date());

    const erased = await call(p.user.id, 'POST', '/api/account/erase', { password });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await ctx.db.select().from(pageUpdates).where(eq(pageUpdates.id, update!.id))).toEqual([]);
    expect(await ctx.db.select().from(fundraisingPhotos).where(inArray(fundraisingPhotos.id, [row!.cover_id!, update!.photo_id!]))).toEqual([]);
  });
});

describe('a team’s captain’s message', () => {
  it('is written by the captain only and shown on the team page with the captain’s name', async () => {
    const captain = await participant();
    const member = await participant();
    const slug = `team-backers-${slugs}`;
    expect((await call(captain.user.id, 'POST', '/api/teams', { slug, name: 'Backers' })).statusCode).toBe(201);
    expect((await call(member.user.id, 'POST', `/api/teams/${slug}/join`)).statusCode).toBe(200);
    expect((await call(member.user.id, 'PATCH', `/api/teams/${slug}`, { captain_message: 'Not mine to say' })).statusCode).toBe(403);
    const res = await call(captain.user.id, 'PATCH', `/api/teams/${slug}`, { captain_message: 'Thank you all — one more week!' });
    expect(res.statusCode, res.body).toBe(200);
    const team = (await call(undefined, 'GET', `/api/teams/${slug}`)).json();
    expect(team).toMatchObject({ captain_message: 'Thank you all — one more week!', captain_name: 'Aroha D.' });
    expect(team.members).toHaveLength(2);
    const long = await call(captain.user.id, 'PATCH', `/api/teams/${slug}`, { captain_message: 'x'.repeat(501) });
    expect([long.statusCode, long.json().message]).toEqual([400, PAGE_MESSAGES.captainMessageTooLong]);
  });
});
