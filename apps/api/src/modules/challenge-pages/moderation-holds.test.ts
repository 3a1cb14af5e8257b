import { BRAND } from '@uplift/core/brand';
import { SLUG_MESSAGES } from '@uplift/core/slug';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengePages, teams } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { adminAndUser } from '../admin/admin.test-support.ts';
import { setPasswordHash } from '../auth/auth.repository.ts';
import { captureLogs } from '../auth/auth.test-support.ts';
import { hashPassword } from '../auth/password.ts';
import { createCampaign, createConfirmedPledge, tokenFor } from '../billing/billing.test-support.ts';
import { insertGift } from './leaderboard.test-support.ts';

// An admin's hide follows the person and the address until an admin shows it again; a captain's
// removal keeps the removed out; a team shows only its public members; a donor acting on a team
// they do not captain is a security event (docs/decisions/154, product-rules §21).

let ctx: TestContext;
let campaignId: number;
let laterCampaignId: number;
let adminAuth: Record<string, string>;
const logs = captureLogs();
beforeAll(async () => {
  ctx = await createTestContext({ logger: logs.logger });
  campaignId = (await createCampaign(ctx.db)).id;
  laterCampaignId = (await createCampaign(ctx.db, { start: '2027-01-04', end: '2027-02-04', billingStart: '2027-01-11' })).id;
  adminAuth = (await adminAndUser(ctx)).adminAuth;
});
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
async function call(userId: number | undefined, method: Method, url: string, payload?: object) {
  const headers: Record<string, string> = userId ? { authorization: `Bearer ${await tokenFor(ctx, userId)}` } : {};
  return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
const admin = (kind: 'pages' | 'teams', slug: string, hidden: boolean) => ctx.app.inject({ method: 'PUT', url: `/api/admin/moderation/${kind}/${slug}`, headers: adminAuth, payload: hidden ? { hidden, reason: 'Under review' } : { hidden } });

let slugs = 0;
const nextSlug = (base = 'held') => `${base}-${++slugs}`;

/** A donor with a Confirmed pledge and a page, published unless said. */
async function participant(opts: { publish?: boolean; campaign?: number; user?: Awaited<ReturnType<typeof createConfirmedPledge>>['user'] } = {}) {
  const made = await createConfirmedPledge(ctx.db, { campaignId: opts.campaign ?? campaignId, ...(opts.user ? { user: opts.user } : {}) });
  const slug = nextSlug('page');
  const res = await call(made.user.id, 'POST', '/api/my-page', { slug });
  expect(res.statusCode, res.body).toBe(201);
  if (opts.publish !== false) expect((await call(made.user.id, 'PATCH', '/api/my-page', { published: true })).statusCode).toBe(200);
  const [page] = await ctx.db.select().from(challengePages).where(eq(challengePages.slug, slug));
  return { ...made, slug, page: page! };
}

async function team(captain: { user: { id: number } }, name = 'Harbour Swimmers') {
  const slug = nextSlug('team');
  const res = await call(captain.user.id, 'POST', '/api/teams', { slug, name });
  expect(res.statusCode, res.body).toBe(201);
  return slug;
}

const underReview = (what: string, cannot: string) => `An admin has hidden your ${what}; you can't ${cannot} until it is reviewed. Write to ${BRAND.contactEmail} to ask for a review.`;

function expect409(res: { statusCode: number; json: () => { message: string; code: string } }, code: string, message: string) {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ code, message });
}

