import { signMailLink } from '@uplift/core/mail-link-token';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengePages, consentEvents, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { bill, createCampaign, createConfirmedPledge, createDonor, fakeProvider, mailsTo, tokenFor } from '../billing/billing.test-support.ts';
import { confirm, createPage, give, giftBody, pay } from '../gifts/gifts.test-support.ts';

// Mail people can stop (docs/decisions/136, 137): the weekly receipt's progress part, its one-click
// link (no sign-in, at once, a consent event), /account's switches, and what a bad link gets.
// The clock stands at Monday 2026-11-23 09:00 UTC.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const linkIn = (text: string) => /https?:\/\/\S+\/unsubscribe\?token=([A-Za-z0-9_.-]+)/.exec(text);
const eventsOf = (userId: number) => ctx.db.select().from(consentEvents).where(eq(consentEvents.user_id, userId)).orderBy(consentEvents.id);
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('the weekly receipt with progress, and its one-click unsubscribe', () => {
  it('NZ: week 1 names the coffees, NZ$, the impact and the next date; the link stops it at once; week 2 is a plain receipt', async () => {
    const campaign = await createCampaign(ctx.db, { billingStart: '2026-11-23' });
    const { user, recipient } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, amount: 1750 });
    const provider = fakeProvider();

    await bill(ctx, provider);
    const [first] = await mailsTo(ctx.db, user.email);
    expect(first!.kind).toBe('payment-receipt');
    // Still a receipt ...
    expect(first!.text_body).toContain('Given so far: $17.50 of $70.00');
    // ... with the progress part: week N of 4, the coffees gone without, the money, the impact, the next date.
    expect(first!.text_body).toContain('Your progress: week 1 of 4.');
    expect(first!.text_body).toContain('1 week without coffees ≈ 5 coffees, $17.50 NZD given so far.');
    expect(first!.text_body).toContain(`at ${recipient.recipient_name}.`);
    expect(first!.text_body).toContain('Your next payment is on Monday 30 November 2026.');
    // A transactional mail: a link for its optional part, never a List-Unsubscribe header.
    expect(first!.list_unsubscribe).toBeNull();
    const link = linkIn(first!.text_body);
    expect(link, first!.text_body).not.toBeNull();
    expect(first!.text_body).toContain('Stop the progress part of these receipts (the receipts keep coming): http');
    expect(first!.html_body).toContain('/unsubscribe?token=');
    const token = link![1]!;

    // Opening the page describes it and changes nothing (a link scanner may open it).
    const described = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` });
    expect(described.statusCode).toBe(200);
    expect(described.json()).toEqual({ kind: 'progress', label: 'Progress in my weekly receipts', stops: expect.stringContaining('receipts themselves keep coming'), stopped: false });
    expect(await eventsOf(user.id)).toEqual([]);

    // A mail client's RFC 8058 one-click POST: no sign-in, form-encoded, the token in the URL.
    const stopped = await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}`, headers: form, payload: 'List-Unsubscribe=One-Click' });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ kind: 'progress', stopped: true });
    const events = await eventsOf(user.id);
    expect(events).toEqual([expect.objectContaining({ consent: 'progress', given: 'withdrawn', source: 'unsubscribe-link' })]);

    // Twice changes nothing more; the page now says it is stopped.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token } })).statusCode).toBe(200);
    expect(await eventsOf(user.id)).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` })).json()).toMatchObject({ stopped: true });

    // Taken into account at once: the next receipt is the plain one.
    await bill(ctx, provider, { asOf: '2026-11-30' });
    const second = (await mailsTo(ctx.db, user.email)).at(-1)!;
    expect(second.kind).toBe('payment-receipt');
    expect(second.text_body).toContain('Given so far: $35.00 of $70.00');
    expect(second.text_body).not.toContain('Your progress');
    expect(second.text_body).not.toContain('/unsubscribe?token=');
  });

  it('UK: £ and GBP, and the last week says the pledge is complete', async () => {
    const campaign = await createCampaign(ctx.db, { country: 'UK', billingStart: '2026-11-23' });
    const { user } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, country: 'UK', amount: 1200, dates: ['2026-11-23'] });
    await bill(ctx, fakeProvider());
    const [receipt] = await mailsTo(ctx.db, user.email);
    expect(receipt!.text_body).toContain('Your progress: week 1 of 1.');
    expect(receipt!.text_body).toContain('1 week without coffees ≈ 5 coffees, £12.00 GBP given so far.');
    expect(receipt!.text_body).toContain('That was your last payment: your pledge is complete.');
    expect(receipt!.text_body).not.toContain('$');
  });
});

describe('"Sam gave $25 on your challenge page": optional, so it stops in one click (docs/decisions/157)', () => {
  /** A friend's gift on the page, paid and settled: the owner's notice goes out (or not). */
  async function aFriendGives(slug: string) {
    const started = await give(ctx, slug, giftBody());
    expect(started.statusCode, started.body).toBe(201);
    const { gift_id, client_secret } = started.json<{ gift_id: number; client_secret: string }>();
    expect((await pay(ctx, client_secret)).statusCode).toBe(200);
    expect((await confirm(ctx, gift_id, client_secret)).json()).toMatchObject({ status: 'succeeded' });
  }
  const giftMailsOf = async (pageId: number) => (await ctx.db.select().from(challengePages).where(eq(challengePages.id, pageId)))[0]!.gift_mails;

  it('carries a one-click link and List-Unsubscribe; a mail client\'s POST switches "Email me when a friend gives" off, signed out', async () => {
    const { page, user } = await createPage(ctx);
    await aFriendGives(page.slug);
    const notices = (await mailsTo(ctx.db, user.email)).filter((m) => m.kind === 'gift-received');
    expect(notices).toHaveLength(1);
    const notice = notices[0]!;
    // No sign-in needed to stop it: the link is a one-click unsubscribe, not the /my-page settings.
    expect(notice.text_body).toContain('Stop these emails: http');
    expect(notice.text_body).not.toContain('/my-page');
    const link = linkIn(notice.text_body);
    expect(link, notice.text_body).not.toBeNull();
    expect(notice.html_body).toContain('/unsubscribe?token=');
    // Optional as a whole: the RFC 8058 header, for the same token.
    expect(notice.list_unsubscribe).toBe(`${ctx.config.appUrl}/api/unsubscribe?token=${link![1]}`);

    // The page says what it stops, and opening it changes nothing.
    const described = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${link![1]}` });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json()).toEqual({ kind: 'gift-received', label: 'Email me when a friend gives', stops: expect.stringContaining('a friend gave on your challenge page'), stopped: false });
    expect(await giftMailsOf(page.id)).toBe(true);

    const stopped = await ctx.app.inject({ method: 'POST', url: notice.list_unsubscribe!.replace(ctx.config.appUrl, ''), headers: form, payload: 'List-Unsubscribe=One-Click' });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ kind: 'gift-received', stopped: true });
    expect(await giftMailsOf(page.id)).toBe(false);
    // Not a consent: the page's own switch is the one record.
    expect(await eventsOf(user.id)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${link![1]}` })).json()).toMatchObject({ stopped: true });

    // Taken into account at once: the next gift is told to no one.
    await aFriendGives(page.slug);
    expect((await mailsTo(ctx.db, user.email)).filter((m) => m.kind === 'gift-received')).toHaveLength(1);
  });
});

describe('a link that does not work gets a clear answer, and changes nothing', () => {
  it('forged, changed, expired, made for another purpose, or missing', async () => {
    const user = await createDonor(ctx.db);
    const key = ctx.config.mailLinks.key;
    const inAYear = new Date(Date.parse('2027-11-23T09:00:00Z'));
    const good = await signMailLink(key, { purpose: 'unsubscribe', userId: user.id, kind: 'progress', expiresAt: inAYear });
    const cases: [string, string][] = [
      [await signMailLink(new Uint8Array(32).fill(1), { purpose: 'unsubscribe', userId: user.id, kind: 'progress', expiresAt: inAYear }), 'account.unsubscribe_link_invalid'],
      [`${Buffer.from(`unsubscribe.${user.id + 1}.progress.${inAYear.getTime() / 1000}`).toString('base64url')}.${good.split('.')[1]}`, 'account.unsubscribe_link_invalid'],
      [await signMailLink(key, { purpose: 'preview', userId: user.id, kind: 'progress', expiresAt: inAYear }), 'account.unsubscribe_link_invalid'],
      [await signMailLink(key, { purpose: 'unsubscribe', userId: user.id, kind: 'progress', expiresAt: new Date('2026-11-23T08:59:59Z') }), 'account.unsubscribe_link_expired'],
      ['not-a-token', 'account.unsubscribe_link_invalid'],
    ];
    for (const [token, code] of cases) {
      for (const res of [
        await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${encodeURIComponent(token)}` }),
        await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${encodeURIComponent(token)}`, headers: form, payload: 'List-Unsubscribe=One-Click' }),
      ]) {
        expect(res.statusCode, token).toBe(400);
        expect(res.json()).toMatchObject({ code });
        expect(res.json().message).toMatch(/account page/);
      }
    }
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'account.unsubscribe_link_invalid' });
    const noQuery = await ctx.app.inject({ method: 'GET', url: '/api/unsubscribe' });
    expect(noQuery.statusCode).toBe(400);
    expect(noQuery.json().message).toContain('token');
    expect(await eventsOf(user.id)).toEqual([]);
  });

  it('a link is not a sign-in: it opens nothing else', async () => {
    const user = await createDonor(ctx.db);
    const token = await signMailLink(ctx.config.mailLinks.key, { purpose: 'unsubscribe', userId: user.id, kind: 'progress', expiresAt: new Date('2027-11-01T00:00:00Z') });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('a news link withdraws the opt-in everywhere it is kept (the users row too)', async () => {
    const user = await createDonor(ctx.db);
    await ctx.db.update(users).set({ opt_in_uplift_comms: true, opt_in_uplift_comms_at: new Date('2026-11-01T00:00:00Z') }).where(eq(users.id, user.id));
    const token = await signMailLink(ctx.config.mailLinks.key, { purpose: 'unsubscribe', userId: user.id, kind: 'uplift_news', expiresAt: new Date('2027-11-01T00:00:00Z') });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}`, headers: form, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ opt_in_uplift_comms: false, opt_in_uplift_comms_at: null });
    expect(await eventsOf(user.id)).toEqual([expect.objectContaining({ consent: 'uplift_news', given: 'withdrawn', source: 'unsubscribe-link' })]);
  });
});

