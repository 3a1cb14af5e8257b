import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAttempts, paymentMethods, payments, pledges, testProviderCharges, testProviderPaymentMethods } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createTestProvider } from '../payments/test-provider.ts';
import { bill, createCampaign, createConfirmedPledge, createDonor, mailsTo, paymentRows, tokenFor } from './billing.test-support.ts';

// Payment recovery (decisions 044–047) on a real PostgreSQL with the built-in test provider (Stripe's test cards): pay a
// failed week now, confirm with the bank, exactly once against clicks and billing runs; the one
// automatic retry; non-card failures; change card.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** Each test has its own campaign and dates far apart, so billing runs never touch other tests' payments. */
function campaignAt(billingStart: string) {
  return createCampaign(ctx.db, { billingStart });
}

async function donorWithCard(campaignId: number, number: string) {
  const provider = createTestProvider(ctx.db);
  const user = await createDonor(ctx.db, { customerId: `cus_test_${Math.random().toString(36).slice(2)}` });
  const secret = await provider.createSetupSecret(user.stripe_customer_id!);
  const saved = await provider.confirmSetup({
    customerId: user.stripe_customer_id!,
    clientSecret: secret,
    card: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
    now: ctx.clock.now(),
  });
  const pledge = await createConfirmedPledge(ctx.db, { campaignId, user, providerMethodId: saved.payment_method });
  return { ...pledge, token: await tokenFor(ctx, user.id), customerId: user.stripe_customer_id! };
}

async function newCard(customerId: string, number: string) {
  const provider = createTestProvider(ctx.db);
  const secret = await provider.createSetupSecret(customerId);
  return (await provider.confirmSetup({ customerId, clientSecret: secret, card: { number, exp_month: 12, exp_year: 2030, cvc: '123' }, now: ctx.clock.now() }))
    .payment_method;
}

function api(token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: Record<string, unknown>) {
  return ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body ? { payload: body } : {}) });
}

async function chargesOf(paymentId: number) {
  return ctx.db.select().from(testProviderCharges).where(sql`${testProviderCharges.metadata}->>'payment_id' = ${String(paymentId)}`);
}

/** Makes the first payment Failed (as a billing run would have) with this code. */
async function failFirst(paymentId: number, code: string, extra: Partial<typeof payments.$inferInsert> = {}) {
  await ctx.db
    .update(payments)
    .set({ payment_status: 'Failed', failure_reason: code, settled_at: new Date(), attempts: 1, idempotency_key: `payment-${paymentId}-attempt-1`, ...extra })
    .where(eq(payments.id, paymentId));
}

describe('confirm with your bank (4000 0027 6000 3184)', () => {
  it('billing asks for authentication; the donor confirms the same charge and gets one receipt', async () => {
    const campaign = await campaignAt('2026-11-23');
    const donor = await donorWithCard(campaign.id, '4000 0027 6000 3184');
    await bill(ctx, ctx.app.payments, { asOf: '2026-11-23' });
    const [first] = await paymentRows(ctx.db, donor.pledge.id);
    expect(first).toMatchObject({ payment_status: 'Failed', failure_reason: 'authentication_required', next_retry_date: null });

    const listed = (await api(donor.token, 'GET', '/api/payment/')).json();
    expect(listed[0]).toMatchObject({ id: first!.id, action: 'authenticate', failure_reason: 'authentication_required', next_retry_date: null });
    const [failedMail] = await mailsTo(ctx.db, donor.user.email);
    expect(failedMail!.subject).toContain('Your bank wants to confirm');
    expect(failedMail!.text_body).toContain(`${ctx.config.appUrl}/summary?pay=${first!.id}`);

    const pay = await api(donor.token, 'POST', `/api/payment/${first!.id}/pay`, {});
    expect(pay.statusCode).toBe(200);
    expect(pay.json()).toMatchObject({ payment_status: 'Failed', outcome: 'requires_action', client_secret: expect.stringContaining('_secret_') });
    // The bank's step is for the charge billing made: no new charge was created.
    expect(await chargesOf(first!.id)).toHaveLength(1);

    const step = await api(donor.token, 'POST', '/api/test-provider/payment/authenticate', { client_secret: pay.json().client_secret, outcome: 'complete' });
    expect(step.json()).toEqual({ status: 'succeeded' });
    const confirm = await api(donor.token, 'POST', `/api/payment/${first!.id}/confirm`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ payment_status: 'Success', outcome: 'succeeded' });

    const [paid] = await paymentRows(ctx.db, donor.pledge.id);
    expect(paid).toMatchObject({ payment_status: 'Success', failure_reason: null });
    const mails = await mailsTo(ctx.db, donor.user.email);
    expect(mails.map((m) => m.kind)).toEqual(['payment-failed', 'payment-receipt']);
    expect(mails[1]!.text_body).toContain('has gone through');
    const attempts = await ctx.db.select().from(paymentAttempts).where(eq(paymentAttempts.payment_id, first!.id)).orderBy(paymentAttempts.id);
    expect(attempts.map((a) => [a.kind, a.outcome])).toEqual([
      ['scheduled', 'requires_action'],
      ['confirm', 'succeeded'],
    ]);

    // Confirming again, or paying again: nothing more happens.
    expect((await api(donor.token, 'POST', `/api/payment/${first!.id}/confirm`)).json()).toMatchObject({ payment_status: 'Success' });
    const again = await api(donor.token, 'POST', `/api/payment/${first!.id}/pay`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment has already gone through. Thank you!');
    expect(await mailsTo(ctx.db, donor.user.email)).toHaveLength(2);
  });
});

