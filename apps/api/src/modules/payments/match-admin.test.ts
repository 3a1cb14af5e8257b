import { MATCH_MESSAGES, type AdminMatch } from '@uplift/core/schemas/match';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardResponse } from '@uplift/core/schemas/leaderboard';
import { adminAudit, challengePages, matchEntries, matchFunds, matchLogos } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { adminAndUser } from '../admin/admin.test-support.ts';
import { insertGift, insertOpenCampaign, insertPage, insertTeam } from '../challenge-pages/leaderboard.test-support.ts';
import { createPage } from '../gifts/gifts.test-support.ts';

// What admins upload and read of a match (docs/product-rules.md §23): the sponsor's logo, checked and
// re-encoded by the photo pipeline and served from our origin (docs/decisions/169), and the list
// naming what a match is narrowed to, by name and address.

let ctx: TestContext;
let adminAuth: Record<string, string>;
let userAuth: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ adminAuth, userAuth } = await adminAndUser(ctx));
});
afterAll(async () => ctx.close());

const window = { starts_at: '2026-11-01T00:00:00Z', ends_at: '2026-12-31T00:00:00Z' };
async function made(campaignId: number, body: Record<string, unknown> = {}): Promise<AdminMatch> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/campaigns/${campaignId}/matches`,
    headers: adminAuth,
    payload: { sponsor_name: 'Acme', ratio: 1, cap_minor: 10_000, applies_to: 'both', ...window, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminMatch>();
}
const upload = (id: number, payload: unknown, headers = adminAuth) => ctx.app.inject({ method: 'PUT', url: `/api/admin/matches/${id}/logo`, headers, payload: payload as Record<string, unknown> });
const removeLogo = (id: number, headers = adminAuth) => ctx.app.inject({ method: 'DELETE', url: `/api/admin/matches/${id}/logo`, headers });
const matchesOf = async (campaignId: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaignId}/matches`, headers: adminAuth })).json<{ matches: AdminMatch[] }>().matches;

/** A noisy picture (so it does not compress to nothing) of the given size, with a maker's EXIF on JPEGs. */
async function picture(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'png'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (format === 'jpeg') return image.jpeg({ quality: 90 }).withExif({ IFD0: { Make: 'PhoneCo', Copyright: 'Acme Design' } }).toBuffer();
  return format === 'png' ? image.png().toBuffer() : image.webp().toBuffer();
}
const b64 = (b: Buffer) => b.toString('base64');

