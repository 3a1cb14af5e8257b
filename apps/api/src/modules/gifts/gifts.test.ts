import { createHash, createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftAttempts, gifts, users } from '../../db/schema.ts';
import { hashPassword } from '../auth/password.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createUser } from '../payments/payments.test-support.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { testCardFingerprint } from '../payments/test-provider-guest-charges.ts';
import { giftAttemptKey } from './gift-limits.ts';
import { confirmGift, settleOpenGifts } from './gifts.service.ts';
import { authenticate, confirm, createPage, give, giftBody, giftDeps, giftRow, guestCharges, mailsTo, pay } from './gifts.test-support.ts';

// Friends' gifts against PostgreSQL with the built-in test provider (docs/decisions/138).

const lines: Record<string, unknown>[] = [];
let ctx: TestContext;

beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) });
  ctx = await createTestContext({ logger });
});
afterAll(async () => ctx.close());

async function started(slug: string, over: Record<string, unknown> = {}, ip?: string) {
  const body = giftBody(over);
  const res = await give(ctx, slug, body, ip);
  expect(res.statusCode, res.body).toBe(201);
  return { body, created: res.json<{ gift_id: number; status: string; client_secret: string; provider: string }>() };
}

describe('a gift paid with the test provider', () => {
  it('4242: pending, then paid, then confirmed as succeeded with a receipt number and both mails', async () => {
    const { page, user } = await createPage(ctx);
    const { body, created } = await started(page.slug);
    expect(created).toMatchObject({ status: 'pending', provider: 'test' });
    expect(created.client_secret).toMatch(/^pi_test_\w+_secret_\w+$/);
    const before = await giftRow(ctx, created.gift_id);
    expect(before).toMatchObject({ status: 'pending', amount: 2500, donor_email: body.email, page_id: page.id, recipient_id: expect.any(Number) });
    expect(before.provider_reference).toBe(created.client_secret.split('_secret_')[0]);

    expect((await pay(ctx, created.client_secret)).json()).toEqual({ status: 'succeeded' });
    const settled = await confirm(ctx, created.gift_id, created.client_secret);
    expect(settled.statusCode, settled.body).toBe(200);
    // Its number is the next of the one NZ 2026 sequence pledge payments share (docs/decisions/150).
    const number = (await giftRow(ctx, created.gift_id)).receipt_number!;
    expect(number).toMatch(/^NZ-2026-\d{6}$/);
    expect(settled.json()).toEqual({ gift_id: created.gift_id, status: 'succeeded', receipt_number: number, failure_message: null, matched_minor: 0, match_sponsor: null });

    const [receipt] = await mailsTo(ctx, body.email);
    expect(receipt).toMatchObject({ kind: 'gift-receipt', subject: expect.stringContaining('$25.00') });
    expect(receipt!.text_body).toContain('Kia ora Sam Friend,');
    expect(receipt!.text_body).toContain(`Receipt number: ${number}`);
    expect(receipt!.text_body).toContain('Monday 23 November 2026');
    expect(receipt!.attachments).toBeNull();
    const [notice] = await mailsTo(ctx, user.email);
    expect(notice).toMatchObject({ kind: 'gift-received', subject: 'Sam Friend gave $25.00 on your challenge page' });
    expect(notice!.text_body).toContain('Their message: "Go Aroha!"');
    expect(notice!.text_body).toContain('/unsubscribe?token=');
    expect(notice!.text_body).not.toContain(body.email);
    expect(notice!.html_body).not.toContain(body.email);
  });

  it('a declined card: the friend hears Stripe’s words, the gift fails, no mail', async () => {
    const { page, user } = await createPage(ctx);
    const { body, created } = await started(page.slug);
    const paid = await pay(ctx, created.client_secret, '4000000000000341');
    expect(paid.json()).toEqual({ status: 'declined', message: 'Your card was declined.' });
    const settled = await confirm(ctx, created.gift_id, created.client_secret);
    expect(settled.json()).toMatchObject({ status: 'failed', receipt_number: null, failure_message: 'Your bank declined this payment.' });
    expect((await giftRow(ctx, created.gift_id)).failure_code).toBe('card_declined');
    expect(await mailsTo(ctx, body.email)).toHaveLength(0);
    expect(await mailsTo(ctx, user.email)).toHaveLength(0);
    // The same charge cannot be paid again: the form starts a new gift.
    expect((await pay(ctx, created.client_secret)).statusCode).toBe(409);
  });

  it('3184 asks for the bank step; completed, the gift succeeds', async () => {
    const { page } = await createPage(ctx);
    const { body, created } = await started(page.slug);
    expect((await pay(ctx, created.client_secret, '4000002760003184')).json()).toEqual({ status: 'requires_action' });
    expect((await confirm(ctx, created.gift_id, created.client_secret)).json()).toMatchObject({ status: 'requires_action' });
    expect((await authenticate(ctx, created.client_secret, 'complete')).json()).toEqual({ status: 'succeeded' });
    expect((await confirm(ctx, created.gift_id, created.client_secret)).json()).toMatchObject({ status: 'succeeded' });
    expect(await mailsTo(ctx, body.email)).toHaveLength(1);
  });

  it('3155 asks for the bank step; failed, the gift fails with plain words', async () => {
    const { page } = await createPage(ctx);
    const { body, created } = await started(page.slug);
    expect((await pay(ctx, created.client_secret, '4000002500003155')).json()).toEqual({ status: 'requires_action' });
    const failed = await authenticate(ctx, created.client_secret, 'fail');
    expect(failed.json()).toMatchObject({ status: 'declined', message: expect.stringContaining('unable to authenticate') });
    const settled = await confirm(ctx, created.gift_id, created.client_secret);
    expect(settled.json()).toMatchObject({ status: 'failed', failure_message: expect.stringContaining('Your bank could not confirm this payment') });
    expect(await mailsTo(ctx, body.email)).toHaveLength(0);
  });

  it('a double click or a resent form (same client_key) is one gift and one charge, even at the same moment', async () => {
    const { page } = await createPage(ctx);
    const body = giftBody();
    const chargesBefore = (await guestCharges(ctx)).length;
    const [a, b] = await Promise.all([give(ctx, page.slug, body), give(ctx, page.slug, body)]);
    const c = await give(ctx, page.slug, body);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([a.json().gift_id, b.json().gift_id, c.json().gift_id]).size).toBe(1);
    expect(new Set([a.json().client_secret, b.json().client_secret, c.json().client_secret]).size).toBe(1);
    expect((await guestCharges(ctx)).length).toBe(chargesBefore + 1);
    expect(await ctx.db.select().from(gifts).where(eq(gifts.client_key, body.client_key))).toHaveLength(1);
    // The same key for another amount is refused, naming the field.
    const other = await give(ctx, page.slug, { ...body, amount: 5000 });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/^client_key/);
  });

  it('two confirmations at the same moment settle once: one receipt number, one mail each', async () => {
    const { page, user } = await createPage(ctx);
    const { body, created } = await started(page.slug);
    await pay(ctx, created.client_secret);
    const answers = await Promise.all([1, 2, 3, 4].map(() => confirm(ctx, created.gift_id, created.client_secret)));
    expect(answers.map((r) => r.json().status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(new Set(answers.map((r) => r.json().receipt_number)).size).toBe(1);
    expect(await mailsTo(ctx, body.email)).toHaveLength(1);
    expect(await mailsTo(ctx, user.email)).toHaveLength(1);
  });

  it('a confirm with another gift’s client secret is answered as not found', async () => {
    const { page } = await createPage(ctx);
    const one = await started(page.slug);
    const two = await started(page.slug);
    expect((await confirm(ctx, one.created.gift_id, two.created.client_secret)).statusCode).toBe(404);
    expect((await confirm(ctx, 999999, one.created.client_secret)).statusCode).toBe(404);
  });
});

