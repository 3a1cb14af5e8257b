import { SKIP_REFUSAL_MESSAGES } from '@uplift/core/skip';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments, pledges } from '../../db/schema.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/context.ts';
import { captureLogs } from '../auth/auth.test-support.ts';
import {
  bill,
  createCampaign,
  createConfirmedPledge,
  createDonor,
  fakeProvider,
  mailsTo,
  paymentRows,
  SLOW_ON_A_BUSY_MACHINE,
  tokenFor,
} from '../billing/billing.test-support.ts';

// Skipping one week (product-rules §7 "Skipping a week"; docs/decisions/134-skip-a-week.md), on the
// real database: POST and DELETE /api/pledge/:id/skip, their refusals, and billing around them.
// The clock stands on Monday 23 Nov 2026, 09:00 UTC (22:00 in Auckland); the campaign is in NZ and
// its weeks start on 23 and 30 Nov and 7 and 14 Dec.

let ctx: TestContext;
const logs = captureLogs();
beforeAll(async () => {
  ctx = await createTestContext({ logger: logs.logger });
});
/** The security events `access_refused` logged since `from` (an index into the log). */
const refusalsSince = (from: number) => logs.lines.slice(from).filter((l) => (JSON.parse(l) as { event?: string }).event === 'security.access_refused');
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => ctx.clock.set(TEST_NOW));