describe("a sponsor's logo", () => {
  it('is for admins: 401 without a session, 403 for a donor; 404 for no such match', async () => {
    const { campaign } = await createPage(ctx);
    const match = await made(campaign.id);
    const logo = b64(await picture(200, 80));
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/admin/matches/${match.id}/logo`, payload: { logo_base64: logo } })).statusCode).toBe(401);
    expect((await upload(match.id, { logo_base64: logo }, userAuth)).statusCode).toBe(403);
    expect((await removeLogo(match.id, userAuth)).statusCode).toBe(403);
    const none = await upload(999_999, { logo_base64: logo });
    expect([none.statusCode, none.json().code]).toEqual([404, 'match.not_found']);
    expect(await ctx.db.select().from(matchLogos).where(eq(matchLogos.match_id, match.id))).toEqual([]);
  });

  it('is stored re-encoded as WebP without metadata, at most 480 px wide, served from our origin with its size, and audited as an edit', async () => {
    const { campaign, page } = await createPage(ctx);
    const match = await made(campaign.id);
    const res = await upload(match.id, { logo_base64: `data:image/jpeg;base64,${b64(await picture(960, 320, 'jpeg'))}` });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<AdminMatch>();
    expect(after.sponsor_logo_url).toMatch(new RegExp(`^/api/matches/${match.id}/logo\\?v=[0-9a-f]{16}$`));
    expect([after.sponsor_logo_width, after.sponsor_logo_height]).toEqual([480, 160]);

    const served = await ctx.app.inject({ method: 'GET', url: after.sponsor_logo_url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 480, 160, undefined]);
    // Without the current hash, the answer is not cached for good.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/matches/${match.id}/logo?v=0000` })).headers['cache-control']).toBe('no-cache');

    // The page and the gift form read it with its size (no layout shift as it loads).
    const shown = (await ctx.app.inject({ method: 'GET', url: `/api/pages/${page.slug}` })).json<{ match: Record<string, unknown> }>();
    expect(shown.match).toMatchObject({ sponsor_logo_url: after.sponsor_logo_url, sponsor_logo_width: 480, sponsor_logo_height: 160 });

    const audit = await ctx.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'match.edit'), eq(adminAudit.target, `campaign ${campaign.id}, match ${match.id}`)));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.after)).toContain(after.sponsor_logo_url!);

    // A new logo is a new address; the old hash is no longer current.
    const second = (await upload(match.id, { logo_base64: b64(await picture(120, 60, 'webp')) })).json<AdminMatch>();
    expect(second.sponsor_logo_url).not.toBe(after.sponsor_logo_url);
    expect([second.sponsor_logo_width, second.sponsor_logo_height]).toEqual([120, 60]);
    expect((await ctx.app.inject({ method: 'GET', url: after.sponsor_logo_url! })).headers['cache-control']).toBe('no-cache');
  });

  it('refuses what is not a small, readable JPEG, PNG or WebP (400, naming the logo); nothing is stored', async () => {
    const { campaign } = await createPage(ctx);
    const match = await made(campaign.id);
    const refused = async (payload: unknown) => {
      const res = await upload(match.id, payload);
      return [res.statusCode, res.json().code, res.json().message];
    };
    expect(await refused({ logo_base64: '' })).toEqual([400, 'validation', expect.stringContaining(MATCH_MESSAGES.logoRequired)]);
    expect(await refused({ logo_base64: b64(Buffer.from('GIF89a\x01\x00\x01\x00')) })).toEqual([400, 'match.logo_type', MATCH_MESSAGES.logoType]);
    expect(await refused({ logo_base64: b64(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')) })).toEqual([400, 'match.logo_type', MATCH_MESSAGES.logoType]);
    expect(await refused({ logo_base64: 'not base64!' })).toEqual([400, 'match.logo_unreadable', MATCH_MESSAGES.logoUnreadable]);
    const png = await picture(200, 80);
    expect(await refused({ logo_base64: b64(png.subarray(0, 60)) })).toEqual([400, 'match.logo_unreadable', MATCH_MESSAGES.logoUnreadable]);
    expect(await refused({ logo_base64: b64(await picture(63, 40)) })).toEqual([400, 'match.logo_too_small', MATCH_MESSAGES.logoTooSmall]);
    expect(await refused({ logo_base64: b64(await picture(100, 31)) })).toEqual([400, 'match.logo_too_small', MATCH_MESSAGES.logoTooSmall]);
    // 1 MB and a byte over (the bytes are counted before they are read as an image).
    expect(await refused({ logo_base64: b64(Buffer.concat([png, Buffer.alloc(1024 * 1024 + 1 - png.length)])) })).toEqual([400, 'match.logo_too_large', MATCH_MESSAGES.logoTooLarge]);
    // A header claiming 5000 × 4000 (20 megapixels) is refused before any decoding.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(5000, 16);
    bomb.writeUInt32BE(4000, 20);
    expect(await refused({ logo_base64: b64(bomb) })).toEqual([400, 'match.logo_too_many_pixels', MATCH_MESSAGES.logoTooManyPixels]);
    expect(await ctx.db.select().from(matchLogos).where(eq(matchLogos.match_id, match.id))).toEqual([]);
  });

  it('is removed by an admin (404 when there is none); an ended match keeps its logo (409)', async () => {
    const { campaign } = await createPage(ctx);
    const match = await made(campaign.id);
    expect((await upload(match.id, { logo_base64: b64(await picture(200, 80)) })).statusCode).toBe(200);
    const removed = await removeLogo(match.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ sponsor_logo_url: null, sponsor_logo_width: null, sponsor_logo_height: null });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/matches/${match.id}/logo` })).json().code).toBe('match.logo_not_found');
    const again = await removeLogo(match.id);
    expect([again.statusCode, again.json().code]).toEqual([404, 'match.logo_not_found']);

    expect((await upload(match.id, { logo_base64: b64(await picture(200, 80)) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/admin/matches/${match.id}`, headers: adminAuth, payload: { status: 'ended' } })).statusCode).toBe(200);
    const ended = await upload(match.id, { logo_base64: b64(await picture(300, 80)) });
    expect([ended.statusCode, ended.json().code]).toEqual([409, 'match.ended']);
    expect([(await removeLogo(match.id)).statusCode]).toEqual([409]);
    expect(await ctx.db.select({ width: matchLogos.width }).from(matchLogos).where(eq(matchLogos.match_id, match.id))).toEqual([{ width: 200 }]);
  });
});

