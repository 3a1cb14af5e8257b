import { asMinor } from '@uplift/core/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, mails, payments, refunds, testProviderCharges, testProviderRefunds } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { pdfText } from '../account/account.test-support.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { selectCampaignTotals } from '../totals/index.ts';
import { adminAndUser, insertCampaign, insertPledge, insertUser, recipientsOf } from '../admin/admin.test-support.ts';

// Refunds (docs/decisions/132-refunds.md, product-rules §19) against real PostgreSQL and the
// built-in test provider: a Success payment's charge is on the provider's books, as billing
// leaves it, and the admin gives back all or part of it.
describe('refunds', () => {
  let ctx: TestContext;
  let adminAuth: Record<string, string>;
  let userAuth: Record<string, string>;
  let adminId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const both = await adminAndUser(ctx);
    ({ adminAuth, userAuth } = both);
    adminId = both.admin.id;
  });
  afterAll(async () => ctx.close());

  let seq = 0;
  /** A donor with a Confirmed pledge whose first week (2000 = $20.00) was charged at the provider. */
  async function paidWeek(opts: { country?: 'NZ' | 'UK'; amount?: number; atProvider?: boolean } = {}) {
    const country = opts.country ?? 'NZ';
    const amount = opts.amount ?? 2000;
    seq += 1;
    const donor = await insertUser(ctx, { first_name: 'Aroha', last_name: `Donor${seq}`, country, email: `refund.donor${seq}.${Date.now()}@example.org` });
    const campaign = await insertCampaign(ctx, { country, campaign_name: `Refund Campaign ${seq}` });
    const [recipient] = await recipientsOf(ctx, country);
    const pledge = await insertPledge(ctx, { user_id: donor.id, campaign_id: campaign.id, recipient_id: recipient!.id, confirmed_amount: amount * 4 });
    const reference = `pi_test_refund_${seq}_${Date.now()}`;
    const [payment] = await ctx.db
      .insert(payments)
      .values({
        pledge_id: pledge.id,
        payment_status: 'Success',
        processing_date: '2026-11-23',
        amount: asMinor(amount),
        provider_reference: reference,
        idempotency_key: `payment-refund-test-${seq}-attempt-1`,
        attempts: 1,
        settled_at: ctx.clock.now(),
      })
      .returning();
    await ctx.db.insert(payments).values({ pledge_id: pledge.id, payment_status: 'Pending', processing_date: '2026-11-30', amount: asMinor(amount) });
    if (opts.atProvider !== false) {
      await ctx.db.insert(testProviderCharges).values({
        idempotency_key: payment!.idempotency_key!,
        id: reference,
        customer_id: 'cus_test_refunds',
        payment_method_id: 'pm_test_refunds',
        amount: asMinor(amount),
        currency: country === 'NZ' ? 'NZD' : 'GBP',
        status: 'succeeded',
      });
    }
    return { donor, campaign, recipient: recipient!, pledge, payment: payment! };
  }

  const refund = (paymentId: number, body: unknown, headers = adminAuth) =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/payments/${paymentId}/refunds`, headers, payload: body as object });

  const mailsTo = (email: string) => ctx.db.select().from(mails).where(and(eq(mails.to_address, email), eq(mails.kind, 'payment-refund')));

  it('refunds a payment in full: 201, the refund on the ledger and at the provider, audited', async () => {
    const { payment } = await paidWeek();
    const res = await refund(payment.id, { amountMinor: 2000, reason: 'Donor asked: charged twice by their bank' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ payment_id: payment.id, amount_minor: 2000, status: 'succeeded', refundable_minor: 0, failure_message: null, admin_user_id: adminId });
    expect(res.json().provider_reference).toMatch(/^re_test_/);

    const rows = await ctx.db.select().from(refunds).where(eq(refunds.payment_id, payment.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', amount: 2000, idempotency_key: `payment-${payment.id}-refund-1` });
    const atProvider = await ctx.db.select().from(testProviderRefunds).where(eq(testProviderRefunds.charge_id, payment.provider_reference!));
    expect(atProvider.map((r) => r.amount)).toEqual([2000]);
    // The payment itself stands as it was: a refund is its own row.
    const [after] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after!.payment_status).toBe('Success');

    const audit = await ctx.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'payment.refund'), eq(adminAudit.target, `payment ${payment.id}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_user_id: adminId, after: { amount: 2000, status: 'succeeded' } });

    const again = await refund(payment.id, { amountMinor: 1, reason: 'One cent more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You can refund at most $0.00 of this payment: $20.00 was charged and $20.00 is already refunded or being refunded.');
  });

  it('refunds in part, then a second part up to the rest, and refuses more than is left', async () => {
    const { payment } = await paidWeek({ amount: 2500 });
    const first = await refund(payment.id, { amountMinor: 1000, reason: 'Half of the week, agreed with the donor' });
    expect(first.statusCode).toBe(201);
    expect(first.json().refundable_minor).toBe(1500);

    const over = await refund(payment.id, { amountMinor: 1501, reason: 'More than is left' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'refund.too_much',
      message: 'You can refund at most $15.00 of this payment: $25.00 was charged and $10.00 is already refunded or being refunded.',
    });

    const rest = await refund(payment.id, { amountMinor: 1500, reason: 'The rest of it' });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().refundable_minor).toBe(0);
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.payment_id, payment.id));
    expect(rows.map((r) => [r.amount, r.status, r.idempotency_key])).toEqual([
      [1000, 'succeeded', `payment-${payment.id}-refund-1`],
      [1500, 'succeeded', `payment-${payment.id}-refund-2`],
    ]);
  });

  it('two admins at once: one refund goes through, the other is refused naming the most that can be refunded', async () => {
    const { payment } = await paidWeek();
    const [a, b] = await Promise.all([
      refund(payment.id, { amountMinor: 1500, reason: 'First admin' }),
      refund(payment.id, { amountMinor: 1500, reason: 'Second admin' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().message).toBe('You can refund at most $5.00 of this payment: $20.00 was charged and $15.00 is already refunded or being refunded.');
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.payment_id, payment.id));
    expect(rows.map((r) => [r.amount, r.status])).toEqual([[1500, 'succeeded']]);
    const atProvider = await ctx.db.select().from(testProviderRefunds).where(eq(testProviderRefunds.charge_id, payment.provider_reference!));
    expect(atProvider).toHaveLength(1);
  });

  it('a provider failure leaves the refund failed, nothing reserved, and the admin reads the provider’s words', async () => {
    // The provider does not know this charge: it refuses, as Stripe does.
    const { payment, donor } = await paidWeek({ atProvider: false });
    const res = await refund(payment.id, { amountMinor: 500, reason: 'Donor asked for part back' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'refund.provider_refused', message: `The payment provider refused the refund: No such payment_intent: '${payment.provider_reference}'` });
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.payment_id, payment.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', failure_message: `No such payment_intent: '${payment.provider_reference}'` });
    expect(await mailsTo(donor.email)).toHaveLength(0);
    // A failed refund reserves nothing: the whole payment can still be refunded.
    const list = await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${donor.id}/payments`, headers: adminAuth });
    expect(list.json().payments.find((p: { id: number }) => p.id === payment.id)).toMatchObject({ refunded_minor: 0, refundable_minor: 2000 });
    const audit = await ctx.db.select().from(adminAudit).where(eq(adminAudit.target, `payment ${payment.id}`));
    expect(audit[0]).toMatchObject({ action: 'payment.refund', after: { status: 'failed' } });
  });

  it('only a Success payment can be refunded; a missing one is 404', async () => {
    const { pledge } = await paidWeek();
    const [pending] = await ctx.db.select().from(payments).where(and(eq(payments.pledge_id, pledge.id), eq(payments.payment_status, 'Pending')));
    const res = await refund(pending!.id, { amountMinor: 100, reason: 'Not paid yet' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a payment that went through (Success) can be refunded; this one is Pending.');
    expect((await refund(999_999, { amountMinor: 100, reason: 'No such payment' })).statusCode).toBe(404);
  });

  it('refuses a non-admin (403) and a stranger (401) before reading the body', async () => {
    const { payment } = await paidWeek();
    expect((await refund(payment.id, { amountMinor: 100, reason: 'Not mine to give' }, userAuth)).statusCode).toBe(403);
    expect((await refund(payment.id, { amountMinor: 100, reason: 'Not mine to give' }, {})).statusCode).toBe(401);
    expect((await refund(payment.id, {}, userAuth)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/users/1/payments`, headers: userAuth })).statusCode).toBe(403);
    expect(await ctx.db.select().from(refunds).where(eq(refunds.payment_id, payment.id))).toHaveLength(0);
  });

  it('validates every field with a message naming it', async () => {
    const { payment } = await paidWeek();
    const message = async (body: unknown) => (await refund(payment.id, body)).json().message as string;
    expect(await message({ amountMinor: 0, reason: 'Too little' })).toMatch(/^amountMinor must be a whole number/);
    expect(await message({ amountMinor: 10.5, reason: 'Half a cent' })).toMatch(/^amountMinor must be a whole number/);
    expect(await message({ amountMinor: '100', reason: 'Text amount' })).toMatch(/^amountMinor must be a whole number/);
    expect(await message({ amountMinor: 100 })).toMatch(/^reason is required/);
    expect(await message({ amountMinor: 100, reason: '  a ' })).toMatch(/^reason is required/);
    expect(await message({ amountMinor: 100, reason: 'x'.repeat(501) })).toBe('reason must be at most 500 characters long');
    expect(await message({ amountMinor: 100, reason: 'bad\u0000reason' })).toMatch(/^reason can't contain invisible or control characters/);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/payments/abc/refunds', headers: adminAuth, payload: { amountMinor: 1, reason: 'abc' } })).json().message).toBe(
      'paymentId must be a payment id',
    );
    expect(await ctx.db.select().from(refunds).where(eq(refunds.payment_id, payment.id))).toHaveLength(0);
  });

  it('mails the donor "Your refund of $x" with the corrected receipt: same number, revision mark, net amounts', async () => {
    const { payment, donor } = await paidWeek();
    expect((await refund(payment.id, { amountMinor: 1000, reason: 'Half back, agreed' })).statusCode).toBe(201);
    const [mail] = await mailsTo(donor.email);
    expect(mail!.subject).toBe('Your refund of $10.00');
    expect(mail!.text_body).toContain('We have refunded $10.00 of your $20.00 payment');
    const [{ receipt_number } = { receipt_number: null }] = await ctx.db.select({ receipt_number: payments.receipt_number }).from(payments).where(eq(payments.id, payment.id));
    expect(receipt_number).toMatch(/^NZ-2026-\d{6}$/);
    expect(mail!.text_body).toContain(`${receipt_number}-R1`);
    expect(mail!.attachments).toHaveLength(1);
    const text = (await pdfText(Buffer.from(mail!.attachments![0]!.content, 'base64'))).replace(/\s+/g, ' ');
    expect(text).toContain('Corrected donation receipt');
    expect(text).toContain(`${receipt_number}-R1`);
    expect(text).toContain('$10.00 NZD ($20.00 NZD less $10.00 NZD refunded)');
    expect(text).toContain('Total donated $10.00 NZD');

    // A second refund is revision 2 of the same number.
    expect((await refund(payment.id, { amountMinor: 1000, reason: 'The other half' })).statusCode).toBe(201);
    const second = (await mailsTo(donor.email)).find((m) => m.id !== mail!.id)!;
    expect(second.text_body).toContain(`${receipt_number}-R2`);
    expect(second.text_body).toContain('That payment is now refunded in full.');

    // The account's receipts list shows the corrected receipt: the revised number, net.
    const donorAuth = { authorization: `Bearer ${await ctx.app.signAccessToken({ id: donor.id, role: 'user' })}` };
    const account = (await ctx.app.inject({ method: 'GET', url: '/api/account', headers: donorAuth })).json();
    expect(account.pledges[0].receipts).toEqual([{ receipt_number: `${receipt_number}-R2`, processing_date: '2026-11-23', amount_minor: 0 }]);
  });

  it('UK: the refund mail is in pounds, dated in London', async () => {
    ctx.clock.set('2026-11-23T23:30:00.000Z'); // 24 November in Auckland, still the 23rd in London
    const { payment, donor } = await paidWeek({ country: 'UK', amount: 1500 });
    expect((await refund(payment.id, { amountMinor: 500, reason: 'Partial refund asked for' })).statusCode).toBe(201);
    const [mail] = await mailsTo(donor.email);
    expect(mail!.subject).toBe('Your refund of £5.00');
    expect(mail!.text_body).toContain('23 November 2026');
    expect(mail!.text_body).not.toContain('24 November 2026');
    expect(mail!.text_body).toMatch(/Hi Aroha|Hello Aroha/);
    ctx.clock.set('2026-11-23T09:00:00.000Z');
  });

  it('the donor’s summary shows what was refunded of each payment', async () => {
    const { payment, donor } = await paidWeek();
    expect((await refund(payment.id, { amountMinor: 750, reason: 'Part of the week back' })).statusCode).toBe(201);
    const donorAuth = { authorization: `Bearer ${await ctx.app.signAccessToken({ id: donor.id, role: 'user' })}` };
    const list = await ctx.app.inject({ method: 'GET', url: '/api/payment/', headers: donorAuth });
    expect(list.statusCode).toBe(200);
    const rows = list.json() as { id: number; refunded: number; payment_status: string }[];
    expect(rows.find((p) => p.id === payment.id)).toMatchObject({ payment_status: 'Success', refunded: 7.5 });
    expect(rows.filter((p) => p.id !== payment.id).every((p) => p.refunded === 0)).toBe(true);
  });

  it('the campaign report nets refunds, and a refund after a payout shows as owed back; payouts are capped at the net', async () => {
    const { payment, campaign, recipient } = await paidWeek({ amount: 10000 });
    const report = async () => (await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaign.id}/report`, headers: adminAuth })).json();
    const before = await report();
    const row = () => before.charities.find((c: { recipient_id: number }) => c.recipient_id === recipient.id);
    expect(row()).toMatchObject({ collected: 100, refunded: 0, owed_back: 0 });
    const fees = row().fees as number;

    // The charity is paid everything it is owed, then the donor gets $40 back.
    const owed = row().owed as number;
    const payout = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaign.id}/payouts`,
      headers: adminAuth,
      payload: { recipient_id: recipient.id, amount: owed, paid_on: '2026-11-23', reference: 'BANK-REF-1' },
    });
    expect(payout.statusCode).toBe(201);
    expect((await refund(payment.id, { amountMinor: 4000, reason: 'Donor lost their job' })).statusCode).toBe(201);

    const after = await report();
    const charity = after.charities.find((c: { recipient_id: number }) => c.recipient_id === recipient.id);
    expect(charity).toMatchObject({ collected: 100, refunded: 40, net: Math.round((60 - fees) * 100) / 100, owed: 0, owed_back: 40 });
    expect(after.total).toMatchObject({ refunded: 40, owed: 0, owed_back: 40 });
    // The pledged figure follows the totals: net of refunds.
    expect(charity.pledged).toBe(before.charities.find((c: { recipient_id: number }) => c.recipient_id === recipient.id).pledged - 40);

    // Nothing more can be paid out to it.
    const more = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaign.id}/payouts`,
      headers: adminAuth,
      payload: { recipient_id: recipient.id, amount: 1, paid_on: '2026-11-23', reference: 'BANK-REF-2' },
    });
    expect(more.statusCode).toBe(409);

    const csv = await ctx.app.inject({ method: 'GET', url: `/api/admin/campaigns/${campaign.id}/report.csv`, headers: adminAuth });
    expect(csv.statusCode).toBe(200);
    const header = csv.body.split('\r\n')[0]!;
    expect(header).toContain('Refunded (NZD)');
    expect(header).toContain('Owed back (NZD)');
  });

  it('the public totals (landing banner, charity cards) count money given net of refunds', async () => {
    const { payment, campaign, recipient } = await paidWeek({ amount: 3000 });
    const sum = async () => {
      const rows = (await selectCampaignTotals(ctx.db, campaign.id)).filter((r) => r.recipient_id === recipient.id);
      return { pledges: rows.reduce((n, r) => n + r.pledges, 0), amount: rows.reduce((n, r) => n + r.amount, 0) };
    };
    expect(await sum()).toEqual({ pledges: 1, amount: 12000 });
    expect((await refund(payment.id, { amountMinor: 1000, reason: 'Part back' })).statusCode).toBe(201);
    expect(await sum()).toEqual({ pledges: 1, amount: 11000 });
  });

  it('lists a donor’s payments for the admin with refunded and refundable amounts', async () => {
    const { payment, donor } = await paidWeek();
    await refund(payment.id, { amountMinor: 300, reason: 'Small part back' });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${donor.id}/payments`, headers: adminAuth });
    expect(res.statusCode).toBe(200);
    expect(res.json().payments.map((p: { payment_status: string; amount_minor: number; refunded_minor: number; refundable_minor: number }) => [p.payment_status, p.amount_minor, p.refunded_minor, p.refundable_minor])).toEqual([
      ['Pending', 2000, 0, 0],
      ['Success', 2000, 300, 1700],
    ]);
  });
});

