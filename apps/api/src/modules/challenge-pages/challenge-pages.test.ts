import { crc32 } from 'node:zlib';
import { PAGE_MESSAGES } from '@uplift/core/schemas/challenge-pages';
import { SLUG_MESSAGES } from '@uplift/core/slug';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengePages, fundraisingPhotos, gifts, payments, pledges, refunds, teams, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { anonymiseLapsedDonors } from '../account/index.ts';
import { setPasswordHash } from '../auth/auth.repository.ts';
import { hashPassword } from '../auth/password.ts';
import { createCampaign, createConfirmedPledge, createDonor, tokenFor } from '../billing/billing.test-support.ts';
import { setPageModeration, setTeamModeration } from './index.ts';

// Challenge pages, their photos and teams (docs/decisions/139, 142), on real PostgreSQL.

let ctx: TestContext;
let campaignId: number;
let ukCampaignId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  campaignId = (await createCampaign(ctx.db)).id;
  ukCampaignId = (await createCampaign(ctx.db, { country: 'UK' })).id;
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
const nextSlug = (base = 'sam') => `${base}-${++slugs}`;

/** A donor with a Confirmed pledge of 4 × 17.50 and a page (published unless said). */
async function participant(opts: { publish?: boolean; campaign?: number; country?: 'NZ' | 'UK' } = {}) {
  const made = await createConfirmedPledge(ctx.db, { campaignId: opts.campaign ?? campaignId, country: opts.country ?? 'NZ' });
  const slug = nextSlug();
  const res = await call(made.user.id, 'POST', '/api/my-page', { slug });
  expect(res.statusCode, res.body).toBe(201);
  if (opts.publish !== false) expect((await call(made.user.id, 'PATCH', '/api/my-page', { published: true })).statusCode).toBe(200);
  const [page] = await ctx.db.select().from(challengePages).where(eq(challengePages.slug, slug));
  return { ...made, slug, page: page! };
}

let giftKeys = 0;
async function gift(pageId: number, amount: number, fields: Partial<typeof gifts.$inferInsert> = {}) {
  const [page] = await ctx.db.select().from(challengePages).where(eq(challengePages.id, pageId));
  const [pledge] = await ctx.db.select().from(pledges).where(eq(pledges.id, page!.pledge_id));
  const key = `g-${++giftKeys}`;
  const [row] = await ctx.db
    .insert(gifts)
    .values({
      page_id: pageId,
      campaign_id: page!.campaign_id,
      recipient_id: pledge!.recipient_id,
      amount: amount as never,
      donor_name: 'Mere Friend',
      donor_email: 'mere@example.org',
      status: 'succeeded',
      idempotency_key: key,
      client_key: key,
      ...fields,
    })
    .returning();
  return row!;
}

