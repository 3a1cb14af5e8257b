import type { AdminMatch } from '@uplift/core/schemas/match';
import { and, eq, like, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/client.ts';
import { adminAudit, challengePages, mails, matchEntries, matchFunds, payments, testProviderCharges } from '../../db/schema.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { adminAndUser } from '../admin/admin.test-support.ts';
import { insertTeam } from '../challenge-pages/leaderboard.test-support.ts';
import { confirm, createPage, give, giftBody, pay } from '../gifts/gifts.test-support.ts';
import { mailMatchAlerts } from '../system/system.service.ts';
import { matchAuditAction, recordOutcome, serialSession } from './index.ts';

// Match funds (docs/product-rules.md §23, docs/decisions/160-match-funds.md): admins make, edit,
// pause and end them (audited); a received gift or payment is matched in its own transaction, by
// the narrowest match that applies, never past the cap; a refund gives its share back; admins are
// mailed once at 90 % and once at 100 %; the sponsor's statement is a CSV without givers' names.

let ctx: TestContext;
let adminAuth: Record<string, string>;
let userAuth: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ adminAuth, userAuth } = await adminAndUser(ctx));
});
afterAll(async () => ctx.close());

const window = { starts_at: '2026-11-01T00:00:00Z', ends_at: '2026-12-31T00:00:00Z' };
const makeMatch = (campaignId: number, body: Record<string, unknown> = {}, headers = adminAuth) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/campaigns/${campaignId}/matches`,
    headers,
    payload: { sponsor_name: 'Acme', ratio: 1, cap_minor: 10_000, applies_to: 'both', ...window, ...body },
  });
const made = async (campaignId: number, body: Record<string, unknown> = {}) => {
  const res = await makeMatch(campaignId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminMatch>();
};
const edit = (id: number, payload: Record<string, unknown>) => ctx.app.inject({ method: 'PATCH', url: `/api/admin/matches/${id}`, headers: adminAuth, payload });
const matchesOf = async (campaignId: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaignId}/matches`, headers: adminAuth })).json<{ matches: AdminMatch[] }>().matches;

/** Each friend from an address of their own: this file gives more gifts than one address may in an hour. */
let friends = 0;
const friendIp = () => `198.51.100.${(friends += 1) % 250}`;

/** A friend's gift through the real flow (form, card, confirm): the confirm answer. */
async function giveAndConfirm(slug: string, amount: number) {
  const ip = friendIp();
  const created = (await give(ctx, slug, giftBody({ amount }), ip)).json<{ gift_id: number; client_secret: string }>();
  await pay(ctx, created.client_secret);
  const res = await confirm(ctx, created.gift_id, created.client_secret, ip);
  expect(res.statusCode, res.body).toBe(200);
  return { giftId: created.gift_id, ...res.json<{ status: string; matched_minor: number; match_sponsor: string | null }>() };
}

const publicPage = async (slug: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/pages/${slug}` })).json<{ raised: { total: number; gifts: number; matched: number }; match: { id: number; left_minor: number; matched_minor: number } | null }>();

/** A pledge payment's Success as billing records it, its charge on the test provider's books (unless `atProvider` is false). */
async function paymentSucceeds(payment: typeof payments.$inferSelect, atProvider = true) {
  const key = `match-test-${payment.id}`;
  const reference = `pi_match_${payment.id}`;
  await ctx.db.update(payments).set({ idempotency_key: key }).where(eq(payments.id, payment.id));
  const client = await ctx.db.$client.connect();
  try {
    expect(await recordOutcome(serialSession(client), payment.id, key, { status: 'Success', reference }, ctx.clock.now())).not.toBeNull();
  } finally {
    client.release();
  }
  if (atProvider) await chargeAtProvider(payment);
}
const chargeAtProvider = (payment: typeof payments.$inferSelect) =>
  ctx.db.insert(testProviderCharges).values({
    idempotency_key: `match-test-${payment.id}`,
    id: `pi_match_${payment.id}`,
    customer_id: 'cus_match_test',
    payment_method_id: 'pm_match_test',
    amount: payment.amount,
    currency: 'NZD',
    status: 'succeeded',
  });
const refundPayment = (paymentId: number, amountMinor: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/payments/${paymentId}/refunds`, headers: adminAuth, payload: { amountMinor, reason: 'Charged twice by mistake' } });
const matchRow = async (id: number) => (await ctx.db.select().from(matchFunds).where(eq(matchFunds.id, id)))[0]!;