describe('a page an admin hid', () => {
  it('cannot be deleted, renamed or replaced by its owner, and its address stays held, until an admin shows it', async () => {
    const owner = await participant();
    expect((await admin('pages', owner.slug, true)).statusCode).toBe(200);

    // The reproduction: delete (was 204), create another (201), publish it, rename it to the hidden address.
    expect409(await call(owner.user.id, 'DELETE', '/api/my-page'), 'page.hidden_no_delete', underReview('page', 'delete it'));
    expect409(await call(owner.user.id, 'PATCH', '/api/my-page', { slug: nextSlug() }), 'page.hidden_no_rename', underReview('page', 'change its address'));
    await createConfirmedPledge(ctx.db, { campaignId: laterCampaignId, user: owner.user });
    expect409(await call(owner.user.id, 'POST', '/api/my-page', { slug: nextSlug() }), 'page.hidden_no_new_page', underReview('page', 'create another page'));
    // Other edits are the owner's as before (the admin reviews what it says now).
    expect((await call(owner.user.id, 'PATCH', '/api/my-page', { story: 'Fixed my story' })).statusCode).toBe(200);
    expect((await call(undefined, 'GET', `/api/pages/${owner.slug}`)).statusCode).toBe(404);

    // Nobody else takes the address: not as a page, nor as a team.
    const other = await participant();
    expect((await call(other.user.id, 'PATCH', '/api/my-page', { slug: owner.slug })).json().message).toBe(SLUG_MESSAGES.taken);
    expect((await call(other.user.id, 'POST', '/api/teams', { slug: owner.slug, name: 'Stand-ins' })).json()).toEqual({ code: 'team.slug_taken', message: SLUG_MESSAGES.taken });
    expect((await call(undefined, 'GET', `/api/pages/slug-available?slug=${owner.slug}&kind=team`)).json()).toEqual({ available: false, message: SLUG_MESSAGES.taken });

    // The admin's show lifts it all.
    expect((await admin('pages', owner.slug, false)).statusCode).toBe(200);
    expect((await call(owner.user.id, 'DELETE', '/api/my-page')).statusCode).toBe(204);
    const again = await call(owner.user.id, 'POST', '/api/my-page', { slug: owner.slug });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('stops its owner publishing another page', async () => {
    const owner = await participant();
    await createConfirmedPledge(ctx.db, { campaignId: laterCampaignId, user: owner.user });
    const draft = nextSlug();
    expect((await call(owner.user.id, 'POST', '/api/my-page', { slug: draft })).statusCode).toBe(201);
    await admin('pages', owner.slug, true);

    expect409(await call(owner.user.id, 'PATCH', '/api/my-page', { published: true }), 'page.hidden_no_publish', underReview('page', 'publish a page'));
    expect((await call(undefined, 'GET', `/api/pages/${draft}`)).statusCode).toBe(404);
    await admin('pages', owner.slug, false);
    expect((await call(owner.user.id, 'PATCH', '/api/my-page', { published: true })).json()).toMatchObject({ slug: draft, public: true });
  });

  it('keeps its address held when its owner erases the account', async () => {
    const owner = await participant();
    await admin('pages', owner.slug, true);
    const password = 'a long and memorable passphrase';
    await setPasswordHash(ctx.db, owner.user.id, await hashPassword(password), new Date());
    expect((await call(owner.user.id, 'POST', '/api/account/erase', { password })).statusCode).toBe(200);
    expect(await ctx.db.select().from(challengePages).where(eq(challengePages.slug, owner.slug))).toEqual([]);

    const other = await participant();
    expect((await call(other.user.id, 'PATCH', '/api/my-page', { slug: owner.slug })).json()).toEqual({ code: 'page.slug_taken', message: SLUG_MESSAGES.taken });
    expect((await call(undefined, 'GET', `/api/pages/slug-available?slug=${owner.slug}&kind=page`)).json()).toEqual({ available: false, message: SLUG_MESSAGES.taken });
  });
});

describe('a team an admin hid', () => {
  it('keeps its captain, who cannot leave, delete their page or start another team, until an admin shows it', async () => {
    const captain = await participant();
    const slug = await team(captain);
    const member = await participant();
    expect((await call(member.user.id, 'POST', `/api/teams/${slug}/join`)).statusCode).toBe(200);
    expect((await admin('teams', slug, true)).statusCode).toBe(200);

    expect409(await call(captain.user.id, 'POST', '/api/my-team/leave'), 'team.hidden_no_leave', underReview('team', 'leave it as its captain'));
    expect409(await call(captain.user.id, 'DELETE', '/api/my-page'), 'team.hidden_no_delete_page', underReview('team', 'delete the page that captains it'));
    expect409(await call(captain.user.id, 'POST', '/api/teams', { slug: nextSlug('team'), name: 'Again' }), 'team.hidden_no_new_team', underReview('team', 'start another team'));
    // A member may go.
    expect((await call(member.user.id, 'POST', '/api/my-team/leave')).statusCode).toBe(200);
    // Nobody takes the address, as a team or as a page.
    const other = await participant();
    expect((await call(other.user.id, 'POST', '/api/teams', { slug, name: 'Stand-ins' })).json().message).toBe(SLUG_MESSAGES.taken);
    expect((await call(other.user.id, 'PATCH', '/api/my-page', { slug })).json()).toEqual({ code: 'page.slug_taken', message: SLUG_MESSAGES.taken });

    await admin('teams', slug, false);
    expect((await call(captain.user.id, 'POST', '/api/my-team/leave')).statusCode).toBe(200);
    // Shown again and emptied, it goes as any empty team does.
    expect(await ctx.db.select().from(teams).where(eq(teams.slug, slug))).toEqual([]);
  });

  it('is not deleted when emptied: its address stays held', async () => {
    const captain = await participant();
    const slug = await team(captain);
    await admin('teams', slug, true);
    const password = 'a long and memorable passphrase';
    await setPasswordHash(ctx.db, captain.user.id, await hashPassword(password), new Date());
    expect((await call(captain.user.id, 'POST', '/api/account/erase', { password })).statusCode).toBe(200);

    const [kept] = await ctx.db.select().from(teams).where(eq(teams.slug, slug));
    expect(kept).toMatchObject({ slug, moderated_at: expect.any(Date) });
    const other = await participant();
    const taken = await call(other.user.id, 'POST', '/api/teams', { slug, name: 'Stand-ins' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'team.slug_taken', message: SLUG_MESSAGES.taken });
  });
});

describe('a team', () => {
  it('does not take back a member its captain removed, even with a new page', async () => {
    const captain = await participant();
    const slug = await team(captain);
    const member = await participant();
    await call(member.user.id, 'POST', `/api/teams/${slug}/join`);
    expect((await call(captain.user.id, 'DELETE', `/api/teams/${slug}/members/${member.slug}`)).statusCode).toBe(200);

    expect409(await call(member.user.id, 'POST', `/api/teams/${slug}/join`), 'team.removed', "The team's captain removed your page from this team, so it cannot join it again");
    expect((await call(member.user.id, 'DELETE', '/api/my-page')).statusCode).toBe(204);
    expect((await call(member.user.id, 'POST', '/api/my-page', { slug: nextSlug() })).statusCode).toBe(201);
    expect((await call(member.user.id, 'POST', `/api/teams/${slug}/join`)).statusCode).toBe(409);
    // Another team is open to them.
    const elsewhere = await team(await participant(), 'Others');
    expect((await call(member.user.id, 'POST', `/api/teams/${elsewhere}/join`)).statusCode).toBe(200);
  });

  it("shows and counts only its public members: a draft or hidden member's name and money are not on it", async () => {
    const captain = await participant();
    const slug = await team(captain);
    const draft = await participant({ publish: false });
    const hidden = await participant();
    for (const [p, name] of [[draft, 'Draft Dancer'], [hidden, 'Hidden Hiker']] as const) {
      expect((await call(p.user.id, 'PATCH', '/api/my-page', { display_name: name })).statusCode).toBe(200);
      expect((await call(p.user.id, 'POST', `/api/teams/${slug}/join`)).statusCode).toBe(200);
    }
    await admin('pages', hidden.slug, true);
    await insertGift(ctx.db, { userId: captain.user.id, pledgeId: captain.pledge.id, pageId: captain.page.id, slug: captain.slug, recipientId: captain.recipient.id, campaignId }, 1000);
    await insertGift(ctx.db, { userId: draft.user.id, pledgeId: draft.pledge.id, pageId: draft.page.id, slug: draft.slug, recipientId: draft.recipient.id, campaignId }, 5000);

    const shown = (await call(undefined, 'GET', `/api/teams/${slug}`)).json();
    // Raised is money received (product-rules §21): the captain's gift; no week of the pledge is paid yet.
    expect(shown.members).toEqual([{ display_name: captain.page.display_name, slug: captain.slug, captain: true, raised: 1000 }]);
    expect(shown.raised).toEqual({ pledged: 7000, received_minor: 0, gifts: 1000, total: 1000, gift_count: 1, matched: 0 });
    expect(JSON.stringify(shown)).not.toMatch(/Draft Dancer|Hidden Hiker/);
  });

  it("refused to a donor who is not its captain, and logged as refused access to another's record", async () => {
    const captain = await participant();
    const slug = await team(captain);
    const member = await participant();
    await call(member.user.id, 'POST', `/api/teams/${slug}/join`);
    for (const [method, url, payload] of [
      ['PATCH', `/api/teams/${slug}`, { name: 'Mine now' }],
      ['DELETE', `/api/teams/${slug}/photo`, undefined],
      ['DELETE', `/api/teams/${slug}/members/${captain.slug}`, undefined],
    ] as const) {
      const from = logs.lines.length;
      const res = await call(member.user.id, method, url, payload);
      expect(res.statusCode).toBe(403);
      const lines = logs.lines
        .slice(from)
        .map((l) => JSON.parse(l) as { event?: string })
        .filter((l) => l.event === 'security.access_refused');
      expect(lines, `${method} ${url}`).toEqual([expect.objectContaining({ userId: member.user.id, status: 403, route: expect.stringMatching(/^\/api\/teams\/:slug/), requestId: expect.any(String) })]);
    }
  });
});