describe('a gift left open is never lost', () => {
  it('a crash between the provider’s call and the ledger’s write: the job finds the charge by its key and settles it once', async () => {
    const { page, user } = await createPage(ctx);
    const real = ctx.app.payments as PaymentProvider;
    let secret = '';
    const crashing: PaymentProvider = {
      ...real,
      async createGuestCharge(request) {
        const charge = await real.createGuestCharge(request);
        secret = charge.clientSecret;
        throw new Error('the app stopped before it wrote the reference');
      },
    };
    const { createGift } = await import('./gifts.service.ts');
    const body = giftBody();
    await expect(
      createGift(giftDeps(ctx, { payments: crashing }), { slug: page.slug, body: { ...body, message: body.message, via: null }, ip: '198.51.100.1', onRefused: () => undefined }),
    ).rejects.toThrow(/stopped/);
    const [row] = await ctx.db.select().from(gifts).where(eq(gifts.client_key, body.client_key));
    expect(row).toMatchObject({ status: 'pending', provider_reference: null });
    // The browser paid anyway (or the provider took it): the ledger must follow.
    await pay(ctx, secret);

    const later = { now: () => new Date(ctx.clock.now().getTime() + 20 * 60_000) };
    await Promise.all([settleOpenGifts(giftDeps(ctx, { clock: later })), settleOpenGifts(giftDeps(ctx, { clock: later }))]);
    await settleOpenGifts(giftDeps(ctx, { clock: later }));
    const settled = await giftRow(ctx, row!.id);
    expect(settled).toMatchObject({ status: 'succeeded', provider_reference: secret.split('_secret_')[0], receipt_number: expect.stringMatching(/^NZ-2026-\d{6}$/) });
    expect(await mailsTo(ctx, body.email)).toHaveLength(1);
    expect(await mailsTo(ctx, user.email)).toHaveLength(1);
  });

  it('the browser closed before it confirmed: confirm is not needed, the job settles it; a gift the provider never heard of fails after a day', async () => {
    const { page } = await createPage(ctx);
    const { body, created } = await started(page.slug);
    await pay(ctx, created.client_secret);
    // Not before its grace period.
    await settleOpenGifts(giftDeps(ctx));
    expect((await giftRow(ctx, created.gift_id)).status).toBe('pending');
    await settleOpenGifts(giftDeps(ctx, { clock: { now: () => new Date(ctx.clock.now().getTime() + 20 * 60_000) } }));
    expect((await giftRow(ctx, created.gift_id)).status).toBe('succeeded');
    expect(await mailsTo(ctx, body.email)).toHaveLength(1);

    const [orphan] = await ctx.db
      .insert(gifts)
      .values({ page_id: page.id, campaign_id: page.campaign_id, recipient_id: (await giftRow(ctx, created.gift_id)).recipient_id, amount: 1000 as never, idempotency_key: 'gift-never-sent', client_key: 'never-sent', donor_name: 'X', donor_email: 'x@example.org', created_at: ctx.clock.now() })
      .returning();
    await settleOpenGifts(giftDeps(ctx, { clock: { now: () => new Date(ctx.clock.now().getTime() + 2 * 60 * 60_000) } }));
    expect((await giftRow(ctx, orphan!.id)).status).toBe('pending');
    await settleOpenGifts(giftDeps(ctx, { clock: { now: () => new Date(ctx.clock.now().getTime() + 25 * 60 * 60_000) } }));
    expect(await giftRow(ctx, orphan!.id)).toMatchObject({ status: 'failed', failure_code: 'abandoned' });
  });
});