describe('POST /api/payment/{id}/pay', () => {
  it("answers 404 for someone else's payment and 409 for one that has not failed", async () => {
    const campaign = await campaignAt('2026-12-07');
    const mine = await donorWithCard(campaign.id, '4242 4242 4242 4242');
    const theirs = await donorWithCard(campaign.id, '4242 4242 4242 4242');
    await failFirst(theirs.payments[0]!.id, 'insufficient_funds');
    expect((await api(mine.token, 'POST', `/api/payment/${theirs.payments[0]!.id}/pay`, {})).statusCode).toBe(404);
    expect((await api(mine.token, 'POST', `/api/payment/${theirs.payments[0]!.id}/confirm`)).statusCode).toBe(404);
    const pending = await api(mine.token, 'POST', `/api/payment/${mine.payments[0]!.id}/pay`, {});
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('Only a payment that did not go through can be paid now.');
    expect((await ctx.app.inject({ method: 'POST', url: `/api/payment/${mine.payments[0]!.id}/pay`, payload: {} })).statusCode).toBe(401);
  });

  it('two clicks at once charge once: one pays, the other gets 409', async () => {
    const campaign = await campaignAt('2026-12-14');
    const donor = await donorWithCard(campaign.id, '4242 4242 4242 4242');
    const id = donor.payments[0]!.id;
    await failFirst(id, 'insufficient_funds');
    const [a, b] = await Promise.all([api(donor.token, 'POST', `/api/payment/${id}/pay`, {}), api(donor.token, 'POST', `/api/payment/${id}/pay`, {})]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const ok = a.statusCode === 200 ? a : b;
    expect(ok.json()).toMatchObject({ payment_status: 'Success', outcome: 'succeeded' });
    const charges = await chargesOf(id);
    expect(charges.filter((c) => c.status === 'succeeded')).toHaveLength(1);
    expect(charges).toHaveLength(1);
    expect((await mailsTo(ctx.db, donor.user.email)).map((m) => m.kind)).toEqual(['payment-receipt']);
  });

  it('racing a billing run that retries it: one charge, one receipt', async () => {
    const campaign = await campaignAt('2026-12-21');
    const donor = await donorWithCard(campaign.id, '4242 4242 4242 4242');
    const id = donor.payments[0]!.id;
    await failFirst(id, 'insufficient_funds', { next_retry_date: '2026-12-23' });
    const [pay, report] = await Promise.all([api(donor.token, 'POST', `/api/payment/${id}/pay`, {}), bill(ctx, ctx.app.payments, { asOf: '2026-12-23' })]);
    expect([200, 409]).toContain(pay.statusCode);
    if (pay.statusCode === 409) expect(pay.json().message).toMatch(/being processed right now|already gone through/);
    const charges = await chargesOf(id);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.status).toBe('succeeded');
    expect(report.errors).toBe(0);
    expect((await paymentRows(ctx.db, donor.pledge.id))[0]!.payment_status).toBe('Success');
    expect((await mailsTo(ctx.db, donor.user.email)).map((m) => m.kind)).toEqual(['payment-receipt']);
  });

  it('a declined pay-now says why, sends no mail, and can use another saved card', async () => {
    const campaign = await campaignAt('2026-12-28');
    const donor = await donorWithCard(campaign.id, '4000 0000 0000 0341');
    const id = donor.payments[0]!.id;
    await failFirst(id, 'card_declined');
    const declined = await api(donor.token, 'POST', `/api/payment/${id}/pay`, {});
    expect(declined.json()).toMatchObject({ payment_status: 'Failed', outcome: 'failed', failure_reason: 'card_declined', message: 'Your bank declined this payment.' });
    expect(await mailsTo(ctx.db, donor.user.email)).toEqual([]);

    const other = await newCard(donor.customerId, '4242424242424242');
    await api(donor.token, 'POST', '/api/payment_method', { stripe_payment_method_id: other });
    const paid = await api(donor.token, 'POST', `/api/payment/${id}/pay`, { payment_method_id: other });
    expect(paid.json()).toMatchObject({ payment_status: 'Success' });
    expect((await paymentRows(ctx.db, donor.pledge.id))[0]!.stripe_payment_method_id).toBe(other);
    expect(await chargesOf(id)).toHaveLength(2);
    // Another customer's card is not usable.
    const stranger = await donorWithCard(campaign.id, '4242 4242 4242 4242');
    await failFirst(stranger.payments[0]!.id, 'card_declined');
    expect((await api(stranger.token, 'POST', `/api/payment/${stranger.payments[0]!.id}/pay`, { payment_method_id: other })).statusCode).toBe(404);
  });
});

