import { asMinor } from '@uplift/core/money';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentAttempts, payments, pledges, refunds, webhookEvents } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { ChargeResult } from '../payments/payment-provider.ts';
import { handleStripePaymentEvent } from './stripe-webhook.job.ts';
import { bill, createCampaign, createConfirmedPledge, fakeProvider, mailsTo, paymentRows, softlyDeclined, succeed, tokenFor, type FakeProvider } from './billing.test-support.ts';

// The rules billing's outcome and recovery branches implement (docs/decisions/040, 044, 045),
// each pinned with a few payments on a real PostgreSQL, so the api-billing mutation run can afford
// them (billing.exactly-once.test.ts proves the same rules at scale, but is too slow to instrument):
// - exactly once: the key is stored before the provider is called; an attempt left in doubt is
//   looked up by its key and never charged again; a fresh claim is charged without a lookup;
// - a payment or pledge cancelled meanwhile is not charged;
// - the webhook settles a processing payment to Success or Failed, with the right mail;
// - failure codes decide the retry: a soft decline once, two days later in the campaign's zone,
//   never on or after the next payment; a hard decline never; no automatic retry after pay-now.

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx?.close();
});

const silent = pino({ level: 'silent' });
const declined = (code: string) => (): ChargeResult => ({ status: 'declined', reference: `pi_declined_${code}`, code });

/** The provider double, also counting `findCharge` lookups by key. */
function countingLookups(provider: FakeProvider) {
  const lookups: string[] = [];
  const findCharge = provider.findCharge.bind(provider);
  provider.findCharge = (key) => (lookups.push(key), findCharge(key));
  return { provider, lookups };
}

async function cancelAs(userId: number) {
  return ctx.app.inject({ method: 'PUT', url: '/api/pledge/cancel', headers: { authorization: `Bearer ${await tokenFor(ctx, userId)}` } });
}

/** The week failed softly on 23 Nov; its one retry is due on `retry`. */
function failedWeekOne(paymentId: number, retry = '2026-11-25') {
  return softlyDeclined(ctx.db, paymentId, retry);
}