/** A PNG whose header claims `width` × `height` with no real pixels after it: only the header can be read. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.from([0x78, 0x9c])), chunk('IEND', Buffer.alloc(0))]);
}

async function picture(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '36/1 50/1 5/1', GPSLongitudeRef: 'E', GPSLongitude: '174/1 45/1 40/1' } })
    .toBuffer();
}
const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');

describe('a participant’s page', () => {
  it('needs a signed-in donor with a Confirmed pledge', async () => {
    expect((await call(undefined, 'POST', '/api/my-page', { slug: 'nobody' })).statusCode).toBe(401);
    expect((await call(undefined, 'GET', '/api/my-page')).statusCode).toBe(401);
    // Signed out, a bad body is still a 401: nothing is learnt from validation.
    expect((await call(undefined, 'PATCH', '/api/my-page', { goal: 'x' })).statusCode).toBe(401);
    const donor = await createDonor(ctx.db);
    const res = await call(donor.id, 'POST', '/api/my-page', { slug: nextSlug() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('confirmed pledge');
    const none = await call(donor.id, 'GET', '/api/my-page');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('You have no challenge page yet');
  });

  it('starts as a draft with the defaults: first name and initial, goal twice the pledge, off the leaderboard, gift mails on; one page per pledge', async () => {
    const made = await createConfirmedPledge(ctx.db, { campaignId });
    await ctx.db.update(users).set({ first_name: 'Sam', last_name: 'taylor' }).where(eq(users.id, made.user.id));
    const slug = nextSlug();
    const res = await call(made.user.id, 'POST', '/api/my-page', { slug: `  ${slug.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      slug,
      display_name: 'Sam T.',
      story: '',
      goal: 2 * 4 * 1750,
      public: false,
      published_at: null,
      on_leaderboard: false,
      gift_mails: true,
      country: 'NZ',
      // Nothing of the pledge is paid yet: $0.00 raised, the pledge beside it (product-rules §21).
      raised: { pledged: 7000, received_minor: 0, gifts: 0, total: 0, gift_count: 0, matched: 0 },
      weeks_done: 0,
      weeks_total: 4,
      team: null,
      photo_url: null,
    });
    const again = await call(made.user.id, 'POST', '/api/my-page', { slug: nextSlug() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have a challenge page for this pledge');
  });

  it('refuses an address that breaks the rule, is reserved or is taken, saying which; the live check says the same', async () => {
    const taken = await participant();
    const made = await createConfirmedPledge(ctx.db, { campaignId });
    const cases: [string, string][] = [
      ['ab', SLUG_MESSAGES.tooShort],
      ['a'.repeat(41), SLUG_MESSAGES.tooLong],
      ['sam_smith', SLUG_MESSAGES.characters],
      ['sam smith', SLUG_MESSAGES.characters],
      ['-sam', SLUG_MESSAGES.hyphenEdge],
      ['sam-', SLUG_MESSAGES.hyphenEdge],
      ['admin', SLUG_MESSAGES.reserved],
      ['api', SLUG_MESSAGES.reserved],
      ['new', SLUG_MESSAGES.reserved],
      ['edit', SLUG_MESSAGES.reserved],
    ];
    for (const [slug, message] of cases) {
      const res = await call(made.user.id, 'POST', '/api/my-page', { slug });
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().message, slug).toContain(message);
      const live = await call(undefined, 'GET', `/api/pages/slug-available?slug=${encodeURIComponent(slug)}`);
      expect(live.json(), slug).toEqual({ available: false, message });
    }
    const dup = await call(made.user.id, 'POST', '/api/my-page', { slug: taken.slug });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('That address is taken');
    expect((await call(undefined, 'GET', `/api/pages/slug-available?slug=${taken.slug}`)).json()).toEqual({ available: false, message: 'That address is taken' });
    expect((await call(undefined, 'GET', `/api/pages/slug-available?slug=${taken.slug}-x`)).json()).toEqual({ available: true });
    // Teams have their own addresses.
    expect((await call(undefined, 'GET', `/api/pages/slug-available?slug=${taken.slug}&kind=team`)).json()).toEqual({ available: true });
  });

  it('validates each field with a message naming it', async () => {
    const p = await participant({ publish: false });
    const cases: [object, string][] = [
      [{ display_name: '   ' }, PAGE_MESSAGES.displayNameRequired],
      [{ display_name: 'x'.repeat(61) }, PAGE_MESSAGES.displayNameTooLong],
      [{ story: 'x'.repeat(1001) }, PAGE_MESSAGES.storyTooLong],
      [{ goal: 0 }, PAGE_MESSAGES.goalInvalid],
      [{ goal: 12.5 }, PAGE_MESSAGES.goalInvalid],
      [{ goal: 10_000_001 }, PAGE_MESSAGES.goalTooLarge],
      [{ on_leaderboard: 'yes' }, 'on_leaderboard'],
    ];
    for (const [payload, message] of cases) {
      const res = await call(p.user.id, 'PATCH', '/api/my-page', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toContain(message);
    }
  });

  it('keeps HTML in the story as text, exactly as written', async () => {
    const p = await participant();
    const story = '<script>alert("hi")</script>\n<b>Bold</b> & <img src=x onerror=alert(1)>';
    expect((await call(p.user.id, 'PATCH', '/api/my-page', { story })).json().story).toBe(story);
    expect((await call(undefined, 'GET', `/api/pages/${p.slug}`)).json().story).toBe(story);
  });

  it('is public only while published and not hidden by an admin; a draft, a hidden page and an unknown address answer the same 404', async () => {
    const p = await participant({ publish: false });
    const unknown = await call(undefined, 'GET', '/api/pages/no-such-page-here');
    expect(unknown.statusCode).toBe(404);
    // A path that cannot be an address (a NUL byte) is refused before any query.
    const malformed = await call(undefined, 'GET', '/api/pages/%00');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('slug: not the address of a page or team');
    const draft = await call(undefined, 'GET', `/api/pages/${p.slug}`);
    expect(draft.statusCode).toBe(404);
    expect(draft.json()).toEqual(unknown.json());
    // The owner sees it whatever its state.
    expect((await call(p.user.id, 'GET', '/api/my-page')).json()).toMatchObject({ slug: p.slug, public: false });

    const published = await call(p.user.id, 'PATCH', '/api/my-page', { published: true });
    expect(published.json()).toMatchObject({ public: true });
    expect((await call(undefined, 'GET', `/api/pages/${p.slug}`)).statusCode).toBe(200);

    await setPageModeration(ctx.db, p.page.id, { hidden: true });
    const moderated = await call(undefined, 'GET', `/api/pages/${p.slug}`);
    expect(moderated.statusCode).toBe(404);
    expect(moderated.json()).toEqual(unknown.json());
    expect((await call(p.user.id, 'GET', '/api/my-page')).json()).toMatchObject({ public: false, moderated: true });
    await setPageModeration(ctx.db, p.page.id, { hidden: false });

    expect((await call(p.user.id, 'PATCH', '/api/my-page', { published: false })).json()).toMatchObject({ public: false, published_at: null });
    expect((await call(undefined, 'GET', `/api/pages/${p.slug}`)).statusCode).toBe(404);
  });

  it('is changed only by its owner: /api/my-page is always the signed-in donor’s own page', async () => {
    const owner = await participant();
    const other = await createDonor(ctx.db);
    expect((await call(other.id, 'PATCH', '/api/my-page', { display_name: 'Hacked' })).statusCode).toBe(404);
    expect((await call(other.id, 'DELETE', '/api/my-page')).statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/api/pages/${owner.slug}`)).json().display_name).not.toBe('Hacked');
  });

  it('shows the challenge, the charity, the country and the weeks done (of 4, or 5 with a skipped week)', async () => {
    const p = await participant({ campaign: ukCampaignId, country: 'UK' });
    await ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.id, p.payments[0]!.id));
    await ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.id, p.payments[1]!.id));
    let body = (await call(undefined, 'GET', `/api/pages/${p.slug}`)).json();
    expect(body).toMatchObject({ country: 'UK', weeks_done: 2, weeks_total: 4, charity: { id: p.recipient.id, name: p.recipient.recipient_name } });
    expect(body.challenge.name).toBeTruthy();
    await ctx.db.update(payments).set({ skipped_from: p.payments[2]!.processing_date, processing_date: '2026-12-21' }).where(eq(payments.id, p.payments[2]!.id));
    body = (await call(undefined, 'GET', `/api/pages/${p.slug}`)).json();
    expect(body).toMatchObject({ weeks_done: 2, weeks_total: 5 });
  });

  it('counts what it raised from the ledger: money received, the pledge\'s payments net of refunds and succeeded gifts only, the pledge beside it; a cancelled pledge counts what was paid', async () => {
    const p = await participant();
    await gift(p.page.id, 2500);
    await gift(p.page.id, 1000, { status: 'failed' });
    await gift(p.page.id, 700, { status: 'pending' });
    await ctx.db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.id, p.payments[0]!.id));
    await ctx.db.insert(refunds).values({ payment_id: p.payments[0]!.id, amount: 500 as never, reason: 'asked', status: 'succeeded', idempotency_key: `r-${p.slug}`, created_at: new Date() });
    expect((await call(undefined, 'GET', `/api/pages/${p.slug}`)).json().raised).toEqual({ pledged: 7000 - 500, received_minor: 1750 - 500, gifts: 2500, total: 1250 + 2500, gift_count: 1, matched: 0 });

    await ctx.db.update(pledges).set({ pledge_status: 'Cancelled' }).where(eq(pledges.id, p.pledge.id));
    // Cancelled: only the Success payment (1750) less its refund (500).
    expect((await call(undefined, 'GET', `/api/pages/${p.slug}`)).json().raised).toEqual({ pledged: 1250, received_minor: 1250, gifts: 2500, total: 3750, gift_count: 1, matched: 0 });
  });

  it('lists gifts newest first, 20 at a time with a cursor; hides names, amounts and moderated messages; never an email', async () => {
    const p = await participant();
    const base = Date.parse('2026-11-24T00:00:00Z');
    for (let i = 0; i < 23; i++) await gift(p.page.id, 100 + i, { created_at: new Date(base + i * 60_000), message: `Go ${i}` });
    await gift(p.page.id, 5000, { created_at: new Date(base + 3_600_000), hide_name: true, hide_amount: true, message: 'Secret' });
    await gift(p.page.id, 4000, { created_at: new Date(base + 7_200_000), message: 'rude words', message_moderated_at: new Date() });
    const res = await call(undefined, 'GET', `/api/pages/${p.slug}`);
    expect(res.body).not.toContain('mere@example.org');
    const first = res.json().gifts;
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ name: 'Mere Friend', amount: 4000, message: '' });
    expect(first.items[1]).toMatchObject({ name: 'Anonymous', amount: null, message: 'Secret' });
    expect(first.items[2]).toMatchObject({ name: 'Mere Friend', amount: 122, message: 'Go 22' });
    expect(first.next_cursor).toEqual(expect.any(String));
    const more = (await call(undefined, 'GET', `/api/pages/${p.slug}/gifts?cursor=${first.next_cursor}`)).json();
    expect(more.items.map((g: { amount: number }) => g.amount)).toEqual([104, 103, 102, 101, 100]);
    expect(more.next_cursor).toBeNull();
    expect((await call(undefined, 'GET', `/api/pages/${p.slug}/gifts?cursor=bogus`)).statusCode).toBe(400);
  });

  it('is deleted with its photo; its gifts stay in the ledger without it', async () => {
    const p = await participant();
    const g = await gift(p.page.id, 1500);
    expect((await call(p.user.id, 'PUT', '/api/my-page/photo', { photo_base64: b64(await picture(300, 300)) })).statusCode).toBe(200);
    const [withPhoto] = await ctx.db.select().from(challengePages).where(eq(challengePages.id, p.page.id));
    expect((await call(p.user.id, 'DELETE', '/api/my-page')).statusCode).toBe(204);
    expect(await ctx.db.select().from(challengePages).where(eq(challengePages.id, p.page.id))).toEqual([]);
    expect(await ctx.db.select().from(fundraisingPhotos).where(eq(fundraisingPhotos.id, withPhoto!.photo_id!))).toEqual([]);
    const [kept] = await ctx.db.select().from(gifts).where(eq(gifts.id, g.id));
    expect(kept).toMatchObject({ page_id: null, amount: 1500, status: 'succeeded' });
  });
});

describe('a page’s photo', () => {
  it('is re-encoded as WebP without metadata, in two sizes, served by its hash with immutable caching', async () => {
    const p = await participant();
    const jpeg = await picture(1600, 1200);
    const res = await call(p.user.id, 'PUT', '/api/my-page/photo', { photo_base64: `data:image/jpeg;base64,${b64(jpeg)}` });
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().photo_url;
    expect(url).toMatch(new RegExp(`^/api/pages/${p.slug}/photo/[0-9a-f]{16}\\.webp$`));
    const full = await call(undefined, 'GET', url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    expect(meta.exif).toBeUndefined();
    const card = await sharp((await call(undefined, 'GET', `${url}?size=card`)).rawPayload).metadata();
    expect(card.width).toBe(600);
    expect((await call(undefined, 'GET', `/api/pages/${p.slug}`)).json().photo_url).toBe(url);
    // Another hash is not this photo.
    expect((await call(undefined, 'GET', `/api/pages/${p.slug}/photo/0000000000000000.webp`)).statusCode).toBe(404);
    // Hidden by an admin: not shown, not served.
    await setPageModeration(ctx.db, p.page.id, { photoHidden: true });
    expect((await call(undefined, 'GET', `/api/pages/${p.slug}`)).json().photo_url).toBeNull();
    expect((await call(undefined, 'GET', url)).statusCode).toBe(404);
  });

  it('refuses what is not a fitting picture, naming the photo; a decompression bomb is refused from its header', async () => {
    const p = await participant();
    const jpeg = await picture(400, 300);
    const huge = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 - jpeg.length + 1)]);
    const cases: [string, string, string][] = [
      ['a GIF', b64(Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64')), PAGE_MESSAGES.photoType],
      ['a text file', b64('just some words, not a picture'), PAGE_MESSAGES.photoType],
      ['not base64', 'not base64 at all!', PAGE_MESSAGES.photoUnreadable],
      ['a JPEG cut short', b64(jpeg.subarray(0, Math.floor(jpeg.length / 2))), PAGE_MESSAGES.photoUnreadable],
      ['over 5 MB', b64(huge), PAGE_MESSAGES.photoTooLarge],
      ['smaller than 200 × 200', b64(await picture(199, 400)), PAGE_MESSAGES.photoTooSmall],
      // 100,000 × 100,000 claimed by a 60-byte file: decoding it would need 30 GB.
      ['a decompression bomb', b64(pngHeaderOnly(100_000, 100_000)), PAGE_MESSAGES.photoTooManyPixels],
    ];
    for (const [what, photo_base64, message] of cases) {
      const res = await call(p.user.id, 'PUT', '/api/my-page/photo', { photo_base64 });
      expect(res.statusCode, what).toBe(400);
      expect(res.json().message, what).toBe(message);
    }
    expect((await call(p.user.id, 'GET', '/api/my-page')).json().photo_url).toBeNull();
    const none = await call(p.user.id, 'DELETE', '/api/my-page/photo');
    expect(none.statusCode).toBe(404);
  });
});

describe('teams', () => {
  it('are started by a participant with a page, who is captain; anyone reads the team, its total and its members', async () => {
    const captain = await participant();
    const noPage = await createDonor(ctx.db);
    expect((await call(noPage.id, 'POST', '/api/teams', { slug: nextSlug('team'), name: 'Runners' })).statusCode).toBe(409);
    const slug = nextSlug('team');
    const bad = await call(captain.user.id, 'POST', '/api/teams', { slug, name: 'x'.repeat(61) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PAGE_MESSAGES.teamNameTooLong);
    expect((await call(captain.user.id, 'POST', '/api/teams', { slug: 'admin', name: 'Runners' })).json().message).toBe(SLUG_MESSAGES.reserved);
    const res = await call(captain.user.id, 'POST', '/api/teams', { slug, name: 'Harbour Runners', story: '<i>we run</i>' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ slug, name: 'Harbour Runners', story: '<i>we run</i>', country: 'NZ', members: [{ display_name: captain.page.display_name, slug: captain.slug, captain: true }] });
    expect((await call(captain.user.id, 'GET', '/api/my-page')).json().team).toEqual({ slug, name: 'Harbour Runners', captain: true, hidden: false, moderation_reason: null });
    const second = await call(captain.user.id, 'POST', '/api/teams', { slug: nextSlug('team'), name: 'Another' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Your page is already in a team: leave it first');
    const other = await participant();
    expect((await call(other.user.id, 'POST', '/api/teams', { slug, name: 'Same address' })).json().message).toBe('That address is taken');
    expect((await call(undefined, 'GET', `/api/pages/slug-available?slug=${slug}&kind=team`)).json()).toEqual({ available: false, message: 'That address is taken' });
  });

  it('are joined by link from the same campaign only, one team per page; the total rolls up the members’ public pages; a draft member is not on it until published', async () => {
    const captain = await participant();
    const slug = nextSlug('team');
    await call(captain.user.id, 'POST', '/api/teams', { slug, name: 'Rollers' });
    const member = await participant({ publish: false });
    const joined = await call(member.user.id, 'POST', `/api/teams/${slug}/join`);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().team).toEqual({ slug, name: 'Rollers', captain: false, hidden: false, moderation_reason: null });
    // Joining again changes nothing.
    expect((await call(member.user.id, 'POST', `/api/teams/${slug}/join`)).statusCode).toBe(200);

    const ukMember = await participant({ campaign: ukCampaignId, country: 'UK' });
    const otherCampaign = await call(ukMember.user.id, 'POST', `/api/teams/${slug}/join`);
    expect(otherCampaign.statusCode).toBe(409);
    expect(otherCampaign.json().message).toContain('another campaign');

    const elsewhere = await participant();
    const otherSlug = nextSlug('team');
    await call(elsewhere.user.id, 'POST', '/api/teams', { slug: otherSlug, name: 'Others' });
    expect((await call(member.user.id, 'POST', `/api/teams/${otherSlug}/join`)).json().message).toBe('Your page is already in a team: leave it first');
    expect((await call(undefined, 'POST', `/api/teams/${slug}/join`)).statusCode).toBe(401);
    expect((await call(member.user.id, 'POST', '/api/teams/no-such-team/join')).statusCode).toBe(404);

    await gift(captain.page.id, 1000);
    await gift(member.page.id, 2000);
    await gift(member.page.id, 9999, { status: 'failed' });
    // A draft member's name and money are its own (docs/decisions/154) ...
    const team = (await call(undefined, 'GET', `/api/teams/${slug}`)).json();
    // No week of either pledge is paid yet: raised is the gifts received (product-rules §21).
    expect(team.raised).toEqual({ pledged: 7000, received_minor: 0, gifts: 1000, total: 1000, gift_count: 1, matched: 0 });
    expect(team.members).toEqual([{ display_name: captain.page.display_name, slug: captain.slug, captain: true, raised: 1000 }]);
    // ... until it is published.
    expect((await call(member.user.id, 'PATCH', '/api/my-page', { published: true })).statusCode).toBe(200);
    const published = (await call(undefined, 'GET', `/api/teams/${slug}`)).json();
    expect(published.raised).toEqual({ pledged: 14000, received_minor: 0, gifts: 3000, total: 3000, gift_count: 2, matched: 0 });
    expect(published.members).toEqual([
      { display_name: captain.page.display_name, slug: captain.slug, captain: true, raised: 1000 },
      { display_name: member.page.display_name, slug: member.slug, captain: false, raised: 2000 },
    ]);
  });

  it('lose a member who leaves or whom the captain removes; only the captain removes, edits, and cannot remove themself', async () => {
    const captain = await participant();
    const slug = nextSlug('team');
    await call(captain.user.id, 'POST', '/api/teams', { slug, name: 'Walkers' });
    const a = await participant();
    const b = await participant();
    await call(a.user.id, 'POST', `/api/teams/${slug}/join`);
    await call(b.user.id, 'POST', `/api/teams/${slug}/join`);

    const notCaptain = await call(a.user.id, 'DELETE', `/api/teams/${slug}/members/${b.slug}`);
    expect(notCaptain.statusCode).toBe(403);
    expect(notCaptain.json().message).toBe("Only the team's captain can do this");
    expect((await call(a.user.id, 'PATCH', `/api/teams/${slug}`, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await call(captain.user.id, 'DELETE', `/api/teams/${slug}/members/${captain.slug}`)).statusCode).toBe(400);
    expect((await call(captain.user.id, 'DELETE', `/api/teams/${slug}/members/no-such-page`)).statusCode).toBe(404);

    const removed = await call(captain.user.id, 'DELETE', `/api/teams/${slug}/members/${b.slug}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().members.map((m: { slug: string }) => m.slug)).toEqual([captain.slug, a.slug]);
    expect((await call(b.user.id, 'GET', '/api/my-page')).json().team).toBeNull();

    const left = await call(a.user.id, 'POST', '/api/my-team/leave');
    expect(left.statusCode).toBe(200);
    expect(left.json().team).toBeNull();
    expect((await call(a.user.id, 'POST', '/api/my-team/leave')).statusCode).toBe(409);

    const renamed = await call(captain.user.id, 'PATCH', `/api/teams/${slug}`, { name: 'Night Walkers', story: 'We walk at night.' });
    expect(renamed.json()).toMatchObject({ name: 'Night Walkers', story: 'We walk at night.' });
  });

  it('pass the captaincy to the oldest member’s page when the captain leaves or deletes their page; an empty team is deleted', async () => {
    const captain = await participant();
    const slug = nextSlug('team');
    await call(captain.user.id, 'POST', '/api/teams', { slug, name: 'Passers' });
    const first = await participant();
    const second = await participant();
    await call(second.user.id, 'POST', `/api/teams/${slug}/join`);
    await call(first.user.id, 'POST', `/api/teams/${slug}/join`);

    await call(captain.user.id, 'POST', '/api/my-team/leave');
    expect((await call(undefined, 'GET', `/api/teams/${slug}`)).json().members).toEqual([
      expect.objectContaining({ slug: first.slug, captain: true }),
      expect.objectContaining({ slug: second.slug, captain: false }),
    ]);
    expect((await call(first.user.id, 'DELETE', '/api/my-page')).statusCode).toBe(204);
    expect((await call(undefined, 'GET', `/api/teams/${slug}`)).json().members).toEqual([expect.objectContaining({ slug: second.slug, captain: true })]);
    await call(second.user.id, 'POST', '/api/my-team/leave');
    expect((await call(undefined, 'GET', `/api/teams/${slug}`)).statusCode).toBe(404);
    expect(await ctx.db.select().from(teams).where(eq(teams.slug, slug))).toEqual([]);
  });

  it('hidden by an admin answer 404 and cannot be joined', async () => {
    const captain = await participant();
    const slug = nextSlug('team');
    const created = await call(captain.user.id, 'POST', '/api/teams', { slug, name: 'Hidden' });
    const [row] = await ctx.db.select().from(teams).where(eq(teams.slug, slug));
    await setTeamModeration(ctx.db, row!.id, { hidden: true });
    expect(created.statusCode).toBe(201);
    expect((await call(undefined, 'GET', `/api/teams/${slug}`)).statusCode).toBe(404);
    const joiner = await participant();
    expect((await call(joiner.user.id, 'POST', `/api/teams/${slug}/join`)).statusCode).toBe(404);
    // The member's public page does not name it.
    expect((await call(undefined, 'GET', `/api/pages/${captain.slug}`)).json().team).toBeNull();
  });

  it('have a photo the captain sets, served by its hash', async () => {
    const captain = await participant();
    const slug = nextSlug('team');
    await call(captain.user.id, 'POST', '/api/teams', { slug, name: 'Photogenic' });
    const member = await participant();
    await call(member.user.id, 'POST', `/api/teams/${slug}/join`);
    const photo = { photo_base64: b64(await picture(400, 400)) };
    expect((await call(member.user.id, 'PUT', `/api/teams/${slug}/photo`, photo)).statusCode).toBe(403);
    const res = await call(captain.user.id, 'PUT', `/api/teams/${slug}/photo`, photo);
    expect(res.statusCode, res.body).toBe(200);
    const served = await call(undefined, 'GET', res.json().photo_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await call(captain.user.id, 'DELETE', `/api/teams/${slug}/photo`)).json().photo_url).toBeNull();
  });
});

describe('the account', () => {
  it('exports the page and its team, and erasure deletes the page and its photo while its gifts stay', async () => {
    const p = await participant();
    const slug = nextSlug('team');
    await call(p.user.id, 'POST', '/api/teams', { slug, name: 'Erasers' });
    const other = await participant();
    await call(other.user.id, 'POST', `/api/teams/${slug}/join`);
    await call(p.user.id, 'PUT', '/api/my-page/photo', { photo_base64: b64(await picture(300, 300)) });
    const g = await gift(p.page.id, 1200);
    const password = 'a long and memorable passphrase';
    await setPasswordHash(ctx.db, p.user.id, await hashPassword(password), new Date());

    const exported = (await call(p.user.id, 'GET', '/api/account/export')).json();
    expect(exported.challenge_pages).toEqual([
      expect.objectContaining({ slug: p.slug, has_photo: true, published_at: expect.any(String), team: { slug, name: 'Erasers', captain: true } }),
    ]);

    const [before] = await ctx.db.select().from(challengePages).where(eq(challengePages.id, p.page.id));
    expect((await call(p.user.id, 'POST', '/api/account/erase', { password })).statusCode).toBe(200);
    expect(await ctx.db.select().from(challengePages).where(eq(challengePages.id, p.page.id))).toEqual([]);
    expect(await ctx.db.select().from(fundraisingPhotos).where(eq(fundraisingPhotos.id, before!.photo_id!))).toEqual([]);
    expect((await ctx.db.select().from(gifts).where(eq(gifts.id, g.id)))[0]).toMatchObject({ page_id: null, amount: 1200 });
    expect((await call(undefined, 'GET', `/api/pages/${p.slug}`)).statusCode).toBe(404);
    // The team goes on with the other member as captain.
    expect((await call(undefined, 'GET', `/api/teams/${slug}`)).json().members).toEqual([expect.objectContaining({ slug: other.slug, captain: true })]);
  });

  // Last in this file: it anonymises every donor of this database whose records are past the cut-off.
  it('retention deletes the page of a donor whose records passed their period, as erasure does', async () => {
    const p = await participant();
    const g = await gift(p.page.id, 800);
    const done = await anonymiseLapsedDonors({ db: ctx.db, clock: ctx.app.clock, log: { info: () => undefined } }, new Date('2040-01-01T00:00:00Z'));
    expect(done).toBeGreaterThan(0);
    expect(await ctx.db.select().from(challengePages).where(eq(challengePages.id, p.page.id))).toEqual([]);
    expect((await ctx.db.select().from(gifts).where(eq(gifts.id, g.id)))[0]).toMatchObject({ page_id: null, amount: 800 });
    expect((await ctx.db.select({ erased: users.erased_at }).from(users).where(eq(users.id, p.user.id)))[0]!.erased).not.toBeNull();
  });
});
