import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, challengePages, gifts, teams, users } from './db/schema.ts';
import { adminAndUser } from './modules/admin/admin.test-support.ts';
import { registration, seedOpenCampaign } from './modules/auth/auth.test-support.ts';
import { insertOpenCampaign, insertPage, type PageFixture } from './modules/challenge-pages/leaderboard.test-support.ts';
import { createTestContext, type TestContext } from './test/context.ts';

// The safe-text rule at the routes (docs/decisions/152): every field a person types refuses bidi
// overrides, zero-width and control characters with a 400 naming the field, before anything is
// written; a one-line field refuses CR/LF; a story keeps its line breaks, CRLF read as '\n'.

const OVERRIDE = 'Aroha \u202Egnp.exe';
const CRLF = 'Aroha\r\nBcc: everyone@example.org';

describe('safe text at the routes', () => {
  let ctx: TestContext;
  let who: Awaited<ReturnType<typeof adminAndUser>>;
  let open: Awaited<ReturnType<typeof seedOpenCampaign>>;
  let page: PageFixture;
  let owner: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestContext();
    who = await adminAndUser(ctx);
    open = await seedOpenCampaign(ctx.db, ctx.clock.now());
    const campaign = await insertOpenCampaign(ctx.db, 'NZ');
    page = await insertPage(ctx.db, { id: campaign.id, country: 'NZ' });
    owner = { authorization: `Bearer ${await ctx.app.signAccessToken({ id: page.userId, role: 'user' })}` };
  }, 60_000);
  afterAll(async () => ctx.close());

  /** The answer's status and words: 400 `{message, code}` with the field's refusal. */
  const refusal = (res: { statusCode: number; json: () => unknown }) => {
    const body = res.json() as { message: string; code: string };
    return { status: res.statusCode, code: body.code, message: body.message };
  };

  it.each([
    ['a right-to-left override', OVERRIDE],
    ['a CR/LF', CRLF],
  ])("refuses a registration's first name with %s, and creates no account", async (_, first_name) => {
    const body = registration(open.pledge, { first_name });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(refusal(res)).toEqual({ status: 400, code: 'validation', message: "First name can't contain invisible or control characters" });
    expect(await ctx.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it("refuses a page's story with an override or a tab; keeps its line breaks, CRLF read as one", async () => {
    for (const story of ['Riding \u202Eevery day', 'Riding\tevery day', 'Riding\u200Bevery day']) {
      const res = await ctx.app.inject({ method: 'PATCH', url: '/api/my-page', headers: owner, payload: { story } });
      expect(refusal(res), JSON.stringify(story)).toEqual({ status: 400, code: 'validation', message: "Story can't contain invisible or control characters (line breaks are fine)" });
    }
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/my-page', headers: owner, payload: { story: 'Riding every day.\r\n\r\nCome along 🚴‍♀️' } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db.select({ story: challengePages.story }).from(challengePages).where(eq(challengePages.id, page.pageId));
    expect(row!.story).toBe('Riding every day.\n\nCome along 🚴‍♀️');
  });

  it("refuses a page's display name and a team's name with a CR/LF or an override", async () => {
    const name = await ctx.app.inject({ method: 'PATCH', url: '/api/my-page', headers: owner, payload: { display_name: CRLF } });
    expect(refusal(name)).toEqual({ status: 400, code: 'validation', message: "Display name can't contain invisible or control characters" });
    const team = await ctx.app.inject({ method: 'POST', url: '/api/teams', headers: owner, payload: { slug: 'team-override', name: OVERRIDE } });
    expect(refusal(team)).toEqual({ status: 400, code: 'validation', message: "Team name can't contain invisible or control characters" });
    expect(await ctx.db.select().from(teams).where(eq(teams.slug, 'team-override'))).toEqual([]);
  });

  it.each([
    ['message', 'Go \u202Ewell', "message can't contain invisible or control characters"],
    ['message', 'Go\r\nwell', "message can't contain invisible or control characters"],
    ['name', OVERRIDE, "name can't contain invisible or control characters"],
  ])("refuses a friend's gift whose %s is %j, and records no gift", async (key, value, message) => {
    const body = { client_key: crypto.randomUUID(), amount: 2500, name: 'Sam Friend', email: 'sam@example.org', message: 'Go well', [key]: value };
    const res = await ctx.app.inject({ method: 'POST', url: `/api/pages/${page.slug}/gifts`, payload: body });
    expect(refusal(res)).toEqual({ status: 400, code: 'validation', message });
    expect(await ctx.db.select().from(gifts).where(eq(gifts.page_id, page.pageId))).toEqual([]);
  });

  it.each([
    ['a right-to-left override', 'November \u202EUplift Challenge'],
    ['a CR/LF', 'November Uplift\r\nChallenge'],
    ['a zero-width space', 'November Up\u200Blift Challenge'],
  ])("refuses an admin's campaign name with %s, and adds no campaign", async (_, campaign_name) => {
    const body = { campaign_name, start_date: '2026-12-01', end_date: '2026-12-31', billing_start_date: '2026-12-01', country: 'NZ', is_active: false };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/campaign', headers: who.adminAuth, payload: body });
    expect(refusal(res)).toEqual({ status: 400, code: 'validation', message: "Campaign name can't contain invisible or control characters" });
    expect(await ctx.db.select().from(campaigns).where(eq(campaigns.campaign_name, campaign_name))).toEqual([]);
  });

  it.each([
    ['a CR/LF', 'Halfway\r\nBcc: everyone@example.org'],
    ['a lone LF', 'Halfway\nthere'],
    ['a right-to-left override', 'Halfway \u202Ethere'],
  ])('refuses a news subject with %s, before a preview or a send', async (_, subject) => {
    const draft = { subject, text: 'Kia ora,\nwe are halfway.', audience: { kind: 'campaign', campaign_id: open.campaign.id } };
    for (const [url, extra] of [
      ['/api/admin/news/preview', {}],
      ['/api/admin/news', { recipients: 0 }],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: who.adminAuth, payload: { ...draft, ...extra } });
      expect(refusal(res), url).toEqual({ status: 400, code: 'validation', message: "subject can't contain invisible or control characters" });
    }
  });
});