describe('making and changing a match', () => {
  it('is for admins: 401 without a session, 403 for a donor', async () => {
    const { campaign } = await createPage(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaign.id}/matches` })).statusCode).toBe(401);
    expect((await makeMatch(campaign.id, {}, userAuth)).statusCode).toBe(403);
  });

  it('creates a match with everything it says, audited; lists it with nothing matched yet', async () => {
    const { campaign } = await createPage(ctx);
    const match = await made(campaign.id, { sponsor_link: 'https://acme.example', ratio: 2 });
    expect(match).toMatchObject({
      campaign_id: campaign.id,
      sponsor_name: 'Acme',
      sponsor_logo_url: null,
      sponsor_logo_width: null,
      sponsor_logo_height: null,
      sponsor_link: 'https://acme.example',
      ratio: 2,
      cap_minor: 10_000,
      matched_minor: 0,
      left_minor: 10_000,
      applies_to: 'both',
      recipient_id: null,
      team_id: null,
      page_id: null,
      narrowed_to: 'campaign',
      narrowed_name: null,
      narrowed_path: null,
      status: 'active',
      starts_at: '2026-11-01T00:00:00.000Z',
      ends_at: '2026-12-31T00:00:00.000Z',
      owed: [],
    });
    expect(await matchesOf(campaign.id)).toEqual([match]);
    const audit = await ctx.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'match.create'), eq(adminAudit.target, `campaign ${campaign.id}, match ${match.id}`)));
    expect(audit).toHaveLength(1);
  });

  it('refuses a bad request (400), an unknown campaign or narrowing (404)', async () => {
    const { campaign } = await createPage(ctx);
    expect((await makeMatch(campaign.id, { ratio: 4 })).statusCode).toBe(400);
    expect((await makeMatch(campaign.id, { ends_at: window.starts_at })).statusCode).toBe(400);
    expect((await makeMatch(campaign.id, { team_slug: 'abc', page_slug: 'def' })).statusCode).toBe(400);
    expect((await makeMatch(999_999)).json().code).toBe('match.campaign_not_found');
    const res = await makeMatch(campaign.id, { page_slug: 'no-such-page' });
    expect([res.statusCode, res.json().code]).toEqual([404, 'match.narrowing_not_found']);
  });

  it('edits, pauses, resumes and ends, each audited as what it is; an ended match stays ended', async () => {
    const { campaign } = await createPage(ctx);
    const match = await made(campaign.id);
    const renamed = await edit(match.id, { sponsor_name: 'Acme Ltd', sponsor_link: null, cap_minor: 20_000 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ sponsor_name: 'Acme Ltd', sponsor_link: null, cap_minor: 20_000, left_minor: 20_000 });
    expect((await edit(match.id, { status: 'paused' })).json().status).toBe('paused');
    expect((await edit(match.id, { status: 'active' })).json().status).toBe('active');
    expect((await edit(match.id, { status: 'ended' })).json().status).toBe('ended');
    const ended = await edit(match.id, { status: 'active' });
    expect([ended.statusCode, ended.json().code]).toEqual([409, 'match.ended']);
    const actions = await ctx.db.select({ action: adminAudit.action }).from(adminAudit).where(like(adminAudit.target, `campaign ${campaign.id}, match ${match.id}`)).orderBy(adminAudit.id);
    expect(actions.map((a) => a.action)).toEqual(['match.create', 'match.edit', 'match.pause', 'match.resume', 'match.end']);
    expect((await edit(999_999, { status: 'paused' })).json().code).toBe('match.not_found');
  });
});

describe('which audit action an edit is, and where its end may go (the api-match run\'s survivors)', () => {
  it('names a status change only when the status changes; anything else is an edit', () => {
    const as = (status: AdminMatch['status']) => ({ status }) as AdminMatch;
    expect(matchAuditAction(as('active'), { status: 'ended' })).toBe('match.end');
    expect(matchAuditAction(as('ended'), { status: 'ended' })).toBe('match.edit');
    expect(matchAuditAction(as('active'), { status: 'paused' })).toBe('match.pause');
    expect(matchAuditAction(as('paused'), { status: 'paused' })).toBe('match.edit');
    expect(matchAuditAction(as('paused'), { status: 'active' })).toBe('match.resume');
    expect(matchAuditAction(as('active'), { status: 'active' })).toBe('match.edit');
    expect(matchAuditAction(as('paused'), { sponsor_name: 'Acme Ltd' })).toBe('match.edit');
  });

  it('moves the end anywhere after the start, never to it or before it (409)', async () => {
    const { campaign } = await createPage(ctx);
    const match = await made(campaign.id);
    const atStart = await edit(match.id, { ends_at: window.starts_at });
    expect([atStart.statusCode, atStart.json().code]).toEqual([409, 'match.ends_before_start']);
    const before = await edit(match.id, { ends_at: '2026-10-01T00:00:00Z' });
    expect([before.statusCode, before.json().code]).toEqual([409, 'match.ends_before_start']);
    const later = await edit(match.id, { ends_at: '2026-11-01T00:00:01Z' });
    expect([later.statusCode, later.json().ends_at]).toEqual([200, '2026-11-01T00:00:01.000Z']);
  });
});

describe('matching gifts', () => {
  it('adds ratio × the gift, tells the giver, shows on the page apart from its total, and never passes the cap', async () => {
    const { page, campaign } = await createPage(ctx);
    const match = await made(campaign.id, { ratio: 2, cap_minor: 6000 });
    expect((await publicPage(page.slug)).match).toMatchObject({ id: match.id, left_minor: 6000, matched_minor: 0 });

    const first = await giveAndConfirm(page.slug, 2500);
    expect(first).toMatchObject({ status: 'succeeded', matched_minor: 5000, match_sponsor: 'Acme' });
    const second = await giveAndConfirm(page.slug, 2500); // 1000 left of the cap
    expect(second).toMatchObject({ matched_minor: 1000, match_sponsor: 'Acme' });
    const third = await giveAndConfirm(page.slug, 2500); // used up: taken as usual, matched 0
    expect(third).toMatchObject({ status: 'succeeded', matched_minor: 0, match_sponsor: null });

    const shown = await publicPage(page.slug);
    expect(shown.raised).toMatchObject({ gifts: 7500, matched: 6000 });
    expect(shown.raised.total).toBe(shown.raised.gifts + (shown.raised.total - shown.raised.gifts)); // total is gifts + pledged, no match
    expect(shown.match).toMatchObject({ id: match.id, left_minor: 0, matched_minor: 6000 });
    const [row] = await ctx.db.select().from(matchFunds).where(eq(matchFunds.id, match.id));
    expect(row!.matched).toBe(6000);
  });

  it('a cap can be raised, never lowered below what is matched (409)', async () => {
    const { page, campaign } = await createPage(ctx);
    const match = await made(campaign.id, { cap_minor: 5000 });
    await giveAndConfirm(page.slug, 3000);
    const lower = await edit(match.id, { cap_minor: 2999 });
    expect([lower.statusCode, lower.json().code]).toEqual([409, 'match.cap_below_matched']);
    expect(lower.json().message).toContain('$30.00');
    expect((await edit(match.id, { cap_minor: 3000 })).json()).toMatchObject({ cap_minor: 3000, left_minor: 0 });
    expect((await edit(match.id, { cap_minor: 8000 })).json()).toMatchObject({ cap_minor: 8000, left_minor: 5000 });
  });

  it('takes the narrowest match that applies (page > team > charity > campaign), the next one when it is used up', async () => {
    const { page, campaign, recipient } = await createPage(ctx);
    const team = await insertTeam(ctx.db, campaign.id, 'Fast Five');
    await ctx.db.update(challengePages).set({ team_id: team.id }).where(eq(challengePages.id, page.id));
    const wide = await made(campaign.id, { sponsor_name: 'Campaign Co' });
    const charity = await made(campaign.id, { sponsor_name: 'Charity Co', recipient_id: recipient.id });
    const ofTeam = await made(campaign.id, { sponsor_name: 'Team Co', team_slug: team.slug, cap_minor: 1000 });
    const ofPage = await made(campaign.id, { sponsor_name: 'Page Co', page_slug: page.slug, cap_minor: 1000 });
    const giftsOnly = await made(campaign.id, { sponsor_name: 'Payments Co', page_slug: page.slug, applies_to: 'payments' });
    expect([wide, charity, ofTeam, ofPage, giftsOnly].map((m) => m.status)).toEqual(['active', 'active', 'active', 'active', 'active']);

    expect((await giveAndConfirm(page.slug, 1000)).match_sponsor).toBe('Page Co');
    expect((await giveAndConfirm(page.slug, 1000)).match_sponsor).toBe('Team Co');
    expect((await publicPage(page.slug)).match?.id).toBe(charity.id);
    expect((await giveAndConfirm(page.slug, 1000)).match_sponsor).toBe('Charity Co');
    await edit(charity.id, { status: 'paused' });
    expect((await giveAndConfirm(page.slug, 1000)).match_sponsor).toBe('Campaign Co');
    await edit(wide.id, { status: 'ended' });
    expect((await giveAndConfirm(page.slug, 1000))).toMatchObject({ matched_minor: 0, match_sponsor: null });
    // The team's read shows the match a member's gift would get through the team (used up here).
    const teamRead = (await ctx.app.inject({ method: 'GET', url: `/api/teams/${team.slug}` })).json<{ match: { id: number } | null; raised: { matched: number } }>();
    expect(teamRead.match?.id).toBe(ofTeam.id);
    expect(teamRead.raised.matched).toBe(4000);
  });

  it('a match outside its window, or on another campaign, adds nothing', async () => {
    const { page, campaign } = await createPage(ctx);
    const other = await createPage(ctx);
    await made(other.campaign.id);
    await made(campaign.id, { starts_at: '2026-12-01T00:00:00Z' });
    expect(await publicPage(page.slug)).toMatchObject({ match: null });
    expect(await giveAndConfirm(page.slug, 1000)).toMatchObject({ matched_minor: 0, match_sponsor: null });
  });

  it('a refund gives the match back: in part its share rounded down, in full all of it; the freed cap goes to the next gift', async () => {
    const { page, campaign } = await createPage(ctx);
    const match = await made(campaign.id, { cap_minor: 3333 });
    const gift = await giveAndConfirm(page.slug, 3333);
    expect(gift.matched_minor).toBe(3333);
    const refund = (amountMinor: number) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/gifts/${gift.giftId}/refunds`, headers: adminAuth, payload: { amountMinor, reason: 'Given twice by mistake' } });
    expect((await refund(1000)).statusCode).toBe(201);
    // 3333 × 1000 / 3333 = 1000 released.
    let [entry] = await ctx.db.select().from(matchEntries).where(eq(matchEntries.gift_id, gift.giftId));
    expect(entry).toMatchObject({ amount: 3333, released: 1000 });
    expect((await publicPage(page.slug)).raised.matched).toBe(2333);
    expect((await giveAndConfirm(page.slug, 5000)).matched_minor).toBe(1000);
    expect((await refund(2333)).statusCode).toBe(201);
    [entry] = await ctx.db.select().from(matchEntries).where(eq(matchEntries.gift_id, gift.giftId));
    expect(entry).toMatchObject({ amount: 3333, released: 3333 });
    expect((await matchesOf(campaign.id)).find((m) => m.id === match.id)).toMatchObject({ matched_minor: 1000, left_minor: 2333 });
  });
});