describe('what a gift may be', () => {
  it('amounts: at least 10 and at most 10,000 in the page’s currency, refused at the route by the request schema before anything is written', async () => {
    const nz = await createPage(ctx);
    const uk = await createPage(ctx, { country: 'UK' });
    const atLeast = "amount must be at least 10.00 in the page's currency";
    const atMost = "amount must be at most 10,000.00 in the page's currency";
    const refused: [string, number, string][] = [
      [nz.page.slug, 999, atLeast], // 9.99
      [uk.page.slug, 999, atLeast],
      [nz.page.slug, 1_000_100, atMost], // 10,001.00
      [uk.page.slug, 1_000_100, atMost],
      [uk.page.slug, 1_000_001, atMost], // 10,000.01
      [nz.page.slug, 0, atLeast],
      [uk.page.slug, -1000, atLeast],
      [nz.page.slug, 100_000_001, atMost],
    ];
    const giftsBefore = await ctx.db.$count(gifts);
    const attemptsBefore = await ctx.db.$count(giftAttempts);
    for (const [slug, amount, message] of refused) {
      const res = await give(ctx, slug, giftBody({ amount }));
      expect(res.statusCode, `${slug} ${amount}`).toBe(400);
      expect(res.json(), `${slug} ${amount}`).toMatchObject({ code: 'validation', message });
    }
    expect(await ctx.db.$count(gifts)).toBe(giftsBefore);
    expect(await ctx.db.$count(giftAttempts)).toBe(attemptsBefore);
    // The bounds themselves can be given, in either country.
    expect((await give(ctx, uk.page.slug, giftBody({ amount: 1000 }))).statusCode).toBe(201);
    expect((await give(ctx, nz.page.slug, giftBody({ amount: 1_000_000 }))).statusCode).toBe(201);
    const fraction = await give(ctx, nz.page.slug, giftBody({ amount: 25.5 }));
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().message).toBe('amount must be a whole number of cents (pence)');
  });

  it('every bad field is named: name, email, message, client_key; a tax receipt is NZ only', async () => {
    const nz = await createPage(ctx);
    const uk = await createPage(ctx, { country: 'UK' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '' }, /^name is required/],
      [{ email: 'not-an-email' }, /^Email is invalid/],
      [{ email: '' }, /^Email is required/],
      [{ message: 'x'.repeat(141) }, /^message must be at most 140/],
      [{ client_key: 'abc' }, /^client_key/],
      [{ hide_name: 'yes' }, /^hide_name/],
    ];
    for (const [over, message] of cases) {
      const res = await give(ctx, nz.page.slug, giftBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const uktax = await give(ctx, uk.page.slug, giftBody({ tax_receipt: true }));
    expect(uktax.statusCode).toBe(400);
    expect(uktax.json().message).toMatch(/^tax_receipt/);
  });

  it('a page that is not public is not found: a draft, a page an admin hid, no such slug; an ended campaign takes no gifts', async () => {
    const draft = await createPage(ctx, { published: false });
    const hidden = await createPage(ctx, { moderated: true });
    for (const slug of [draft.page.slug, hidden.page.slug, 'no-such-page']) {
      const res = await give(ctx, slug, giftBody());
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/^slug/);
    }
    const ended = await createPage(ctx, { end: '2026-11-22' });
    expect((await give(ctx, ended.page.slug, giftBody())).statusCode).toBe(409);
    const inactive = await createPage(ctx, { active: false });
    expect((await give(ctx, inactive.page.slug, giftBody())).statusCode).toBe(409);
  });
});