async function payment(id: number) {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

/** The Stripe webhook job, as pg-boss runs it for a stored event. */
async function webhook(event: { type: 'payment_intent.succeeded' | 'payment_intent.payment_failed'; paymentIntentId: string; idempotencyKey?: string | null; failureCode?: string | null }) {
  const eventId = `evt_${Math.random().toString(36).slice(2)}`;
  await ctx.db.insert(webhookEvents).values({ id: eventId, type: event.type });
  await handleStripePaymentEvent(
    { db: ctx.db, clock: ctx.clock, mailer: ctx.app.mailer, log: silent, appUrl: ctx.config.appUrl, receipt: ctx.config.receipt, mailLinks: ctx.config.mailLinks },
    { eventId, type: event.type, paymentIntentId: event.paymentIntentId, idempotencyKey: event.idempotencyKey ?? null, failureCode: event.failureCode ?? null },
  );
}

describe('exactly once', () => {
  it('stores the key and its attempt before the provider is called; a fresh claim is charged without a lookup', async () => {
    const campaign = await createCampaign(ctx.db);
    const { user, pledge, payments: rows } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    const seenAtCall: { key: string | null; attempts: number }[] = [];
    const { provider, lookups } = countingLookups(
      fakeProvider({
        answer: async (r) => {
          const [row] = await ctx.db.select().from(payments).where(eq(payments.id, rows[0]!.id));
          const attempts = await ctx.db.select().from(paymentAttempts).where(eq(paymentAttempts.idempotency_key, r.idempotencyKey));
          seenAtCall.push({ key: row!.idempotency_key, attempts: attempts.length });
          return succeed(r);
        },
      }),
    );

    expect(await bill(ctx, provider)).toMatchObject({ succeeded: 1, recovered: 0, errors: 0 });
    expect(seenAtCall).toEqual([{ key: `payment-${rows[0]!.id}-attempt-1`, attempts: 1 }]);
    expect(provider.calls.map((c) => c.idempotencyKey)).toEqual([`payment-${rows[0]!.id}-attempt-1`]);
    expect(lookups).toEqual([]);
    expect((await paymentRows(ctx.db, pledge.id))[0]).toMatchObject({ payment_status: 'Success', provider_reference: `pi_fake_payment-${rows[0]!.id}-attempt-1` });
    expect((await mailsTo(ctx.db, user.email)).map((m) => m.kind)).toEqual(['payment-receipt']);
  });

  it('a crash after the provider took the money: the next run finds it by its key, records it and charges nothing new', async () => {
    const campaign = await createCampaign(ctx.db);
    const { user, pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    let crash = true;
    const { provider, lookups } = countingLookups(
      fakeProvider({
        afterRecord: () => {
          if (crash) throw new Error('worker died after the provider answered');
        },
      }),
    );
    expect(await bill(ctx, provider)).toMatchObject({ succeeded: 0, errors: 1 });
    const key = (await paymentRows(ctx.db, pledge.id))[0]!.idempotency_key!;

    crash = false;
    expect(await bill(ctx, provider)).toMatchObject({ succeeded: 1, recovered: 1, errors: 0 });
    expect(lookups).toEqual([key]);
    expect(provider.calls).toHaveLength(1);
    expect((await paymentRows(ctx.db, pledge.id))[0]).toMatchObject({ payment_status: 'Success', provider_reference: `pi_fake_${key}`, next_retry_date: null });
    const mails = await mailsTo(ctx.db, user.email);
    expect(mails.map((m) => m.kind)).toEqual(['payment-receipt']);
    expect(mails[0]!.text_body).toContain('So far you have given $17.50 of your $70.00 pledge.');
  });

  it('a crash after a soft decline: the decline is recorded from the provider, with its one retry and the failure mail', async () => {
    const campaign = await createCampaign(ctx.db);
    const { user, pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    let crash = true;
    const provider = fakeProvider({
      answer: declined('insufficient_funds'),
      afterRecord: () => {
        if (crash) throw new Error('connection reset');
      },
    });
    expect((await bill(ctx, provider)).errors).toBe(1);

    crash = false;
    expect(await bill(ctx, provider)).toMatchObject({ failed: 1, recovered: 1, succeeded: 0 });
    expect(provider.calls).toHaveLength(1);
    expect((await paymentRows(ctx.db, pledge.id))[0]).toMatchObject({
      payment_status: 'Failed',
      failure_reason: 'insufficient_funds',
      provider_reference: 'pi_declined_insufficient_funds',
      next_retry_date: '2026-11-25',
    });
    const mails = await mailsTo(ctx.db, user.email);
    expect(mails.map((m) => m.kind)).toEqual(['payment-failed']);
    expect(mails[0]!.text_body).toContain('we will try once more on');
  });

  it('a cancelled payment left in doubt stays Cancelled when the provider declined it, and becomes Success when it took the money', async () => {
    const campaign = await createCampaign(ctx.db);
    const declinedOne = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    const paidOne = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    let crash = true;
    const provider = fakeProvider({
      answer: (r) => (r.metadata.pledge_id === String(declinedOne.pledge.id) ? declined('insufficient_funds')() : succeed(r)),
      afterRecord: () => {
        if (crash) throw new Error('worker died');
      },
    });
    expect((await bill(ctx, provider)).errors).toBe(2);
    expect((await cancelAs(declinedOne.user.id)).statusCode).toBe(200);
    expect((await cancelAs(paidOne.user.id)).statusCode).toBe(200);

    crash = false;
    expect(await bill(ctx, provider)).toMatchObject({ succeeded: 1, failed: 0, cancelled: 1, recovered: 1, errors: 0 });
    expect(provider.calls).toHaveLength(2);
    const [declinedWeek] = await paymentRows(ctx.db, declinedOne.pledge.id);
    expect(declinedWeek).toMatchObject({ payment_status: 'Cancelled', failure_reason: null });
    expect(declinedWeek!.settled_at).not.toBeNull();
    expect((await paymentRows(ctx.db, paidOne.pledge.id)).map((p) => p.payment_status)).toEqual(['Success', 'Cancelled', 'Cancelled', 'Cancelled']);
    expect((await mailsTo(ctx.db, declinedOne.user.email)).map((m) => m.kind)).not.toContain('payment-failed');
    expect((await mailsTo(ctx.db, paidOne.user.email)).map((m) => m.kind)).toContain('payment-receipt');
  });

  it('a pay-now attempt left in doubt and declined is recorded, but gets no automatic retry (only a scheduled charge does)', async () => {
    const campaign = await createCampaign(ctx.db);
    const { pledge, payments: rows } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    const id = rows[0]!.id;
    const key = `payment-${id}-pay-now-1`;
    await ctx.db
      .update(payments)
      .set({ payment_status: 'Failed', failure_reason: 'expired_card', settled_at: null, attempts: 2, idempotency_key: key })
      .where(eq(payments.id, id));
    await ctx.db.insert(paymentAttempts).values({ payment_id: id, kind: 'pay_now', idempotency_key: key, started_at: new Date('2026-11-23T08:00:00Z') });
    const provider = fakeProvider({ answer: declined('insufficient_funds') });
    // The donor's pay-now call reached the provider (declined), then the server died.
    await provider.charge({
      customerId: 'cus_paynow',
      paymentMethodId: 'pm_paynow',
      amountMinor: asMinor(1750),
      currency: 'NZD',
      idempotencyKey: key,
      description: 'Uplift weekly payment 1 of 4',
      metadata: { payment_id: String(id), pledge_id: String(pledge.id), campaign_id: String(campaign.id), user_id: String(pledge.user_id), processing_date: '2026-11-23' },
    });

    expect(await bill(ctx, provider, { asOf: '2026-11-23' })).toMatchObject({ failed: 1, recovered: 1 });
    expect(provider.calls).toHaveLength(1); // the pay-now call only
    expect((await paymentRows(ctx.db, pledge.id))[0]).toMatchObject({ payment_status: 'Failed', failure_reason: 'insufficient_funds', next_retry_date: null });
  });
});

describe('cancelled meanwhile: never charged', () => {
  it('a failed week whose pledge is cancelled between the claim and its retry stays Failed: no charge, no mail, no retry left', async () => {
    const campaign = await createCampaign(ctx.db);
    const first = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    const second = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    await failedWeekOne(first.payments[0]!.id);
    await failedWeekOne(second.payments[0]!.id);
    let cancelStatus = 0;
    const provider = fakeProvider({
      answer: async (r) => {
        // Both retries were claimed in one batch; while the first is charged, the second donor cancels.
        if (r.metadata.pledge_id === String(first.pledge.id)) cancelStatus = (await cancelAs(second.user.id)).statusCode;
        return succeed(r);
      },
    });
    const mailsBefore = (await mailsTo(ctx.db, second.user.email)).length;

    const report = await bill(ctx, provider, { asOf: '2026-11-25', concurrency: 1 });
    expect(cancelStatus).toBe(200);
    expect(report).toMatchObject({ succeeded: 1, failed: 1, errors: 0 });
    expect(provider.calls.map((c) => c.metadata.pledge_id)).toEqual([String(first.pledge.id)]);
    expect(await payment(second.payments[0]!.id)).toMatchObject({ payment_status: 'Failed', failure_reason: 'insufficient_funds', next_retry_date: null });
    expect((await mailsTo(ctx.db, second.user.email)).filter((m) => m.kind === 'payment-failed' || m.kind === 'payment-receipt')).toHaveLength(
      mailsBefore,
    );
  });

  it('a retry left in doubt whose pledge is cancelled meanwhile: the money that moved is recorded as paid', async () => {
    const campaign = await createCampaign(ctx.db);
    // Created first, so its retry is claimed and charged first in the batch.
    const first = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, dates: ['2026-11-30', '2026-12-07'] });
    const second = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, dates: ['2026-11-23', '2026-12-14'] });
    await failedWeekOne(second.payments[0]!.id);
    // The second pledge's retry reached the provider, then its worker died.
    const crashing = fakeProvider({
      afterRecord: () => {
        throw new Error('worker died');
      },
    });
    expect(await bill(ctx, crashing, { asOf: '2026-11-25' })).toMatchObject({ errors: 1, succeeded: 0 });
    const [inDoubt] = await paymentRows(ctx.db, second.pledge.id);
    expect(inDoubt).toMatchObject({ payment_status: 'Failed', settled_at: null });
    const key = inDoubt!.idempotency_key!;
    // The first pledge's week failed on the 30th; its retry is due on 2 Dec with the in-doubt one.
    await failedWeekOne(first.payments[0]!.id, '2026-12-02');

    let cancelStatus = 0;
    const provider = fakeProvider({
      answer: async (r) => {
        if (r.metadata.pledge_id === String(first.pledge.id)) cancelStatus = (await cancelAs(second.user.id)).statusCode;
        return succeed(r);
      },
    });
    provider.ledger.set(key, crashing.ledger.get(key)!);
    const report = await bill(ctx, provider, { asOf: '2026-12-02', concurrency: 1 });
    expect(cancelStatus).toBe(200);
    expect(report).toMatchObject({ succeeded: 2, recovered: 1, errors: 0 });
    expect(provider.calls.map((c) => c.metadata.pledge_id)).toEqual([String(first.pledge.id)]);
    expect(await payment(second.payments[0]!.id)).toMatchObject({ payment_status: 'Success', provider_reference: `pi_fake_${key}`, failure_reason: null });
  });

  it('a due payment whose pledge is already Cancelled is closed as Cancelled, never charged', async () => {
    const campaign = await createCampaign(ctx.db);
    const { user, pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    await ctx.db.update(pledges).set({ pledge_status: 'Cancelled' }).where(eq(pledges.id, pledge.id));
    const provider = fakeProvider();

    expect(await bill(ctx, provider)).toMatchObject({ cancelled: 1, succeeded: 0, skipped: 0 });
    expect(provider.calls).toHaveLength(0);
    const [week] = await paymentRows(ctx.db, pledge.id);
    expect(week).toMatchObject({ payment_status: 'Cancelled' });
    expect(week!.settled_at).not.toBeNull();
    expect(await mailsTo(ctx.db, user.email)).toEqual([]);
  });

  it('a cancelled payment left in doubt that the provider never saw is closed as Cancelled, whatever its pledge says', async () => {
    const campaign = await createCampaign(ctx.db);
    const { pledge, payments: rows } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    await ctx.db
      .update(payments)
      .set({ payment_status: 'Cancelled', attempts: 1, idempotency_key: `payment-${rows[0]!.id}-attempt-1` })
      .where(eq(payments.id, rows[0]!.id));
    const provider = fakeProvider();

    expect(await bill(ctx, provider, { asOf: '2026-11-22' })).toMatchObject({ cancelled: 1, succeeded: 0, skipped: 0 });
    expect(provider.calls).toHaveLength(0);
    const [week] = await paymentRows(ctx.db, pledge.id);
    expect(week).toMatchObject({ payment_status: 'Cancelled' });
    expect(week!.settled_at).not.toBeNull();
  });

  it('a due payment of a pledge that is not Confirmed is skipped: not charged, not settled', async () => {
    const campaign = await createCampaign(ctx.db);
    const { pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    await ctx.db.update(pledges).set({ pledge_status: 'Pending' }).where(eq(pledges.id, pledge.id));
    const provider = fakeProvider();

    expect(await bill(ctx, provider)).toMatchObject({ skipped: 1, succeeded: 0, cancelled: 0 });
    expect(provider.calls).toHaveLength(0);
    expect((await paymentRows(ctx.db, pledge.id))[0]).toMatchObject({ payment_status: 'Pending', settled_at: null });
  });
});

describe('failure codes decide the retry', () => {
  it('a soft decline is retried once, two days after the attempt in the campaign’s zone', async () => {
    await ctx.close();
    // 23 Nov 12:00 UTC is the 24th in New Zealand and still the 23rd in the UK.
    ctx = await createTestContext({ now: '2026-11-23T12:00:00.000Z' });
    const nz = await createCampaign(ctx.db, { country: 'NZ' });
    const uk = await createCampaign(ctx.db, { country: 'UK' });
    const nzPledge = await createConfirmedPledge(ctx.db, { campaignId: nz.id, country: 'NZ' });
    const ukPledge = await createConfirmedPledge(ctx.db, { campaignId: uk.id, country: 'UK' });
    const provider = fakeProvider({ answer: declined('insufficient_funds') });

    expect(await bill(ctx, provider)).toMatchObject({ failed: 2 });
    expect((await paymentRows(ctx.db, nzPledge.pledge.id))[0]).toMatchObject({ payment_status: 'Failed', failure_reason: 'insufficient_funds', next_retry_date: '2026-11-26' });
    expect((await paymentRows(ctx.db, ukPledge.pledge.id))[0]).toMatchObject({ payment_status: 'Failed', failure_reason: 'insufficient_funds', next_retry_date: '2026-11-25' });
    const [nzMail] = await mailsTo(ctx.db, nzPledge.user.email);
    expect(nzMail!.kind).toBe('payment-failed');
    expect(nzMail!.text_body).toContain('we will try once more on');
    expect(nzMail!.text_body).toContain(`${ctx.config.appUrl}/summary?pay=${nzPledge.payments[0]!.id}`);

    // The retry itself fails too: no second retry.
    expect(await bill(ctx, provider, { asOf: '2026-11-26' })).toMatchObject({ failed: 2 });
    for (const p of [nzPledge, ukPledge]) {
      expect((await paymentRows(ctx.db, p.pledge.id))[0]).toMatchObject({ payment_status: 'Failed', next_retry_date: null });
    }
    const attempts = await ctx.db
      .select({ kind: paymentAttempts.kind, outcome: paymentAttempts.outcome })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.payment_id, nzPledge.payments[0]!.id))
      .orderBy(paymentAttempts.id);
    expect(attempts).toEqual([
      { kind: 'scheduled', outcome: 'failed' },
      { kind: 'retry', outcome: 'failed' },
    ]);
  });

  it('never on or after the next payment date', async () => {
    const campaign = await createCampaign(ctx.db);
    const { pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, dates: ['2026-11-23', '2026-11-25'] });
    expect(await bill(ctx, fakeProvider({ answer: declined('card_declined') }), { asOf: '2026-11-23' })).toMatchObject({ failed: 1 });
    expect((await paymentRows(ctx.db, pledge.id))[0]).toMatchObject({ payment_status: 'Failed', failure_reason: 'card_declined', next_retry_date: null });
  });

  it('a hard decline is not retried: the mail asks for a new card', async () => {
    const campaign = await createCampaign(ctx.db);
    const { user, pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    const provider = fakeProvider({ answer: declined('expired_card') });
    expect(await bill(ctx, provider)).toMatchObject({ failed: 1 });
    expect((await paymentRows(ctx.db, pledge.id))[0]).toMatchObject({ payment_status: 'Failed', failure_reason: 'expired_card', next_retry_date: null });
    const [mail] = await mailsTo(ctx.db, user.email);
    expect(mail!.kind).toBe('payment-failed');
    expect(mail!.text_body).toContain('Your card has expired.');
    expect(mail!.text_body).not.toContain('try once more');
    expect(await bill(ctx, provider, { asOf: '2026-11-29' })).toMatchObject({ failed: 0, succeeded: 0 });
    expect(provider.calls).toHaveLength(1);
  });
});