describe('the final week paid another way', () => {
  it('pay-now and confirm of the final week attach the PDF receipt, as billing does', async () => {
    const campaign = await campaignAt('2027-04-05');
    for (const how of ['pay', 'confirm'] as const) {
      const donor = await donorWithCard(campaign.id, how === 'pay' ? '4242 4242 4242 4242' : '4000 0027 6000 3184');
      const rows = donor.payments;
      await ctx.db
        .update(payments)
        .set({ payment_status: 'Success', settled_at: new Date(), attempts: 1 })
        .where(and(eq(payments.pledge_id, donor.pledge.id), sql`${payments.id} <> ${rows[3]!.id}`));
      if (how === 'pay') {
        await failFirst(rows[3]!.id, 'insufficient_funds');
        expect((await api(donor.token, 'POST', `/api/payment/${rows[3]!.id}/pay`, {})).json()).toMatchObject({ payment_status: 'Success' });
      } else {
        await bill(ctx, ctx.app.payments, { asOf: rows[3]!.processing_date });
        const pay = await api(donor.token, 'POST', `/api/payment/${rows[3]!.id}/pay`, {});
        await api(donor.token, 'POST', '/api/test-provider/payment/authenticate', { client_secret: pay.json().client_secret, outcome: 'complete' });
        expect((await api(donor.token, 'POST', `/api/payment/${rows[3]!.id}/confirm`)).json()).toMatchObject({ payment_status: 'Success' });
      }
      const receipt = (await mailsTo(ctx.db, donor.user.email)).find((m) => m.kind === 'payment-receipt');
      expect(receipt!.text_body).toContain('Payment: 4 of 4');
      expect(receipt!.attachments).toHaveLength(1);
      expect(receipt!.attachments![0]).toMatchObject({ contentType: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) });
    }
  });
});

