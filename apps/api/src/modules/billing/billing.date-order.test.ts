import { asMinor } from '@uplift/core/money';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds, webhookEvents } from '../../db/schema.ts';
import { CLAIM_LOCK } from '../payments/ledger.locks.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { ChargeRequest } from '../payments/payment-provider.ts';
import { handleStripePaymentEvent } from './stripe-webhook.job.ts';
import { bill, createCampaign, createConfirmedPledge, fakeProvider, mailsTo, paymentRows, succeed, tokenFor } from './billing.test-support.ts';

// A run that charges several weeks of one pledge at once (a catch-up after an outage, or
// `npm run billing -- --as-of` three weeks on) charges them in date order, one after the other;
// receipt numbers follow the dates, and each receipt's "given so far" is the sum of the paid weeks
// up to and including its own, net of refunds that went through (docs/decisions/145).

// The clock stands at Monday 2026-11-23 09:00 UTC; the campaign's weeks are the 23rd, 30th, 7th and 14th.
const WEEKS = ['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14'] as const;
const DATE_LINE: Record<string, string> = {
  '2026-11-23': 'Date: Monday 23 November 2026',
  '2026-11-30': 'Date: Monday 30 November 2026',
  '2026-12-07': 'Date: Monday 7 December 2026',
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/**
 * The provider answers an earlier week more slowly than a later one (as a busy provider may), and
 * writes down when each call starts and ends: calls that overlapped or came out of date order show.
 */
function slowerForEarlierWeeks() {
  const events: string[] = [];
  const delay: Record<string, number> = { [WEEKS[0]]: 80, [WEEKS[1]]: 40, [WEEKS[2]]: 0 };
  const provider = fakeProvider({
    answer: async (request: ChargeRequest) => {
      const date = request.metadata.processing_date!;
      events.push(`start ${date}`);
      await new Promise((resolve) => setTimeout(resolve, delay[date] ?? 0));
      events.push(`end ${date}`);
      return succeed(request);
    },
  });
  return { provider, events };
}

/** The donor's receipt mails in the order they were written, with the week each is about. */
async function receiptsOf(email: string) {
  const receipts = (await mailsTo(ctx.db, email)).filter((m) => m.kind === 'payment-receipt');
  return receipts.map((m) => ({ week: Object.keys(DATE_LINE).find((d) => m.text_body.includes(DATE_LINE[d]!)), text: m.text_body }));
}

function givenSoFar(text: string) {
  return /Given so far: (\$[\d.]+) of/.exec(text)?.[1];
}

describe('a run charging several weeks of one pledge (--as-of three weeks on)', () => {
  for (const layout of ['ids in date order', 'ids against the dates (weeks moved after they were written)'] as const) {
    it(`charges them in date order, one after the other; receipt numbers and "given so far" follow the dates (${layout})`, async () => {
      const campaign = await createCampaign(ctx.db, { billingStart: WEEKS[0] });
      const dates = layout === 'ids in date order' ? [...WEEKS] : [...WEEKS].reverse();
      const { user, pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, amount: 1750, dates });
      const { provider, events } = slowerForEarlierWeeks();

      const report = await bill(ctx, provider, { asOf: WEEKS[2] });
      expect(report).toMatchObject({ succeeded: 3, failed: 0, errors: 0, skipped: 0 });

      // (a) charged in date order, each call over before the next began
      expect(provider.calls.map((c) => c.metadata.processing_date)).toEqual([WEEKS[0], WEEKS[1], WEEKS[2]]);
      expect(events).toEqual([`start ${WEEKS[0]}`, `end ${WEEKS[0]}`, `start ${WEEKS[1]}`, `end ${WEEKS[1]}`, `start ${WEEKS[2]}`, `end ${WEEKS[2]}`]);

      // (b) receipt numbers increase with the payment date
      const rows = await paymentRows(ctx.db, pledge.id);
      expect(rows.map((p) => p.payment_status)).toEqual(['Success', 'Success', 'Success', 'Pending']);
      const numbers = rows.slice(0, 3).map((p) => p.receipt_number!);
      expect(numbers.every((n) => /^NZ-2026-\d{6}$/.test(n))).toBe(true);
      expect([...numbers].sort()).toEqual(numbers);
      expect(new Set(numbers).size).toBe(3);

      // (c) each receipt's "given so far" is the sum in date order, and the receipts go out in that order
      const receipts = await receiptsOf(user.email);
      expect(receipts.map((r) => r.week)).toEqual([WEEKS[0], WEEKS[1], WEEKS[2]]);
      expect(receipts.map((r) => givenSoFar(r.text))).toEqual(['$17.50', '$35.00', '$52.50']);
      expect(receipts.map((r) => /Payment: (\d) of 4/.exec(r.text)?.[1])).toEqual(['1', '2', '3']);
      // (d) each receipt mail names its own payment's receipt number, as its PDF and the admin's refund search do
      expect(receipts.map((r) => /Receipt number: (\S+)/.exec(r.text)?.[1])).toEqual(numbers);
    });
  }

  it('with week 1 partly refunded between two runs: the later weeks count it net', async () => {
    const campaign = await createCampaign(ctx.db, { billingStart: WEEKS[0] });
    const { user, payments: weeks } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, amount: 1750 });
    expect(await bill(ctx, fakeProvider(), { asOf: WEEKS[0] })).toMatchObject({ succeeded: 1 });
    await ctx.db.insert(refunds).values({ payment_id: weeks[0]!.id, amount: asMinor(500), reason: 'Charged twice by the bank', status: 'succeeded', idempotency_key: `refund-${weeks[0]!.id}-1`, created_at: ctx.clock.now() });

    const { provider } = slowerForEarlierWeeks();
    expect(await bill(ctx, provider, { asOf: WEEKS[2] })).toMatchObject({ succeeded: 2, errors: 0 });
    expect(provider.calls.map((c) => c.metadata.processing_date)).toEqual([WEEKS[1], WEEKS[2]]);
    const receipts = await receiptsOf(user.email);
    expect(receipts.map((r) => r.week)).toEqual([WEEKS[0], WEEKS[1], WEEKS[2]]);
    // 17.50 before the refund; then 17.50 − 5.00 + 17.50, and 17.50 more.
    expect(receipts.map((r) => givenSoFar(r.text))).toEqual(['$17.50', '$30.00', '$47.50']);
  });

  it('sends the halfway milestone once, with the second week, when one run charges three weeks', async () => {
    const campaign = await createCampaign(ctx.db, { billingStart: WEEKS[0] });
    const { user } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, amount: 1750 });
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/account/mail-preferences/milestones', payload: { given: true }, headers: { authorization: `Bearer ${await tokenFor(ctx, user.id)}` } });
    expect(res.statusCode).toBe(200);

    await bill(ctx, slowerForEarlierWeeks().provider, { asOf: WEEKS[2] });
    const kinds = (await mailsTo(ctx.db, user.email)).map((m) => m.kind);
    expect(kinds).toEqual(['payment-receipt', 'payment-receipt', 'milestone', 'payment-receipt']);
    const [halfway] = (await mailsTo(ctx.db, user.email)).filter((m) => m.kind === 'milestone');
    expect(halfway!.text_body).toContain('2 of your 4 weekly payments have gone through: $35.00 NZD of $70.00 NZD');
  });
});