describe('what a receipt says was given so far is net of refunds (docs/decisions/132-refunds.md)', () => {
  /** Week 1 (1750) charged and then 875 of it refunded by an admin; `pending` adds a refund still waiting for the provider. */
  async function halfRefundedWeekOne(opts: { pending?: boolean } = {}) {
    const campaign = await createCampaign(ctx.db);
    const donor = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    await bill(ctx, fakeProvider(), { asOf: '2026-11-23' });
    const weekOne = donor.payments[0]!.id;
    await ctx.db.insert(refunds).values({ payment_id: weekOne, amount: asMinor(875), reason: 'Charged twice by the bank', status: 'succeeded', idempotency_key: `refund-${weekOne}-1`, created_at: ctx.clock.now() });
    if (opts.pending) {
      await ctx.db.insert(refunds).values({ payment_id: weekOne, amount: asMinor(100), reason: 'Still with the provider', status: 'pending', idempotency_key: `refund-${weekOne}-2`, created_at: ctx.clock.now() });
    }
    return donor;
  }

  it('a charged week: "So far you have given" leaves out what was given back (a pending refund is not given back yet)', async () => {
    const { user } = await halfRefundedWeekOne({ pending: true });
    await bill(ctx, fakeProvider(), { asOf: '2026-11-30' });
    const receipts = (await mailsTo(ctx.db, user.email)).filter((m) => m.kind === 'payment-receipt');
    expect(receipts).toHaveLength(2);
    expect(receipts[1]!.text_body).toContain('So far you have given $26.25 of your $70.00 pledge.');
  });

  it('a week the webhook settles: the same net figure', async () => {
    const { user, payments: weeks } = await halfRefundedWeekOne();
    const provider = fakeProvider({ answer: (r) => ({ status: 'processing', reference: `pi_processing_${r.idempotencyKey}` }) });
    await bill(ctx, provider, { asOf: '2026-11-30' });
    const week = await payment(weeks[1]!.id);
    await webhook({ type: 'payment_intent.succeeded', paymentIntentId: week.provider_reference! });
    const receipts = (await mailsTo(ctx.db, user.email)).filter((m) => m.kind === 'payment-receipt');
    expect(receipts).toHaveLength(2);
    expect(receipts[1]!.text_body).toContain('So far you have given $26.25 of your $70.00 pledge.');
  });
});

