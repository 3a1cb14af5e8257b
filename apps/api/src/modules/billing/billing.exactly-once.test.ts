import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  bill,
  createCampaign,
  createConfirmedPledge,
  createManyDuePayments,
  fakeProvider,
  mailsTo,
  paymentRows,
  softlyDeclined,
  succeed,
  tokenFor,
  SLOW_ON_A_BUSY_MACHINE,
} from './billing.test-support.ts';


// Exactly once, whatever happens: parallel workers, a crash between the provider's answer and
// the commit, and a cancel at the worst moment. Each test has its own database, so "every due
// payment" means only that test's payments.

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx?.close();
});

async function cancelAs(userId: number) {
  return ctx.app.inject({ method: 'PUT', url: '/api/pledge/cancel', headers: { authorization: `Bearer ${await tokenFor(ctx, userId)}` } });
}

describe('billing exactly once', () => {
  it('two workers started at once over 1,000 due payments charge each exactly once', async () => {
    const campaign = await createCampaign(ctx.db);
    await createManyDuePayments(ctx.db, { campaignId: campaign.id, count: 1000, date: '2026-11-23' });
    // A provider that takes a moment, so the two runs really overlap.
    const provider = fakeProvider({ answer: async (r) => (await new Promise((res) => setTimeout(res, 1)), succeed(r)) });

    const [a, b] = await Promise.all([bill(ctx, provider, { batchSize: 50 }), bill(ctx, provider, { batchSize: 50 })]);

    expect(a.succeeded + b.succeeded).toBe(1000);
    expect(a.succeeded).toBeGreaterThan(0);
    expect(b.succeeded).toBeGreaterThan(0);
    expect(a.errors + b.errors).toBe(0);
    // Not one duplicate call, let alone a duplicate charge.
    expect(provider.calls).toHaveLength(1000);
    expect(new Set(provider.calls.map((c) => c.metadata.payment_id)).size).toBe(1000);
    expect(provider.ledger.size).toBe(1000);
    const [counts] = await ctx.db
      .select({ success: sql<number>`count(*) filter (where payment_status = 'Success')::int`, attempts: sql<number>`max(attempts)::int` })
      .from(payments);
    expect(counts).toEqual({ success: 1000, attempts: 1 });
    const [receipts] = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from mails where kind = 'payment-receipt'`).then((r) => r.rows);
    expect(receipts!.n).toBe(1000);
  }, SLOW_ON_A_BUSY_MACHINE);

  it('a crash after the provider took the money is resolved by its key on the next run, with no new charge', async () => {
    const campaign = await createCampaign(ctx.db);
    const { user, pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    let crash = true;
    const provider = fakeProvider({
      afterRecord: () => {
        if (crash) throw new Error('connection reset before the answer arrived');
      },
    });

    const first = await bill(ctx, provider);
    expect(first.errors).toBe(1);
    let [row] = await paymentRows(ctx.db, pledge.id);
    expect(row).toMatchObject({ payment_status: 'Pending', attempts: 1, settled_at: null });
    expect(row!.idempotency_key).toBe(`payment-${row!.id}-attempt-1`);
    expect(provider.ledger.size).toBe(1); // the money did move

    crash = false;
    const second = await bill(ctx, provider);
    expect(second).toMatchObject({ succeeded: 1, recovered: 1, errors: 0 });
    expect(provider.calls).toHaveLength(1); // looked up with findCharge, not charged again
    [row] = await paymentRows(ctx.db, pledge.id);
    expect(row).toMatchObject({ payment_status: 'Success', provider_reference: `pi_fake_${row!.idempotency_key}` });
    expect((await mailsTo(ctx.db, user.email)).filter((m) => m.kind === 'payment-receipt')).toHaveLength(1);

    expect(await bill(ctx, provider)).toMatchObject({ succeeded: 0, recovered: 0 });
    expect(provider.calls).toHaveLength(1);
  });

  it('an attempt that never reached the provider is retried with the same key', async () => {
    const campaign = await createCampaign(ctx.db);
    const { pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    let down = true;
    const provider = fakeProvider({
      answer: (r) => {
        if (down) throw new Error('provider unreachable');
        return succeed(r);
      },
    });
    expect((await bill(ctx, provider)).errors).toBe(1);
    expect(provider.ledger.size).toBe(0);

    down = false;
    expect(await bill(ctx, provider)).toMatchObject({ succeeded: 1, recovered: 0 });
    const [row] = await paymentRows(ctx.db, pledge.id);
    expect(row).toMatchObject({ payment_status: 'Success', attempts: 2, idempotency_key: `payment-${row!.id}-attempt-1` });
    expect(provider.calls.map((c) => c.idempotencyKey)).toEqual([row!.idempotency_key, row!.idempotency_key]);
    expect(provider.ledger.size).toBe(1);
  });

  it('a pledge cancelled between the claim and the charge is not charged', async () => {
    const campaign = await createCampaign(ctx.db);
    const first = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    const second = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    let cancelStatus = 0;
    const provider = fakeProvider({
      // Both payments were claimed in one batch; while the first is being charged, the second
      // donor cancels. The job has already read (and claimed) the second payment.
      answer: async (r) => {
        if (r.metadata.pledge_id === String(first.pledge.id)) cancelStatus = (await cancelAs(second.user.id)).statusCode;
        return succeed(r);
      },
    });

    const report = await bill(ctx, provider, { concurrency: 1 });
    expect(cancelStatus).toBe(200);
    expect(report).toMatchObject({ succeeded: 1, cancelled: 1, errors: 0 });
    expect(provider.calls.map((c) => c.metadata.pledge_id)).toEqual([String(first.pledge.id)]);
    const rows = await paymentRows(ctx.db, second.pledge.id);
    expect(rows.map((p) => p.payment_status)).toEqual(['Cancelled', 'Cancelled', 'Cancelled', 'Cancelled']);
    expect(rows[0]!.settled_at).not.toBeNull(); // resolved: never sent to the provider

    // Later runs leave it alone.
    await bill(ctx, provider, { asOf: '2026-12-31' });
    expect(provider.calls.filter((c) => c.metadata.pledge_id === String(second.pledge.id))).toHaveLength(0);
  });

  it('a cancel that arrives while a payment is being charged waits for it, and the paid payment stands', async () => {
    const campaign = await createCampaign(ctx.db);
    const { user, pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    let cancelling: ReturnType<typeof cancelAs> | undefined;
    const provider = fakeProvider({
      answer: async (r) => {
        cancelling = cancelAs(user.id);
        // Hold the charge until the cancel is blocked on this payment's lock.
        for (let i = 0; i < 200; i += 1) {
          const { rows } = await ctx.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
          );
          if (rows[0]!.n > 0) break;
          await new Promise((res) => setTimeout(res, 10));
        }
        return succeed(r);
      },
    });

    await bill(ctx, provider);
    const cancelled = await cancelling!;
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ pledge_status: 'Cancelled', cancelled_payments: 3, paid_amount: 17.5 });
    expect((await paymentRows(ctx.db, pledge.id)).map((p) => p.payment_status)).toEqual(['Success', 'Cancelled', 'Cancelled', 'Cancelled']);
    expect(provider.calls).toHaveLength(1);
    const cancelMail = (await mailsTo(ctx.db, user.email)).find((m) => m.kind === 'pledge-cancelled');
    expect(cancelMail!.text_body).toContain('3 remaining weekly payments have been cancelled');
    expect(cancelMail!.text_body).toContain('The $17.50 you have already given stays with');
  });

  it('a cancel racing an automatic retry waits for it: nothing is charged after the cancel', async () => {
    const campaign = await createCampaign(ctx.db);
    const { user, pledge, payments: rows } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    // Week 1 was declined softly; its one retry is due on the 25th.
    await softlyDeclined(ctx.db, rows[0]!.id, '2026-11-25');
    let cancelling: ReturnType<typeof cancelAs> | undefined;
    let cancelDoneBeforeCharge = false;
    const provider = fakeProvider({
      answer: async (r) => {
        // The donor cancels while the retry is at the provider.
        let done = false;
        cancelling = cancelAs(user.id).then((res) => ((done = true), res));
        for (let i = 0; i < 200 && !done; i += 1) {
          const { rows: waiting } = await ctx.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
          );
          if (waiting[0]!.n > 0) break;
          await new Promise((res) => setTimeout(res, 10));
        }
        cancelDoneBeforeCharge = done;
        return succeed(r);
      },
    });

    const report = await bill(ctx, provider, { asOf: '2026-11-25' });
    const cancelled = await cancelling!;
    // The cancel waited for the retry in flight, so the charge happened before it, never after.
    expect(cancelDoneBeforeCharge).toBe(false);
    expect(report).toMatchObject({ succeeded: 1, errors: 0 });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ pledge_status: 'Cancelled', cancelled_payments: 3, paid_amount: 17.5 });
    expect((await paymentRows(ctx.db, pledge.id)).map((p) => p.payment_status)).toEqual(['Success', 'Cancelled', 'Cancelled', 'Cancelled']);
    expect(provider.calls).toHaveLength(1);
    await bill(ctx, provider, { asOf: '2026-12-31' });
    expect(provider.calls).toHaveLength(1);
  });

  it('an attempt left in doubt and then cancelled is looked up: money that moved is recorded as paid', async () => {
    const campaign = await createCampaign(ctx.db);
    const { user, pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    let crash = true;
    const provider = fakeProvider({
      afterRecord: () => {
        if (crash) throw new Error('worker died');
      },
    });
    expect((await bill(ctx, provider)).errors).toBe(1);
    expect((await cancelAs(user.id)).statusCode).toBe(200);
    expect((await paymentRows(ctx.db, pledge.id)).map((p) => p.payment_status)).toEqual(['Cancelled', 'Cancelled', 'Cancelled', 'Cancelled']);

    crash = false;
    const report = await bill(ctx, provider);
    expect(report).toMatchObject({ succeeded: 1, recovered: 1 });
    expect(provider.calls).toHaveLength(1);
    expect((await paymentRows(ctx.db, pledge.id)).map((p) => p.payment_status)).toEqual(['Success', 'Cancelled', 'Cancelled', 'Cancelled']);

    // And an in-doubt cancelled attempt the provider never saw is simply closed.
    const other = await createConfirmedPledge(ctx.db, { campaignId: campaign.id });
    const failing = fakeProvider({
      answer: () => {
        throw new Error('provider unreachable');
      },
    });
    expect((await bill(ctx, failing)).errors).toBe(1);
    expect((await cancelAs(other.user.id)).statusCode).toBe(200);
    expect(await bill(ctx, fakeProvider())).toMatchObject({ cancelled: 1, succeeded: 0 });
    const [closed] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.pledge_id, other.pledge.id), eq(payments.processing_date, '2026-11-23')));
    expect(closed).toMatchObject({ payment_status: 'Cancelled' });
    expect(closed!.settled_at).not.toBeNull();
  });
});