describe('the automatic retry', () => {
  it('retries a soft decline (9995) once, two days later in the campaign zone, and mails each failure', async () => {
    const campaign = await campaignAt('2027-01-04');
    const donor = await donorWithCard(campaign.id, '4000 0000 0000 9995');
    const id = donor.payments[0]!.id;
    await bill(ctx, ctx.app.payments, { asOf: '2027-01-04' });
    expect((await paymentRows(ctx.db, donor.pledge.id))[0]).toMatchObject({ payment_status: 'Failed', failure_reason: 'insufficient_funds', next_retry_date: '2027-01-06' });
    const [first] = await mailsTo(ctx.db, donor.user.email);
    expect(first!.text_body).toContain('we will try once more on Wednesday 6 January 2027');
    expect((await api(donor.token, 'GET', '/api/payment/')).json()[0]).toMatchObject({ action: 'pay_now', next_retry_date: '2027-01-06' });

    await bill(ctx, ctx.app.payments, { asOf: '2027-01-05' });
    expect(await chargesOf(id)).toHaveLength(1);
    await bill(ctx, ctx.app.payments, { asOf: '2027-01-06' });
    expect(await chargesOf(id)).toHaveLength(2);
    expect((await paymentRows(ctx.db, donor.pledge.id))[0]).toMatchObject({ payment_status: 'Failed', failure_reason: 'insufficient_funds', next_retry_date: null });
    await bill(ctx, ctx.app.payments, { asOf: '2027-01-10' });
    expect(await chargesOf(id)).toHaveLength(2); // once only
    const attempts = await ctx.db.select().from(paymentAttempts).where(eq(paymentAttempts.payment_id, id)).orderBy(paymentAttempts.id);
    expect(attempts.map((a) => [a.kind, a.outcome, a.decline_code])).toEqual([
      ['scheduled', 'failed', 'insufficient_funds'],
      ['retry', 'failed', 'insufficient_funds'],
    ]);
    expect(attempts.every((a) => a.finished_at instanceof Date)).toBe(true);
    const mails = await mailsTo(ctx.db, donor.user.email);
    expect(mails.filter((m) => m.kind === 'payment-failed' && m.text_body.includes(`summary?pay=${id}`))).toHaveLength(2);
    expect(mails.at(-1)!.text_body).toContain('We will not try this payment again on our own.');
  });

  it('never retries on or after the next payment date (a late catch-up run)', async () => {
    const campaign = await campaignAt('2027-01-11');
    const donor = await donorWithCard(campaign.id, '4000 0000 0000 9995');
    const id = donor.payments[0]!.id;
    await bill(ctx, ctx.app.payments, { asOf: '2027-01-16' }); // retry would be the 18th: the next payment is on the 18th
    expect((await paymentRows(ctx.db, donor.pledge.id))[0]).toMatchObject({ payment_status: 'Failed', next_retry_date: null });
    await bill(ctx, ctx.app.payments, { asOf: '2027-01-18' });
    expect(await chargesOf(id)).toHaveLength(1);
  });

  it('a retry whose day is missed is never charged on or after the next payment date', async () => {
    const campaign = await campaignAt('2027-03-01');
    const donor = await donorWithCard(campaign.id, '4000 0000 0000 9995');
    const id = donor.payments[0]!.id;
    await bill(ctx, ctx.app.payments, { asOf: '2027-03-01' });
    expect((await paymentRows(ctx.db, donor.pledge.id))[0]!.next_retry_date).toBe('2027-03-03');
    await bill(ctx, ctx.app.payments, { asOf: '2027-03-08' }); // billing did not run on the 3rd–7th
    expect(await chargesOf(id)).toHaveLength(1);
    expect((await paymentRows(ctx.db, donor.pledge.id))[0]).toMatchObject({ payment_status: 'Failed', next_retry_date: null });
    expect(await chargesOf(donor.payments[1]!.id)).toHaveLength(1); // the next week was charged as planned
  });

  it('never retries a hard decline (0069 expired_card): the donor is asked for another card', async () => {
    const campaign = await campaignAt('2027-01-25');
    const donor = await donorWithCard(campaign.id, '4000 0000 0000 0069');
    await bill(ctx, ctx.app.payments, { asOf: '2027-01-25' });
    await bill(ctx, ctx.app.payments, { asOf: '2027-01-29' });
    expect(await chargesOf(donor.payments[0]!.id)).toHaveLength(1);
    expect((await api(donor.token, 'GET', '/api/payment/')).json()[0]).toMatchObject({ failure_reason: 'expired_card', action: 'new_card', next_retry_date: null });
  });

  it('a card gone at the provider fails with a reason and a mail, once, not an endless Pending', async () => {
    const campaign = await campaignAt('2027-02-01');
    const donor = await donorWithCard(campaign.id, '4242 4242 4242 4242');
    await ctx.db.update(testProviderPaymentMethods).set({ detached_at: new Date() }).where(eq(testProviderPaymentMethods.id, donor.method.stripe_payment_method_id));
    const report = await bill(ctx, ctx.app.payments, { asOf: '2027-02-01' });
    expect(report.errors).toBe(0);
    expect((await paymentRows(ctx.db, donor.pledge.id))[0]).toMatchObject({ payment_status: 'Failed', failure_reason: 'card_not_available', next_retry_date: null });
    await bill(ctx, ctx.app.payments, { asOf: '2027-02-03' });
    expect(await chargesOf(donor.payments[0]!.id)).toHaveLength(1);
    expect((await mailsTo(ctx.db, donor.user.email)).map((m) => m.kind)).toEqual(['payment-failed']);
  });
});