describe('refunds when the provider does not answer', () => {
  let ctx: TestContext;
  let calls = 0;
  const notUsed = () => Promise.reject(new Error('not used here'));
  const silent: PaymentProvider = {
    name: 'test',
    publicConfig: { provider: 'test' },
    ensureCustomer: notUsed,
    createSetupSecret: notUsed,
    getCard: notUsed,
    charge: notUsed,
    findCharge: notUsed,
    retrieveCharge: notUsed,
    createGuestCharge: notUsed,
    retrieveGuestCharge: notUsed,
    findGuestCharge: notUsed,
    cancelGuestCharge: notUsed,
    detachPaymentMethod: notUsed,
    refund: () => {
      calls += 1;
      return Promise.reject(new Error('connect ETIMEDOUT api.stripe.com'));
    },
  };

  beforeAll(async () => {
    ctx = await createTestContext({ payments: silent });
  });
  afterAll(async () => ctx.close());

  it('keeps the refund pending (503) and its amount reserved, so it cannot be refunded a second time meanwhile', async () => {
    const { adminAuth } = await adminAndUser(ctx);
    const donor = await insertUser(ctx, { first_name: 'Rangi' });
    const campaign = await insertCampaign(ctx);
    const [recipient] = await recipientsOf(ctx, 'NZ');
    const pledge = await insertPledge(ctx, { user_id: donor.id, campaign_id: campaign.id, recipient_id: recipient!.id, confirmed_amount: 8000 });
    const [payment] = await ctx.db
      .insert(payments)
      .values({ pledge_id: pledge.id, payment_status: 'Success', processing_date: '2026-11-23', amount: asMinor(2000), provider_reference: 'pi_silent_1', settled_at: ctx.clock.now() })
      .returning();
    const ask = (amountMinor: number) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/payments/${payment!.id}/refunds`, headers: adminAuth, payload: { amountMinor, reason: 'Bank charged twice' } });

    const res = await ask(2000);
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('refund.provider_unavailable');
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.payment_id, payment!.id));
    expect(rows.map((r) => [r.status, r.amount, r.idempotency_key])).toEqual([['pending', 2000, `payment-${payment!.id}-refund-1`]]);

    // Another try is refused before the provider is asked: the pending refund holds the amount.
    const again = await ask(1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You can refund at most $0.00 of this payment: $20.00 was charged and $20.00 is already refunded or being refunded.');
    expect(calls).toBe(1);
    expect(await ctx.db.select().from(mails).where(eq(mails.kind, 'payment-refund'))).toHaveLength(0);
  });
});