describe('a match changed while a gift waits for its row (the api-match run\'s survivors)', () => {
  // The gift's settlement reads the matches that fit, then locks the best one; an admin's change
  // committed while it waits is seen after the lock: checked again for status, window and room.
  const changes: [string, 'Page Co' | 'Campaign Co', string][] = [
    ['paused', 'Campaign Co', `status = 'paused'`],
    ['ended', 'Campaign Co', `status = 'ended'`],
    ['ending at this very moment', 'Campaign Co', `ends_at = '${TEST_NOW}'`],
    ['starting a millisecond from now', 'Campaign Co', `starts_at = '2026-11-23T09:00:00.001Z'`],
    ['used up by another receipt', 'Campaign Co', `matched = cap`],
    ['moved to start at this very moment', 'Page Co', `starts_at = '${TEST_NOW}'`],
  ];
  it.each(changes)('a match %s while a gift waits for its row is checked again after the lock: the gift goes to %s', async (_, sponsor, change) => {
    const { page, campaign } = await createPage(ctx);
    const wide = await made(campaign.id, { sponsor_name: 'Campaign Co' });
    const narrow = await made(campaign.id, { sponsor_name: 'Page Co', page_slug: page.slug });
    const ip = friendIp();
    const created = (await give(ctx, page.slug, giftBody({ amount: 1000 }), ip)).json<{ gift_id: number; client_secret: string }>();
    await pay(ctx, created.client_secret);

    const admin = await ctx.db.$client.connect();
    let confirming: ReturnType<typeof confirm> | undefined;
    try {
      await admin.query('begin');
      await admin.query('select id from match_funds where id = $1 for update', [narrow.id]);
      const { rows: me } = await admin.query<{ pid: number }>('select pg_backend_pid() as pid');
      confirming = confirm(ctx, created.gift_id, created.client_secret, ip);
      // Until the settlement really waits on this row.
      for (let waited = 0; ; waited += 20) {
        const { rows } = await ctx.db.$client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [me[0]!.pid]);
        if (rows[0]!.n > 0) break;
        if (waited > 10_000) throw new Error('the settlement never waited on the match row');
        await new Promise((r) => setTimeout(r, 20));
      }
      await admin.query(`update match_funds set ${change} where id = $1`, [narrow.id]);
      await admin.query('commit');
    } catch (err) {
      await admin.query('rollback');
      throw err;
    } finally {
      admin.release();
    }
    const res = await confirming;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded', matched_minor: 1000, match_sponsor: sponsor });
    const entries = await ctx.db.select().from(matchEntries).where(eq(matchEntries.gift_id, created.gift_id));
    expect(entries.map((e) => [e.match_id, e.amount])).toEqual([[sponsor === 'Page Co' ? narrow.id : wide.id, 1000]]);
    const cap = narrow.cap_minor;
    expect([(await matchRow(narrow.id)).matched, (await matchRow(wide.id)).matched]).toEqual(
      sponsor === 'Page Co' ? [1000, 0] : [change === 'matched = cap' ? cap : 0, 1000],
    );
  });
});