describe('matched where it moves people: the leaderboard and the landing', () => {
  it("lists what sponsors' matches added beside each page's and team's raised, never in it nor in the rank; the landing says it as its own line", async () => {
    // UK: the other tests' campaigns are NZ, so this is the UK's closest campaign.
    const campaign = await insertOpenCampaign(ctx.db, 'UK');
    const uk = { id: campaign.id, country: 'UK' as const };
    const team = await insertTeam(ctx.db, campaign.id, 'Harbour Runners');
    const matchedPage = await insertPage(ctx.db, uk, { first: 'Mia', last: 'Matched', pledged: 1000, paid: 1000, teamId: team.id });
    const bigger = await insertPage(ctx.db, uk, { first: 'Ben', last: 'Bigger', pledged: 5000, paid: 5000 });
    const gift = await insertGift(ctx.db, matchedPage, 2000);
    const [match] = await ctx.db
      .insert(matchFunds)
      .values({ campaign_id: campaign.id, sponsor_name: 'Acme', ratio: 2, cap: 100_000 as never, matched: 3000 as never, applies_to: 'both', narrowed_to: 'campaign', starts_at: new Date('2026-11-01'), ends_at: new Date('2026-12-31'), created_at: new Date(), updated_at: new Date() })
      .returning();
    // A 4000 match of the gift, 1000 of it released by a part refund: 3000 counts.
    await ctx.db.insert(matchEntries).values({ match_id: match!.id, gift_id: gift.id, recipient_id: matchedPage.recipientId, page_id: matchedPage.pageId, base_amount: 2000 as never, amount: 4000 as never, released: 1000 as never, created_at: new Date() });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/leaderboards?country=UK' });
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json<LeaderboardResponse>();
    // Ben raised more (5000 against 1000 + 2000): the match does not rank Mia above him.
    expect(board.pages.map((p) => [p.name, p.raised, p.matched])).toEqual([
      ['Ben B.', 5000, 0],
      ['Mia M.', 3000, 3000],
    ]);
    expect(board.teams.map((t) => [t.name, t.raised, t.matched])).toEqual([['Harbour Runners', 3000, 3000]]);
    expect(bigger.slug).toBe(board.pages[0]!.slug);

    const totals = (await ctx.app.inject({ method: 'GET', url: '/api/gift/total/UK' })).json<{ gifts: number; amount: number; matched: number }>();
    expect(totals).toMatchObject({ gifts: 1, amount: 20, matched: 30 });
  });
});

describe('the admin list names what a match is narrowed to', () => {
  it("by the charity's, team's or page's name, with the team's and page's address; a deleted page names nothing", async () => {
    const { campaign, page, recipient } = await createPage(ctx);
    const team = await insertTeam(ctx.db, campaign.id, 'Fast Five');
    const whole = await made(campaign.id);
    const ofCharity = await made(campaign.id, { recipient_id: recipient.id });
    const ofTeam = await made(campaign.id, { team_slug: team.slug });
    const ofPage = await made(campaign.id, { page_slug: page.slug });
    expect([whole, ofCharity, ofTeam, ofPage].map((m) => [m.narrowed_name, m.narrowed_path])).toEqual([
      [null, null],
      [recipient.recipient_name, null],
      ['Fast Five', `/t/${team.slug}`],
      [page.display_name, `/p/${page.slug}`],
    ]);
    expect((await matchesOf(campaign.id)).map((m) => m.narrowed_path)).toEqual([null, null, `/t/${team.slug}`, `/p/${page.slug}`]);
    await ctx.db.delete(challengePages).where(eq(challengePages.id, page.id));
    expect((await matchesOf(campaign.id))[3]).toMatchObject({ page_id: null, narrowed_to: 'page', narrowed_name: null, narrowed_path: null });
  });
});