async function as(userId: number, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${await tokenFor(ctx, userId)}` } });
}
const skip = (userId: number, pledgeId: number, week: unknown) => as(userId, 'POST', `/api/pledge/${pledgeId}/skip`, { week });
const undo = (userId: number, pledgeId: number) => as(userId, 'DELETE', `/api/pledge/${pledgeId}/skip`);
const dates = async (pledgeId: number) => (await paymentRows(ctx.db, pledgeId)).map((p) => [p.processing_date, p.skipped_from]);

async function newPledge(opts: { dates?: string[] } = {}) {
  const campaign = await createCampaign(ctx.db);
  return createConfirmedPledge(ctx.db, { campaignId: campaign.id, amount: 1750, dates: opts.dates });
}

describe('POST /api/pledge/:id/skip', () => {
  it('moves week 2 to one week after the last; the lists, the calendar file and a mail show the new date', async () => {
    const { user, pledge, recipient } = await newPledge();
    const res = await skip(user.id, pledge.id, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pledge_id: pledge.id, skipped_from: '2026-11-30', moved_to: '2026-12-21' });
    expect(res.json().message).toContain('2026-12-21');
    expect(res.json().payments.map((p: { processing_date: string; skipped_from: string | null }) => [p.processing_date, p.skipped_from])).toEqual([
      ['2026-11-23', null],
      ['2026-12-07', null],
      ['2026-12-14', null],
      ['2026-12-21', '2026-11-30'],
    ]);
    expect(await dates(pledge.id)).toEqual([
      ['2026-11-23', null],
      ['2026-12-07', null],
      ['2026-12-14', null],
      ['2026-12-21', '2026-11-30'],
    ]);

    // The summary's list says which week was skipped.
    const listed = (await as(user.id, 'GET', '/api/payment/')).json() as { processing_date: string; skipped_from: string | null }[];
    expect(listed.find((p) => p.processing_date === '2026-12-21')?.skipped_from).toBe('2026-11-30');

    // The .ics has the new date and not the old one.
    const ics = await as(user.id, 'GET', `/api/account/pledges/${pledge.id}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('DTSTART;VALUE=DATE:20261221');
    expect(ics.body).not.toContain('DTSTART;VALUE=DATE:20261130');

    const [mail] = await mailsTo(ctx.db, user.email);
    expect(mail!.kind).toBe('pledge-skipped');
    expect(mail!.subject).toBe('You have skipped a week of your pledge');
    expect(mail!.text_body).toContain(`will not take a payment on Monday 30 November 2026`);
    expect(mail!.text_body).toContain(`to ${recipient.recipient_name} will be taken on Monday 21 December 2026 instead`);
    expect(mail!.text_body).toContain('21/12/2026');
    expect(mail!.text_body).not.toContain('30/11/2026');
    const attached = mail!.attachments!.find((a) => a.contentType === 'text/calendar')!;
    expect(Buffer.from(attached.content, 'base64').toString()).toContain('DTSTART;VALUE=DATE:20261221');
  });

  it('allows one skip per pledge', async () => {
    const { user, pledge } = await newPledge();
    expect((await skip(user.id, pledge.id, 3)).statusCode).toBe(200);
    const again = await skip(user.id, pledge.id, 4);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'pledge.skip_already_skipped', message: SKIP_REFUSAL_MESSAGES.already_skipped });
    expect(await dates(pledge.id)).toEqual([
      ['2026-11-23', null],
      ['2026-11-30', null],
      ['2026-12-14', null],
      ['2026-12-21', '2026-12-07'],
    ]);
  });

  it('closes 24 hours before the payment is due in the campaign zone', async () => {
    const { user, pledge } = await newPledge();
    // Week 1 is due today.
    const today = await skip(user.id, pledge.id, 1);
    expect(today.statusCode).toBe(422);
    expect(today.json()).toMatchObject({ code: 'pledge.skip_too_late', message: SKIP_REFUSAL_MESSAGES.too_late });
    // Week 2 (30 Nov) starts at 29 Nov 11:00 UTC in Auckland: its skip closes at 28 Nov 11:00 UTC.
    ctx.clock.set('2026-11-28T11:00:00.000Z');
    expect((await skip(user.id, pledge.id, 2)).statusCode).toBe(422);
    ctx.clock.set('2026-11-28T10:59:59.000Z');
    expect((await skip(user.id, pledge.id, 2)).statusCode).toBe(200);
  });

  it('refuses a payment already charged, being charged, or failed', async () => {
    const { user, pledge, payments: rows } = await newPledge();
    await ctx.db.update(payments).set({ payment_status: 'Success', settled_at: new Date() }).where(eq(payments.id, rows[1]!.id));
    // A run has claimed week 3: its key is written before the provider is called.
    await ctx.db.update(payments).set({ idempotency_key: `payment-${rows[2]!.id}-attempt-1`, attempts: 1 }).where(eq(payments.id, rows[2]!.id));
    await ctx.db.update(payments).set({ payment_status: 'Failed', settled_at: new Date(), failure_reason: 'card_declined' }).where(eq(payments.id, rows[3]!.id));
    for (const week of [2, 3, 4]) {
      const res = await skip(user.id, pledge.id, week);
      expect(res.statusCode, `week ${week}`).toBe(409);
      expect(res.json()).toMatchObject({ code: 'pledge.skip_already_charged', message: SKIP_REFUSAL_MESSAGES.already_charged });
    }
    expect((await paymentRows(ctx.db, pledge.id)).every((p) => p.skipped_from === null)).toBe(true);
  });

  it('refuses a cancelled pledge, and a week the pledge has no payment in', async () => {
    const late = await newPledge({ dates: ['2026-12-07', '2026-12-14'] });
    const none = await skip(late.user.id, late.pledge.id, 2);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'pledge.skip_no_payment', message: SKIP_REFUSAL_MESSAGES.no_payment_that_week });
    // A pledge that joined late skips to one week after its own last payment.
    expect((await skip(late.user.id, late.pledge.id, 3)).json()).toMatchObject({ skipped_from: '2026-12-07', moved_to: '2026-12-21' });

    const { user, pledge } = await newPledge();
    await ctx.app.inject({ method: 'PUT', url: '/api/pledge/cancel', headers: { authorization: `Bearer ${await tokenFor(ctx, user.id)}` } });
    const cancelled = await skip(user.id, pledge.id, 2);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ code: 'pledge.skip_not_confirmed', message: SKIP_REFUSAL_MESSAGES.pledge_not_confirmed });
    expect((await undo(user.id, pledge.id)).json().code).toBe('pledge.skip_not_confirmed');
  });

  it('answers another donor’s pledge as missing, and names the field of a bad week', async () => {
    const { user, pledge } = await newPledge();
    const stranger = await createDonor(ctx.db);
    // Another's pledge is a refused look (a security event); a missing one is not.
    const from = logs.lines.length;
    for (const res of [await skip(stranger.id, pledge.id, 2), await undo(stranger.id, pledge.id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Pledge not found');
    }
    expect(refusalsSince(from)).toHaveLength(2);
    const missing = logs.lines.length;
    const none = await skip(user.id, 999999, 2);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Pledge not found');
    expect(refusalsSince(missing)).toEqual([]);
    for (const week of [0, 5, 2.5, '2', null]) {
      const res = await skip(user.id, pledge.id, week);
      expect(res.statusCode, String(week)).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'week', message: 'week must be a whole number from 1 to 4' }]);
    }
    expect((await ctx.app.inject({ method: 'POST', url: `/api/pledge/${pledge.id}/skip`, payload: { week: 2 } })).statusCode).toBe(401);
    expect(await dates(pledge.id)).toEqual([
      ['2026-11-23', null],
      ['2026-11-30', null],
      ['2026-12-07', null],
      ['2026-12-14', null],
    ]);
  });
});

describe('DELETE /api/pledge/:id/skip', () => {
  it('puts the payment back on its own week until the same cut-off, and mails the dates', async () => {
    const { user, pledge } = await newPledge();
    expect((await undo(user.id, pledge.id)).json()).toMatchObject({ code: 'pledge.skip_none', message: SKIP_REFUSAL_MESSAGES.not_skipped });
    await skip(user.id, pledge.id, 2);
    const res = await undo(user.id, pledge.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pledge_id: pledge.id, skipped_from: null, moved_to: null, message: 'Your skip is undone: that payment is back on 2026-11-30.' });
    expect(await dates(pledge.id)).toEqual([
      ['2026-11-23', null],
      ['2026-11-30', null],
      ['2026-12-07', null],
      ['2026-12-14', null],
    ]);
    const mails = await mailsTo(ctx.db, user.email);
    expect(mails.at(-1)!.subject).toBe('Your skipped week is back on');
    expect(mails.at(-1)!.text_body).toContain('back on Monday 30 November 2026');

    // Undone, the one skip is free again; its undo closes at the skipped week's cut-off.
    expect((await skip(user.id, pledge.id, 2)).statusCode).toBe(200);
    ctx.clock.set('2026-11-28T11:00:00.000Z');
    const late = await undo(user.id, pledge.id);
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('pledge.skip_too_late');
    expect((await paymentRows(ctx.db, pledge.id)).at(-1)!.skipped_from).toBe('2026-11-30');
  });
});