describe('card testing', () => {
  const refusals = () => lines.filter((l) => l.event === 'security.gift_refused');

  it('refuses the 21st send from one IP in an hour with 429 and a gift_refused security event; a resent form counts as a send', async () => {
    const { page } = await createPage(ctx);
    const ip = '192.0.2.55';
    const first = await started(page.slug, {}, ip);
    for (let i = 0; i < 18; i += 1) await started(page.slug, {}, ip);
    // Resending the first form is not a new gift, but it is a send (a call to the provider).
    expect((await give(ctx, page.slug, first.body, ip)).statusCode).toBe(201);
    const refused = await give(ctx, page.slug, giftBody(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many gifts/);
    // A resent form past the limit is refused too.
    expect((await give(ctx, page.slug, first.body, ip)).statusCode).toBe(429);
    const event = refusals().find((l) => l.ip === ip);
    expect(event).toMatchObject({ ip, status: 429, why: 'ip limit', userId: null, route: '/api/pages/:slug/gifts' });
    expect(JSON.stringify(event)).not.toContain('@');
    // Another IP still can.
    expect((await give(ctx, page.slug, giftBody(), '192.0.2.56')).statusCode).toBe(201);
    // An hour later the first IP can again.
    await ctx.db.update(giftAttempts).set({ created_at: sql`created_at - interval '61 minutes'` });
    expect((await give(ctx, page.slug, giftBody(), ip)).statusCode).toBe(201);
  });

  it('60 unpaid forms from three addresses do not close a page: a fourth address still gives', async () => {
    const { page } = await createPage(ctx);
    for (const ip of ['203.0.113.101', '203.0.113.102', '203.0.113.103']) {
      for (let i = 0; i < 20; i += 1) await started(page.slug, {}, ip);
    }
    const friend = await started(page.slug, {}, '203.0.113.104');
    await pay(ctx, friend.created.client_secret);
    expect((await confirm(ctx, friend.created.gift_id, friend.created.client_secret, '203.0.113.104')).json()).toMatchObject({ status: 'succeeded' });
  });

  it('refuses a new gift on a page after 10 declined card attempts on it in an hour, whoever gives it; other pages are not held back', async () => {
    const { page } = await createPage(ctx);
    for (let i = 0; i < 10; i += 1) {
      const ip = `198.18.0.${i + 1}`;
      const { created } = await started(page.slug, {}, ip);
      await pay(ctx, created.client_secret, '4000000000000341');
      expect((await confirm(ctx, created.gift_id, created.client_secret, ip)).json()).toMatchObject({ status: 'failed' });
    }
    const refused = await give(ctx, page.slug, giftBody(), '198.18.0.200');
    expect(refused.statusCode).toBe(429);
    expect(refusals().at(-1)).toMatchObject({ why: 'page limit', ip: '198.18.0.200' });
    const other = await createPage(ctx);
    expect((await give(ctx, other.page.slug, giftBody(), '198.18.0.200')).statusCode).toBe(201);
  });

  it('refuses the 11th gift in a day from one email, whatever the IP or page', async () => {
    const email = 'tester@example.org';
    for (let i = 0; i < 10; i += 1) {
      const { page } = await createPage(ctx);
      await started(page.slug, { email }, `198.51.100.${i + 10}`);
    }
    const { page } = await createPage(ctx);
    const refused = await give(ctx, page.slug, giftBody({ email: 'Tester@Example.org' }), '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(refusals().at(-1)).toMatchObject({ why: 'email limit' });
  });

  it('a flood from one address: of 150 sends of one form and 150 confirmations, 20 and 40 get through; a friend elsewhere still gives', async () => {
    const { page } = await createPage(ctx);
    const ip = '192.0.2.77';
    const body = giftBody();
    const sends = [];
    for (let i = 0; i < 150; i += 1) sends.push(await give(ctx, page.slug, body, ip));
    const sent = sends.filter((r) => r.statusCode === 201);
    expect(sent).toHaveLength(20);
    expect(sends.filter((r) => r.statusCode === 429)).toHaveLength(130);
    const { gift_id, client_secret } = sent[0]!.json<{ gift_id: number; client_secret: string }>();
    const confirms = [];
    for (let i = 0; i < 150; i += 1) confirms.push(await confirm(ctx, gift_id, client_secret, ip));
    expect(confirms.filter((r) => r.statusCode === 200)).toHaveLength(40);
    expect(confirms.filter((r) => r.statusCode === 429)).toHaveLength(110);
    expect(refusals().filter((l) => l.ip === ip && l.why === 'confirm limit').length).toBe(110);
    // One gift was made of 150 sends, and one charge.
    expect((await ctx.db.select().from(gifts).where(eq(gifts.client_key, body.client_key))).length).toBe(1);
    // 150 at the same moment from another address: counted before they are let through, so at most 20 pass.
    const burst = await Promise.all(Array.from({ length: 150 }, () => give(ctx, page.slug, giftBody(), '192.0.2.79')));
    expect(burst.filter((r) => r.statusCode === 201).length).toBeLessThanOrEqual(20);
    expect(burst.filter((r) => r.statusCode === 201 || r.statusCode === 429)).toHaveLength(150);
    // A friend from another address still gives.
    const friend = await started(page.slug, {}, '192.0.2.78');
    await pay(ctx, friend.created.client_secret);
    expect((await confirm(ctx, friend.created.gift_id, friend.created.client_secret, '192.0.2.78')).json()).toMatchObject({ status: 'succeeded' });
  });

  it('one card attempt per gift: after a decline the charge is closed and a second confirmation answers 409', async () => {
    const { page } = await createPage(ctx);
    const { created } = await started(page.slug);
    await pay(ctx, created.client_secret, '4000000000000341');
    expect((await confirm(ctx, created.gift_id, created.client_secret)).json()).toMatchObject({ status: 'failed' });
    const again = await confirm(ctx, created.gift_id, created.client_secret);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'gift.card_declined', message: 'This card was declined. Start again with another card.' });
    expect((await pay(ctx, created.client_secret)).statusCode).toBe(409);
  });

  it('a card declined 3 times in a day is refused on its next gift: the charge is cancelled, 429 and gift_refused', async () => {
    const { page } = await createPage(ctx);
    for (let i = 0; i < 3; i += 1) {
      const { created } = await started(page.slug, {}, '198.18.1.1');
      await pay(ctx, created.client_secret, '4000000000000341');
      await confirm(ctx, created.gift_id, created.client_secret, '198.18.1.1');
    }
    // The same card again (Stripe's fingerprint is the same for the same number), now at the bank's step.
    const real = ctx.app.payments as PaymentProvider;
    const sameCard: PaymentProvider = {
      ...real,
      retrieveGuestCharge: async (reference) => ({ ...(await real.retrieveGuestCharge(reference))!, cardFingerprint: testCardFingerprint('0341') }),
    };
    const { created } = await started(page.slug, {}, '198.18.1.2');
    await pay(ctx, created.client_secret, '4000002500003155');
    const why: string[] = [];
    await expect(confirmGift(giftDeps(ctx, { payments: sameCard }), created.gift_id, created.client_secret, { ip: '198.18.1.2', onRefused: (w) => why.push(w) })).rejects.toMatchObject({
      status: 429,
    });
    expect(why).toEqual(['card']);
    expect(await giftRow(ctx, created.gift_id)).toMatchObject({ status: 'failed', failure_code: 'card_limit' });
    expect((await guestCharges(ctx)).find((c) => c.client_secret === created.client_secret)).toMatchObject({ status: 'declined', code: 'canceled' });
  });

  it('attempt hashes are keyed (HMAC under a key derived from SECRETS_KEY), never a bare SHA-256 of the address', async () => {
    const { page } = await createPage(ctx);
    await started(page.slug, {}, '192.0.2.99');
    const bare = createHash('sha256').update('uplift-gift-attempt\nip\n192.0.2.99').digest('hex');
    const keyed = createHmac('sha256', giftAttemptKey(ctx.config.secrets.key)).update('send ip\n192.0.2.99').digest('hex');
    const rows = await ctx.db.select().from(giftAttempts).where(eq(giftAttempts.page_id, page.id));
    expect(rows.map((r) => r.ip_hash)).toEqual([keyed]);
    expect(rows.map((r) => r.ip_hash)).not.toContain(bare);
    expect(giftAttemptKey(Buffer.alloc(32, 1)).equals(giftAttemptKey(Buffer.alloc(32, 2)))).toBe(false);
  });
});