describe('/account: every kind with a switch', () => {
  const put = async (userId: number, kind: string, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url: `/api/account/mail-preferences/${kind}`, payload: payload as object, headers: { authorization: `Bearer ${await tokenFor(ctx, userId)}` } });

  it('lists every preference with its state (progress on until stopped; milestones and news off until given)', async () => {
    const user = await createDonor(ctx.db);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${await tokenFor(ctx, user.id)}` } });
    const consents = Object.fromEntries(res.json<{ consents: { consent: string; given: boolean }[] }>().consents.map((c) => [c.consent, c.given]));
    expect(consents).toMatchObject({ progress: true, milestones: false, uplift_news: false, charity_news: false, friends_gifts: false });
  });

  it('switches one off and on again, each change a consent event; the state is the latest event', async () => {
    const user = await createDonor(ctx.db);
    const off = await put(user.id, 'progress', { given: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<{ consents: { consent: string; given: boolean }[] }>().consents.find((c) => c.consent === 'progress')).toMatchObject({ given: false });
    const on = await put(user.id, 'progress', { given: true });
    expect(on.json<{ consents: { consent: string; given: boolean }[] }>().consents.find((c) => c.consent === 'progress')).toMatchObject({ given: true });
    await put(user.id, 'progress', { given: true }); // no change, no event
    expect((await eventsOf(user.id)).map((e) => [e.consent, e.given, e.source])).toEqual([
      ['progress', 'withdrawn', 'account'],
      ['progress', 'given', 'account'],
    ]);
    const news = await put(user.id, 'charity_news', { given: true });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(news.statusCode).toBe(200);
    expect(row!.opt_in_charity_comms).toBe(true);
  });

  it('refuses a transactional kind, or a body that is not on/off, naming the field', async () => {
    const user = await createDonor(ctx.db);
    const receipt = await put(user.id, 'payment-receipt', { given: false });
    expect(receipt.statusCode).toBe(400);
    expect(receipt.json().message).toContain('kind: not a mail that can be switched off');
    const bad = await put(user.id, 'progress', { given: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('given: must be true');
    const anon = await ctx.app.inject({ method: 'PUT', url: '/api/account/mail-preferences/progress', payload: { given: false } });
    expect(anon.statusCode).toBe(401);
    expect(await eventsOf(user.id)).toEqual([]);
  });
});