describe('PUT /api/payment_method/default (change card)', () => {
  it('re-points every Pending and Failed payment to the new card, then detaches the old one; the failed week can be paid', async () => {
    const campaign = await campaignAt('2027-02-08');
    const donor = await donorWithCard(campaign.id, '4000 0000 0000 0341');
    await bill(ctx, ctx.app.payments, { asOf: '2027-02-08' });
    const old = donor.method.stripe_payment_method_id;
    const fresh = await newCard(donor.customerId, '4242424242424242');
    expect((await api(donor.token, 'POST', '/api/payment_method', { stripe_payment_method_id: fresh })).statusCode).toBe(201);

    const res = await api(donor.token, 'PUT', '/api/payment_method/default', { payment_method_id: fresh });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ payments_updated: 4, detached: old, payment_method: { stripe_payment_method_id: fresh, last4: '4242' } });
    const rows = await paymentRows(ctx.db, donor.pledge.id);
    expect(rows.map((p) => [p.payment_status, p.stripe_payment_method_id])).toEqual([
      ['Failed', fresh],
      ['Pending', fresh],
      ['Pending', fresh],
      ['Pending', fresh],
    ]);
    const [freshRow] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.stripe_payment_method_id, fresh));
    const [pledgeRow] = await ctx.db.select().from(pledges).where(eq(pledges.id, donor.pledge.id));
    expect(pledgeRow!.payment_method_id).toBe(freshRow!.id);
    expect(pledgeRow!.payment_method_id).not.toBe(donor.method.id);
    const [oldCard] = await ctx.db.select().from(testProviderPaymentMethods).where(eq(testProviderPaymentMethods.id, old));
    expect(oldCard!.detached_at).toBeInstanceOf(Date);
    const cards = (await api(donor.token, 'GET', '/api/payment_method')).json();
    expect(cards.map((c: { stripe_payment_method_id: string }) => c.stripe_payment_method_id)).toEqual([fresh]);

    const pay = await api(donor.token, 'POST', `/api/payment/${rows[0]!.id}/pay`, {});
    expect(pay.json()).toMatchObject({ payment_status: 'Success' });
    await bill(ctx, ctx.app.payments, { asOf: '2027-02-15' });
    expect((await paymentRows(ctx.db, donor.pledge.id))[1]!.payment_status).toBe('Success');
  });

  it("refuses a card that is not the donor's (404) and leaves the payments alone", async () => {
    const campaign = await campaignAt('2027-02-22');
    const donor = await donorWithCard(campaign.id, '4242 4242 4242 4242');
    const other = await donorWithCard(campaign.id, '4242 4242 4242 4242');
    const res = await api(donor.token, 'PUT', '/api/payment_method/default', { payment_method_id: other.method.stripe_payment_method_id });
    expect(res.statusCode).toBe(404);
    const rows = await ctx.db.select().from(payments).where(and(eq(payments.pledge_id, donor.pledge.id)));
    expect(rows.every((p) => p.stripe_payment_method_id === donor.method.stripe_payment_method_id)).toBe(true);
  });
});