describe('matching pledge payments', () => {
  it('matches a weekly payment when it succeeds, in the statement that records it, by what the match applies to', async () => {
    const { campaign, pledge, page } = await createPage(ctx);
    const giftsOnly = await made(campaign.id, { sponsor_name: 'Gifts Co', applies_to: 'gifts' });
    const forPayments = await made(campaign.id, { sponsor_name: 'Pay Co', applies_to: 'payments', ratio: 3, cap_minor: 4000 });
    const rows = await ctx.db.select().from(payments).where(eq(payments.pledge_id, pledge.id)).orderBy(payments.id);
    const client = await ctx.db.$client.connect();
    try {
      const session = serialSession(client);
      for (const [i, p] of rows.slice(0, 2).entries()) {
        await ctx.db.update(payments).set({ idempotency_key: `match-test-${p.id}` }).where(eq(payments.id, p.id));
        expect(await recordOutcome(session, p.id, `match-test-${p.id}`, { status: 'Success', reference: `pi_match_${p.id}` }, ctx.clock.now())).not.toBeNull();
        // Recording the same Success again (the webhook's echo) matches nothing more.
        if (i === 0) await recordOutcome(session, p.id, `match-test-${p.id}`, { status: 'Success', reference: `pi_match_${p.id}` }, ctx.clock.now());
      }
    } finally {
      client.release();
    }
    const entries = await ctx.db.select().from(matchEntries).where(eq(matchEntries.match_id, forPayments.id)).orderBy(matchEntries.id);
    // 3 × 1750 = 5250 is more than the 4000 cap: the first takes 4000, the second nothing.
    expect(entries.map((e) => [e.payment_id, e.amount, e.page_id])).toEqual([[rows[0]!.id, 4000, page.id]]);
    expect(await ctx.db.select().from(matchEntries).where(eq(matchEntries.match_id, giftsOnly.id))).toEqual([]);
    expect((await matchesOf(campaign.id)).find((m) => m.id === forPayments.id)).toMatchObject({ matched_minor: 4000, left_minor: 0, owed: [{ owed_minor: 4000 }] });
  });
});