describe('the mails', () => {
  it('UK: £ and London’s date, a plain receipt, no Gift Aid; a hidden name and amount stay hidden from the participant', async () => {
    const { page, user } = await createPage(ctx, { country: 'UK' });
    const { body, created } = await started(page.slug, { hide_name: true, hide_amount: true, amount: 4000, message: 'Well done' });
    await pay(ctx, created.client_secret);
    expect((await confirm(ctx, created.gift_id, created.client_secret)).json().receipt_number).toMatch(/^UK-2026-\d{6}$/);
    const [receipt] = await mailsTo(ctx, body.email);
    expect(receipt!.subject).toContain('£40.00');
    expect(receipt!.text_body).toContain('Hello Sam Friend,');
    expect(receipt!.text_body).toContain('£40.00 GBP');
    expect(receipt!.text_body).toContain('not eligible for Gift Aid');
    expect(receipt!.attachments).toBeNull();
    const [notice] = await mailsTo(ctx, user.email);
    expect(notice!.subject).toBe('Someone gave on your challenge page');
    expect(notice!.text_body).not.toContain('Sam Friend');
    expect(notice!.text_body).not.toContain('£');
    expect(notice!.text_body).not.toContain(body.email);
    expect(notice!.text_body).toContain('Their message: "Well done"');
  });

  it('NZ with tax_receipt: the donation tax credit receipt PDF in the friend’s name is attached', async () => {
    const { page } = await createPage(ctx);
    const { body, created } = await started(page.slug, { tax_receipt: true, name: 'Tāne Friend' });
    await pay(ctx, created.client_secret);
    await confirm(ctx, created.gift_id, created.client_secret);
    const [receipt] = await mailsTo(ctx, body.email);
    expect(receipt!.text_body).toContain('donation tax credit receipt, in your name, is attached');
    expect(receipt!.attachments).toHaveLength(1);
    expect(receipt!.attachments![0]).toMatchObject({ filename: `uplift-receipt-gift-${created.gift_id}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(receipt!.attachments![0]!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a participant who turned gift mails off gets none; the friend still gets the receipt', async () => {
    const { page, user } = await createPage(ctx, { giftMails: false });
    const { body, created } = await started(page.slug);
    await pay(ctx, created.client_secret);
    await confirm(ctx, created.gift_id, created.client_secret);
    expect(await mailsTo(ctx, body.email)).toHaveLength(1);
    expect(await mailsTo(ctx, user.email)).toHaveLength(0);
  });
});

describe('privacy', () => {
  it('the export lists gifts made with the account’s email and gifts received (no friend’s email); erasure anonymises the gifts made, the amounts stay', async () => {
    const friend = await createUser(ctx, { firstName: 'Mere' });
    const owner = await createPage(ctx);
    const made = await started(owner.page.slug, { email: friend.email, name: 'Mere Friend', message: 'Kia kaha' });
    await pay(ctx, made.created.client_secret);
    await confirm(ctx, made.created.gift_id, made.created.client_secret);
    const hidden = await started(owner.page.slug, { hide_name: true, hide_amount: true });
    await pay(ctx, hidden.created.client_secret);
    await confirm(ctx, hidden.created.gift_id, hidden.created.client_secret);

    const friendExport = await ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: { authorization: `Bearer ${friend.token}` } });
    expect(friendExport.statusCode, friendExport.body).toBe(200);
    expect(friendExport.json().gifts.made).toEqual([expect.objectContaining({ id: made.created.gift_id, amount: 25, donor_name: 'Mere Friend', message: 'Kia kaha', status: 'succeeded' })]);

    const ownerToken = await ctx.app.signAccessToken({ id: owner.user.id, role: 'user' });
    const ownerExport = await ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: { authorization: `Bearer ${ownerToken}` } });
    const received = ownerExport.json().gifts.received as Record<string, unknown>[];
    expect(received).toHaveLength(2);
    expect(received).toContainEqual(expect.objectContaining({ id: hidden.created.gift_id, name: null, amount: null }));
    expect(received).toContainEqual(expect.objectContaining({ id: made.created.gift_id, name: 'Mere Friend', amount: 25 }));
    expect(JSON.stringify(ownerExport.json().gifts)).not.toContain('@');

    await ctx.db.update(users).set({ password_hash: await hashPassword('a long and memorable passphrase') }).where(eq(users.id, friend.id));
    const erased = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/erase',
      headers: { authorization: `Bearer ${friend.token}` },
      payload: { password: 'a long and memorable passphrase' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await giftRow(ctx, made.created.gift_id)).toMatchObject({
      donor_name: null,
      donor_email: null,
      message: '',
      erased_at: expect.any(Date),
      amount: 2500,
      status: 'succeeded',
      receipt_number: expect.stringMatching(/^NZ-2026-\d{6}$/),
    });
    // Another friend's gift on the same page is untouched.
    expect((await giftRow(ctx, hidden.created.gift_id)).donor_email).toBe(hidden.body.email);
  });
});