describe('a later week never overtakes an earlier one that is not settled', () => {
  it('another worker owns week 1: this run charges neither week 2 nor week 3; the next run charges all three in order', async () => {
    const campaign = await createCampaign(ctx.db, { billingStart: WEEKS[0] });
    const { user, pledge, payments: weeks } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, amount: 1750 });
    // A second worker holds week 1 (its CLAIM lock on its own session), as while it charges it.
    const other = await ctx.db.$client.connect();
    try {
      await other.query('select pg_advisory_lock($1, $2)', [CLAIM_LOCK, weeks[0]!.id]);
      const provider = fakeProvider();
      expect(await bill(ctx, provider, { asOf: WEEKS[2] })).toMatchObject({ succeeded: 0, errors: 0 });
      expect(provider.calls).toHaveLength(0);
      // Let go unclaimed: no key, no attempt was written for weeks 2 and 3.
      expect((await paymentRows(ctx.db, pledge.id)).map((p) => [p.payment_status, p.attempts])).toEqual([
        ['Pending', 0],
        ['Pending', 0],
        ['Pending', 0],
        ['Pending', 0],
      ]);
    } finally {
      other.release(true);
    }
    const provider = fakeProvider();
    expect(await bill(ctx, provider, { asOf: WEEKS[2] })).toMatchObject({ succeeded: 3, errors: 0 });
    expect(provider.calls.map((c) => c.metadata.processing_date)).toEqual([WEEKS[0], WEEKS[1], WEEKS[2]]);
    expect((await receiptsOf(user.email)).map((r) => givenSoFar(r.text))).toEqual(['$17.50', '$35.00', '$52.50']);
  });

  it('week 1 left in doubt (the answer was lost): weeks 2 and 3 wait; the next run settles week 1 by its key first, then charges them', async () => {
    const campaign = await createCampaign(ctx.db, { billingStart: WEEKS[0] });
    const { user, pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, amount: 1750 });
    let lose = true;
    const provider = fakeProvider({
      afterRecord: (request) => {
        if (lose && request.metadata.processing_date === WEEKS[0]) throw new Error('socket hang up');
      },
    });
    expect(await bill(ctx, provider, { asOf: WEEKS[2] })).toMatchObject({ succeeded: 0, errors: 3 });
    expect(provider.calls.map((c) => c.metadata.processing_date)).toEqual([WEEKS[0]]);
    lose = false;

    const report = await bill(ctx, provider, { asOf: WEEKS[2] });
    expect(report).toMatchObject({ succeeded: 3, recovered: 1, errors: 0 });
    expect(provider.calls.map((c) => c.metadata.processing_date)).toEqual([WEEKS[0], WEEKS[1], WEEKS[2]]); // week 1 was found by its key, not charged again
    expect(provider.ledger.size).toBe(3);
    const rows = await paymentRows(ctx.db, pledge.id);
    const numbers = rows.slice(0, 3).map((p) => p.receipt_number!);
    expect([...numbers].sort()).toEqual(numbers);
    expect((await receiptsOf(user.email)).map((r) => givenSoFar(r.text))).toEqual(['$17.50', '$35.00', '$52.50']);
  });
});