describe('refunding a matched pledge payment (the api-match run\'s survivors)', () => {
  it('gives back exactly the payment\'s share, once, and only when the refund went through; the freed cap goes to the next payment', async () => {
    const { campaign, pledge, page } = await createPage(ctx);
    const forGifts = await made(campaign.id, { sponsor_name: 'Gifts Co', applies_to: 'gifts' });
    await giveAndConfirm(page.slug, 1200);
    const forPayments = await made(campaign.id, { sponsor_name: 'Pay Co', applies_to: 'payments', cap_minor: 1000 });
    const [first, second, third] = await ctx.db.select().from(payments).where(eq(payments.pledge_id, pledge.id)).orderBy(payments.id);
    await paymentSucceeds(first!, false); // matched 1000 of its 1750: the cap
    expect(await matchRow(forPayments.id)).toMatchObject({ matched: 1000 });
    const entryOfFirst = async () => (await ctx.db.select().from(matchEntries).where(eq(matchEntries.payment_id, first!.id)))[0]!;

    // The provider refuses (it has no such charge): the refund failed, nothing is given back.
    expect((await refundPayment(first!.id, 1750)).statusCode).toBe(502);
    expect(await entryOfFirst()).toMatchObject({ amount: 1000, released: 0 });
    await chargeAtProvider(first!);

    // One cent of 1750: 1000 × 1 / 1750 rounds down to 0, and nothing is written (the match's row unchanged).
    const before = await matchRow(forPayments.id);
    ctx.clock.set('2026-11-23T09:30:00Z');
    try {
      expect((await refundPayment(first!.id, 1)).statusCode).toBe(201);
    } finally {
      ctx.clock.set(TEST_NOW);
    }
    expect(await matchRow(forPayments.id)).toEqual(before);
    expect(await entryOfFirst()).toMatchObject({ released: 0 });

    // The rest: the refund is now in full, so all of the 1000 comes back, the cap free again.
    expect((await refundPayment(first!.id, 1749)).statusCode).toBe(201);
    expect(await entryOfFirst()).toMatchObject({ amount: 1000, released: 1000 });
    expect(await matchRow(forPayments.id)).toMatchObject({ matched: 0 });
    // Nothing is left to refund: a further attempt is refused and releases nothing twice.
    expect((await refundPayment(first!.id, 1)).statusCode).toBe(409);
    expect(await matchRow(forPayments.id)).toMatchObject({ matched: 0 });

    // The freed cap goes to the next payment.
    await paymentSucceeds(second!);
    expect((await ctx.db.select().from(matchEntries).where(eq(matchEntries.payment_id, second!.id))).map((e) => e.amount)).toEqual([1000]);
    expect(await matchRow(forPayments.id)).toMatchObject({ matched: 1000 });

    // A payment that was never matched (the cap used up again): its refund releases nothing, from any match.
    await paymentSucceeds(third!);
    expect(await ctx.db.select().from(matchEntries).where(eq(matchEntries.payment_id, third!.id))).toEqual([]);
    expect((await refundPayment(third!.id, 1750)).statusCode).toBe(201);
    expect(await matchRow(forPayments.id)).toMatchObject({ matched: 1000 });
    expect(await matchRow(forGifts.id)).toMatchObject({ matched: 1200 });
  });
});