describe('the webhook settles what was processing', () => {
  async function processingWeekTwo() {
    const campaign = await createCampaign(ctx.db);
    const donor = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    await bill(ctx, fakeProvider(), { asOf: '2026-11-23' });
    const provider = fakeProvider({ answer: (r) => ({ status: 'processing', reference: `pi_processing_${r.idempotencyKey}` }) });
    expect(await bill(ctx, provider, { asOf: '2026-11-30' })).toMatchObject({ processing: 1, succeeded: 0, failed: 0 });
    const week = await payment(donor.payments[1]!.id);
    expect(week).toMatchObject({ payment_status: 'Pending', settled_at: null, provider_reference: `pi_processing_${week.idempotency_key}` });
    expect(week.processing_at).not.toBeNull();
    expect((await mailsTo(ctx.db, donor.user.email)).map((m) => m.kind)).toEqual(['payment-receipt']); // week 1 only
    return { ...donor, week };
  }

  it('payment_intent.succeeded → Success with one receipt counting every paid week', async () => {
    const { user, week } = await processingWeekTwo();
    await webhook({ type: 'payment_intent.succeeded', paymentIntentId: week.provider_reference! });
    expect(await payment(week.id)).toMatchObject({ payment_status: 'Success', failure_reason: null, processing_at: null, next_retry_date: null });
    const receipts = (await mailsTo(ctx.db, user.email)).filter((m) => m.kind === 'payment-receipt');
    expect(receipts).toHaveLength(2);
    expect(receipts[1]!.text_body).toContain('So far you have given $35.00 of your $70.00 pledge.');
    const [attempt] = await ctx.db.select().from(paymentAttempts).where(and(eq(paymentAttempts.payment_id, week.id), eq(paymentAttempts.idempotency_key, week.idempotency_key!)));
    expect(attempt).toMatchObject({ outcome: 'succeeded', provider_reference: week.provider_reference });
  });

  it('payment_intent.payment_failed without a code → Failed as card_declined, one failure mail; a late success event still records the money', async () => {
    const { user, week } = await processingWeekTwo();
    await webhook({ type: 'payment_intent.payment_failed', paymentIntentId: week.provider_reference!, failureCode: null });
    expect(await payment(week.id)).toMatchObject({ payment_status: 'Failed', failure_reason: 'card_declined', processing_at: null });
    let mails = await mailsTo(ctx.db, user.email);
    expect(mails.map((m) => m.kind)).toEqual(['payment-receipt', 'payment-failed']);
    expect(mails[1]!.text_body).toContain(`${ctx.config.appUrl}/summary?pay=${week.id}`);

    await webhook({ type: 'payment_intent.succeeded', paymentIntentId: week.provider_reference! });
    expect(await payment(week.id)).toMatchObject({ payment_status: 'Success', failure_reason: null });
    mails = await mailsTo(ctx.db, user.email);
    expect(mails.map((m) => m.kind)).toEqual(['payment-receipt', 'payment-failed', 'payment-receipt']);
    expect(mails[2]!.text_body).toContain('So far you have given $35.00 of your $70.00 pledge.');
  });

  it('payment_intent.payment_failed keeps the provider’s code, matched by idempotency key; a failure never overwrites a Success', async () => {
    const { user, week } = await processingWeekTwo();
    await webhook({ type: 'payment_intent.payment_failed', paymentIntentId: 'pi_other', idempotencyKey: week.idempotency_key, failureCode: 'expired_card' });
    expect(await payment(week.id)).toMatchObject({ payment_status: 'Failed', failure_reason: 'expired_card' });
    const failed = (await mailsTo(ctx.db, user.email)).filter((m) => m.kind === 'payment-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.text_body).toContain('Your card has expired.');

    const [weekOne] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.pledge_id, week.pledge_id), eq(payments.payment_status, 'Success')));
    await webhook({ type: 'payment_intent.payment_failed', paymentIntentId: weekOne!.provider_reference!, failureCode: 'card_declined' });
    expect(await payment(weekOne!.id)).toMatchObject({ payment_status: 'Success', failure_reason: null });
    const [{ n }] = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from mails where kind = 'payment-failed'`)).rows as [{ n: number }];
    expect(n).toBe(1);
  });
});