describe('weeks the webhook settles (they were still processing at the provider)', () => {
  it('each receipt counts what was received when it was recorded, whatever order the events come in: numbers and figures rise together', async () => {
    const campaign = await createCampaign(ctx.db, { billingStart: WEEKS[0] });
    const { user, pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, amount: 1750 });
    const provider = fakeProvider({ answer: (r) => ({ status: 'processing', reference: `pi_processing_${r.idempotencyKey}` }) });
    expect(await bill(ctx, provider, { asOf: WEEKS[2] })).toMatchObject({ processing: 3 });
    expect(provider.calls.map((c) => c.metadata.processing_date)).toEqual([WEEKS[0], WEEKS[1], WEEKS[2]]);
    const rows = await paymentRows(ctx.db, pledge.id);

    // Week 2's event comes first, then week 1's, then week 3's.
    for (const week of [rows[1]!, rows[0]!, rows[2]!]) {
      const eventId = `evt_${week.id}`;
      await ctx.db.insert(webhookEvents).values({ id: eventId, type: 'payment_intent.succeeded' });
      await handleStripePaymentEvent(
        { db: ctx.db, clock: ctx.clock, mailer: ctx.app.mailer, log: pino({ level: 'silent' }), appUrl: ctx.config.appUrl, receipt: ctx.config.receipt, mailLinks: ctx.config.mailLinks },
        { eventId, type: 'payment_intent.succeeded', paymentIntentId: week.provider_reference!, idempotencyKey: null, failureCode: null },
      );
    }
    const receipts = await receiptsOf(user.email);
    expect(receipts.map((r) => [r.week, givenSoFar(r.text)])).toEqual([
      [WEEKS[1], '$17.50'], // week 2 came first: only itself was received
      [WEEKS[0], '$35.00'], // week 1 next: weeks 1 and 2 are received now
      [WEEKS[2], '$52.50'],
    ]);
    // Numbers follow the order the money was received, as the figures do.
    const settled = await paymentRows(ctx.db, pledge.id);
    const inEventOrder = [settled[1]!, settled[0]!, settled[2]!].map((p) => p.receipt_number!);
    expect([...inEventOrder].sort()).toEqual(inEventOrder);
    expect(new Set(inEventOrder).size).toBe(3);
  });
});