describe('what the sponsor owes', () => {
  it('the CSV lists each matched gift: receipt, day in the campaign zone, page, charity, gift and matched; no giver', async () => {
    const { page, campaign, recipient } = await createPage(ctx, { country: 'UK' });
    const match = await made(campaign.id, { ratio: 1, cap_minor: 100_000 });
    const gift = await giveAndConfirm(page.slug, 1250);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/matches/${match.id}/matched.csv`, headers: adminAuth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="uplift-match-${match.id}-campaign-${campaign.id}.csv"`);
    const [receipt] = (await ctx.db.execute<{ receipt_number: string }>(`select receipt_number from gifts where id = ${gift.giftId}` as never)).rows.map((r) => r.receipt_number);
    expect(res.body).toBe(`\uFEFFReceipt number,Date,Page,Charity,Gift (GBP),Matched (GBP)\r\n${receipt},2026-11-23,${page.slug},${recipient.recipient_name},12.50,12.50\r\n`);
    expect(res.body).not.toContain('Sam Friend');
    expect(res.body).not.toContain('@example.org');
    expect((await matchesOf(campaign.id))[0]!.owed).toEqual([{ recipient_id: recipient.id, recipient_name: recipient.recipient_name, owed_minor: 1250 }]);
  });
});

describe('alerts at 90 % and 100 % of the cap', () => {
  it('mails the admins once each, however many checks run at once', async () => {
    const { page, campaign } = await createPage(ctx);
    const match = await made(campaign.id, { sponsor_name: 'Alert Co', cap_minor: 100_000 });
    const otherDb = createDb(ctx.databaseUrl, { max: 2 });
    const deps = (db: typeof ctx.db) => ({ db, clock: ctx.clock, config: ctx.config, mailer: ctx.app.mailer, log: pino({ level: 'silent' }), appUrl: ctx.config.appUrl });
    const sent = () => ctx.db.select().from(mails).where(like(mails.subject, 'Uplift alert: Alert Co%'));
    try {
      await mailMatchAlerts(deps(ctx.db), ctx.clock.now()); // the earlier tests' matches
      await giveAndConfirm(page.slug, 89_000);
      expect(await Promise.all([mailMatchAlerts(deps(ctx.db), ctx.clock.now()), mailMatchAlerts(deps(otherDb), ctx.clock.now())])).toEqual([0, 0]);
      await giveAndConfirm(page.slug, 1000); // 90,000: 90 %
      const [a, b] = await Promise.all([mailMatchAlerts(deps(ctx.db), ctx.clock.now()), mailMatchAlerts(deps(otherDb), ctx.clock.now())]);
      expect(a + b).toBe(1);
      await giveAndConfirm(page.slug, 50_000); // used up: 100 %
      const [c, d] = await Promise.all([mailMatchAlerts(deps(ctx.db), ctx.clock.now()), mailMatchAlerts(deps(otherDb), ctx.clock.now())]);
      expect(c + d).toBe(1);
      expect(await mailMatchAlerts(deps(ctx.db), ctx.clock.now())).toBe(0);
    } finally {
      await otherDb.$client.end();
    }
    const subjects = (await sent()).map((m) => m.subject);
    const admins = new Set((await sent()).map((m) => m.to_address)).size;
    expect(admins).toBeGreaterThan(0);
    expect(subjects.filter((s) => s.endsWith('at 90 %'))).toHaveLength(admins);
    expect(subjects.filter((s) => s.endsWith('at 100 %'))).toHaveLength(admins);
    expect((await sent())[0]!.text_body).toContain(`/admin-campaign/${campaign.id}/report`);
    expect(match.id).toBeGreaterThan(0);
  });

  const alertDeps = () => ({ db: ctx.db, clock: ctx.clock, config: ctx.config, mailer: ctx.app.mailer, log: pino({ level: 'silent' }), appUrl: ctx.config.appUrl });
  /** The admins each alert is mailed to (the ones not erased). */
  const adminCount = async () => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from users where role = 'admin' and erased_at is null`)).rows[0]!.n;

  it('each level sets its own stamp and mails once: 90 % only the 90 % stamp, 100 % the 100 % one, nothing after', async () => {
    const { page, campaign } = await createPage(ctx);
    const match = await made(campaign.id, { sponsor_name: 'Stamp Co', cap_minor: 100_000 });
    const subjects = async () => (await ctx.db.select().from(mails).where(like(mails.subject, "Uplift alert: Stamp Co's match%"))).map((m) => m.subject);
    const stamps = async () => {
      const m = await matchRow(match.id);
      return [m.alerted_90_at?.toISOString() ?? null, m.alerted_100_at?.toISOString() ?? null];
    };
    const admins = await adminCount();
    try {
      await mailMatchAlerts(alertDeps(), ctx.clock.now()); // the earlier tests' matches
      await giveAndConfirm(page.slug, 80_000);
      expect(await mailMatchAlerts(alertDeps(), ctx.clock.now())).toBe(0);
      expect(await stamps()).toEqual([null, null]);

      ctx.clock.set('2026-11-23T10:00:00Z');
      await giveAndConfirm(page.slug, 10_000); // 90,000: 90 % exactly
      expect(await mailMatchAlerts(alertDeps(), ctx.clock.now())).toBe(1);
      expect(await stamps()).toEqual(['2026-11-23T10:00:00.000Z', null]);
      expect(await subjects()).toEqual(Array(admins).fill("Uplift alert: Stamp Co's match at 90 %"));

      ctx.clock.set('2026-11-23T11:00:00Z');
      await giveAndConfirm(page.slug, 9_000); // 99,000: short of 100 %
      expect(await mailMatchAlerts(alertDeps(), ctx.clock.now())).toBe(0);
      await giveAndConfirm(page.slug, 1_000); // 100,000: used up
      expect(await mailMatchAlerts(alertDeps(), ctx.clock.now())).toBe(1);
      expect(await stamps()).toEqual(['2026-11-23T10:00:00.000Z', '2026-11-23T11:00:00.000Z']);
      expect((await subjects()).filter((s) => s.endsWith('at 100 %'))).toHaveLength(admins);

      ctx.clock.set('2026-11-23T12:00:00Z');
      expect(await giveAndConfirm(page.slug, 1_000)).toMatchObject({ matched_minor: 0 });
      expect(await mailMatchAlerts(alertDeps(), ctx.clock.now())).toBe(0);
      expect(await stamps()).toEqual(['2026-11-23T10:00:00.000Z', '2026-11-23T11:00:00.000Z']);
      expect(await subjects()).toHaveLength(2 * admins);
    } finally {
      ctx.clock.set(TEST_NOW);
    }
  });

  it('one gift from under 90 % to the cap: both stamps and both mails in one check', async () => {
    const { page, campaign } = await createPage(ctx);
    const match = await made(campaign.id, { sponsor_name: 'Leap Co', cap_minor: 10_000 });
    await mailMatchAlerts(alertDeps(), ctx.clock.now()); // the earlier tests' matches
    await giveAndConfirm(page.slug, 8_000);
    await giveAndConfirm(page.slug, 5_000); // 80 % to 100 % at once
    expect(await mailMatchAlerts(alertDeps(), ctx.clock.now())).toBe(2);
    const m = await matchRow(match.id);
    expect([m.alerted_90_at, m.alerted_100_at]).toEqual([ctx.clock.now(), ctx.clock.now()]);
    const sent = (await ctx.db.select().from(mails).where(like(mails.subject, "Uplift alert: Leap Co's match%"))).map((x) => x.subject).sort();
    const admins = await adminCount();
    expect(sent).toEqual([...Array(admins).fill("Uplift alert: Leap Co's match at 100 %"), ...Array(admins).fill("Uplift alert: Leap Co's match at 90 %")]);
    expect(await mailMatchAlerts(alertDeps(), ctx.clock.now())).toBe(0);
  });
});