describe('billing around a skipped week', () => {
  it('charges nothing on the skipped date and the moved payment a week after the last: the full amount in the end', async () => {
    const { user, pledge } = await newPledge();
    await skip(user.id, pledge.id, 2);
    const provider = fakeProvider();
    await bill(ctx, provider, { asOf: '2026-11-23' });
    await bill(ctx, provider, { asOf: '2026-11-30' });
    const mine = () => provider.calls.filter((c) => c.metadata.pledge_id === String(pledge.id));
    expect(mine().map((c) => c.metadata.processing_date)).toEqual(['2026-11-23']);
    await bill(ctx, provider, { asOf: '2026-12-14' });
    expect(mine().map((c) => c.metadata.processing_date)).toEqual(['2026-11-23', '2026-12-07', '2026-12-14']);
    await bill(ctx, provider, { asOf: '2026-12-21' });
    expect(mine().map((c) => c.metadata.processing_date)).toEqual(['2026-11-23', '2026-12-07', '2026-12-14', '2026-12-21']);
    expect(mine().at(-1)!.description).toContain('payment 4 of 4');
    const rows = await paymentRows(ctx.db, pledge.id);
    expect(rows.map((p) => p.payment_status)).toEqual(['Success', 'Success', 'Success', 'Success']);
    const [after] = await ctx.db.select().from(pledges).where(eq(pledges.id, pledge.id));
    expect(rows.reduce((sum, p) => sum + p.amount, 0)).toBe(after!.confirmed_amount);
  });

  it(
    'a skip waits for a charge of the same week under way, then says it was charged: never both',
    async () => {
      const { user, pledge } = await newPledge();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let charging!: () => void;
      const started = new Promise<void>((resolve) => (charging = resolve));
      const provider = fakeProvider({
        answer: async (request) => {
          if (request.metadata.pledge_id === String(pledge.id) && request.metadata.processing_date === '2026-11-30') {
            charging();
            await held;
          }
          return { status: 'succeeded', reference: `pi_fake_${request.idempotencyKey}` };
        },
      });
      await bill(ctx, provider, { asOf: '2026-11-23' });
      const run = bill(ctx, provider, { asOf: '2026-11-30' });
      await started;
      let answered = false;
      const skipping = skip(user.id, pledge.id, 2).finally(() => (answered = true));
      // The skip waits on the CHARGE lock while the provider is answering.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(answered).toBe(false);
      release();
      await run;
      const res = await skipping;
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('pledge.skip_already_charged');
      const week2 = (await paymentRows(ctx.db, pledge.id)).find((p) => p.processing_date === '2026-11-30')!;
      expect(week2).toMatchObject({ payment_status: 'Success', skipped_from: null });
    },
    SLOW_ON_A_BUSY_MACHINE,
  );

  it(
    'skips and a billing run for the same week at the same moment: each payment is either charged or moved, never both',
    async () => {
      const made = await Promise.all(Array.from({ length: 12 }, () => newPledge({ dates: ['2026-11-30', '2026-12-07'] })));
      const provider = fakeProvider();
      const [report, ...answers] = await Promise.all([
        bill(ctx, provider, { asOf: '2026-11-30', concurrency: 2, batchSize: 3 }),
        ...made.map(({ user, pledge }) => skip(user.id, pledge.id, 2)),
      ]);
      expect(report.errors).toBe(0);
      // A claim the run could not charge because a skip held the payment at that moment (the skip
      // then finds it claimed and refuses) stays Pending with its key: the next run charges it.
      await bill(ctx, provider, { asOf: '2026-11-30' });
      for (const [i, { pledge }] of made.entries()) {
        const rows = await paymentRows(ctx.db, pledge.id);
        const moved = rows.find((p) => p.skipped_from === '2026-11-30');
        const charged = provider.calls.filter((c) => c.metadata.pledge_id === String(pledge.id));
        if (answers[i]!.statusCode === 200) {
          expect(moved).toMatchObject({ processing_date: '2026-12-14', payment_status: 'Pending', idempotency_key: null });
          expect(charged).toEqual([]);
        } else {
          expect(answers[i]!.json().code).toBe('pledge.skip_already_charged');
          expect(moved).toBeUndefined();
          expect(new Set(charged.map((c) => c.idempotencyKey)).size).toBe(1);
          expect(charged[0]!.metadata.processing_date).toBe('2026-11-30');
          expect(rows[0]!.payment_status).toBe('Success');
        }
      }
    },
    SLOW_ON_A_BUSY_MACHINE,
  );
});
