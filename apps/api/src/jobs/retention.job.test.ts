import { randomUUID } from 'node:crypto';
import { RETENTION } from '@uplift/core/retention';
import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsSent, authAttempts, authTokens, emailChanges, mails, payments, pledges, rateLimitCounters, refreshTokens, users } from '../db/schema.ts';
import { createCampaign, createConfirmedPledge, createDonor } from '../modules/billing/billing.test-support.ts';
import { createTestContext, TEST_NOW, type TestContext } from '../test/context.ts';
import { startQueue } from '../queue/queue.ts';
import { registerRetentionJob, RETENTION_JOB, RETENTION_SCHEDULE, runRetention } from './retention.job.ts';

// Data that leaves when it should (docs/decisions/128): against the test database and its clock,
// each row just past its period goes and one just inside it stays; donors whose donation records
// are older than seven years are anonymised, their amounts, dates and receipt numbers kept.

const silent = pino({ level: 'silent' });
let ctx: TestContext;
const now = new Date(TEST_NOW);
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const run = () => runRetention({ db: ctx.db, clock: ctx.clock, log: silent });

async function mail(values: { status: string; created_at: Date; to?: string }) {
  const [row] = await ctx.db
    .insert(mails)
    .values({ to_address: values.to ?? 'someone@example.org', subject: 'S', text_body: 'T', html_body: 'H', kind: 'payment-receipt', status: values.status, created_at: values.created_at })
    .returning({ id: mails.id });
  return row!.id;
}

describe('the daily retention job', () => {
  it('deletes mails, tokens, links and rate-limit records past their periods, and keeps the ones inside them', async () => {
    expect(RETENTION).toMatchObject({ sentMailDays: 90, failedMailDays: 30, tokenGraceDays: 30, rateLimitHours: 24, donationRecordYears: 7, alertRecordDays: 90 });
    const user = await createDonor(ctx.db);
    const gone: Record<string, number[]> = { mails: [], authTokens: [], refresh: [], emailChanges: [], attempts: [] };
    const kept: Record<string, number[]> = { mails: [], authTokens: [], refresh: [], emailChanges: [], attempts: [] };

    // Mails: delivered ones (sent, or kept in the dev outbox) 90 days; undelivered ones 30 days.
    gone.mails!.push(await mail({ status: 'sent', created_at: daysAgo(91) }), await mail({ status: 'outbox', created_at: daysAgo(91) }));
    gone.mails!.push(await mail({ status: 'retrying', created_at: daysAgo(31) }), await mail({ status: 'queued', created_at: daysAgo(31) }));
    kept.mails!.push(await mail({ status: 'sent', created_at: daysAgo(89) }), await mail({ status: 'retrying', created_at: daysAgo(29) }));

    // Activation and reset tokens: 30 days after they were used or expired.
    const token = async (v: { expires_at: Date; used_at?: Date }) =>
      (await ctx.db.insert(authTokens).values({ user_id: user.id, purpose: 'reset', token_hash: randomUUID(), created_at: daysAgo(60), ...v }).returning())[0]!.id;
    const tomorrow = new Date(now.getTime() + DAY);
    gone.authTokens!.push(await token({ expires_at: daysAgo(31) }), await token({ expires_at: tomorrow, used_at: daysAgo(31) }), await token({ expires_at: daysAgo(40), used_at: daysAgo(45) }));
    kept.authTokens!.push(await token({ expires_at: daysAgo(29) }), await token({ expires_at: tomorrow }), await token({ expires_at: tomorrow, used_at: daysAgo(29) }));

    // Sign-in tokens go a family at a time, once every token of it expired or was revoked 30 days ago.
    const family = async (tokens: { expires_at: Date; revoked_at?: Date; used_at?: Date }[]) => {
      const id = randomUUID();
      const rows = await ctx.db
        .insert(refreshTokens)
        .values(tokens.map((t, i) => ({ user_id: user.id, family_id: id, token_hash: randomUUID(), created_at: daysAgo(80 - i), ...t })))
        .returning({ id: refreshTokens.id });
      return rows.map((r) => r.id);
    };
    gone.refresh!.push(...(await family([{ expires_at: daysAgo(45), used_at: daysAgo(50) }, { expires_at: daysAgo(31) }])));
    gone.refresh!.push(...(await family([{ expires_at: daysAgo(5), revoked_at: daysAgo(31) }])));
    // An old used token of a family still alive stays: it dates the sign-in and tells a replay.
    kept.refresh!.push(...(await family([{ expires_at: daysAgo(45), used_at: daysAgo(50) }, { expires_at: new Date(now.getTime() + DAY) }])));
    kept.refresh!.push(...(await family([{ expires_at: daysAgo(5), revoked_at: daysAgo(29) }])));

    // Email-change links (they hold the new address): 30 days after used or expired.
    const change = async (v: { expires_at: Date; used_at?: Date }) =>
      (await ctx.db.insert(emailChanges).values({ user_id: user.id, new_email: `new-${randomUUID()}@example.org`, token_hash: randomUUID(), created_at: daysAgo(60), ...v }).returning())[0]!.id;
    gone.emailChanges!.push(await change({ expires_at: daysAgo(31) }), await change({ expires_at: daysAgo(20), used_at: daysAgo(31) }));
    kept.emailChanges!.push(await change({ expires_at: daysAgo(29) }));

    // Rate-limit attempts per account: a day; counters per address: once their window has ended.
    const attempt = async (created_at: Date) => (await ctx.db.insert(authAttempts).values({ action: 'login', subject_hash: randomUUID(), created_at }).returning())[0]!.id;
    gone.attempts!.push(await attempt(hoursAgo(25)));
    kept.attempts!.push(await attempt(hoursAgo(23)));
    await ctx.db.insert(rateLimitCounters).values([
      { key: 'ended', hits: 3, window_ends_at: new Date(now.getTime() - 60_000) },
      { key: 'running', hits: 3, window_ends_at: new Date(now.getTime() + 60_000) },
    ]);

    // Alert records (which cause, when): 90 days.
    await ctx.db.insert(alertsSent).values([
      { cause: 'backup_missing', sent_at: daysAgo(91), summary: 'old' },
      { cause: 'backup_missing', sent_at: daysAgo(89), summary: 'recent' },
    ]);

    const report = await run();

    const ids = async (table: typeof mails | typeof authTokens | typeof refreshTokens | typeof emailChanges | typeof authAttempts, list: number[]) =>
      (await ctx.db.select({ id: table.id }).from(table).where(inArray(table.id, list))).map((r) => r.id).sort((a, b) => a - b);
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    expect(await ids(mails, gone.mails!)).toEqual([]);
    expect(await ids(mails, kept.mails!)).toEqual(sorted(kept.mails!));
    expect(await ids(authTokens, gone.authTokens!)).toEqual([]);
    expect(await ids(authTokens, kept.authTokens!)).toEqual(sorted(kept.authTokens!));
    expect(await ids(refreshTokens, gone.refresh!)).toEqual([]);
    expect(await ids(refreshTokens, kept.refresh!)).toEqual(sorted(kept.refresh!));
    expect(await ids(emailChanges, gone.emailChanges!)).toEqual([]);
    expect(await ids(emailChanges, kept.emailChanges!)).toEqual(sorted(kept.emailChanges!));
    expect(await ids(authAttempts, gone.attempts!)).toEqual([]);
    expect(await ids(authAttempts, kept.attempts!)).toEqual(sorted(kept.attempts!));
    expect((await ctx.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key)).toEqual(['running']);
    expect((await ctx.db.select({ summary: alertsSent.summary }).from(alertsSent)).map((r) => r.summary)).toEqual(['recent']);
    expect(report).toMatchObject({ mails: 4, authTokens: 3, refreshTokens: 3, emailChanges: 2, authAttempts: 1, rateLimitCounters: 1, alerts: 1 });

    // A second run the same day finds nothing more.
    expect(await run()).toEqual({ mails: 0, authTokens: 0, refreshTokens: 0, emailChanges: 0, authAttempts: 0, rateLimitCounters: 0, alerts: 0, anonymisedDonors: 0, anonymisedGifts: 0 });
  });

  it('anonymises a donor whose last payment is over seven years old, keeping amounts, dates and receipt numbers', async () => {
    const old = new Date('2019-01-01T00:00:00Z');
    const donor = async (firstName: string) => {
      const user = await createDonor(ctx.db, { firstName });
      await ctx.db.update(users).set({ created_at: old, updated_at: old, user_address: '1 Queen Street, Auckland' }).where(eq(users.id, user.id));
      return user;
    };
    /** A paid four-week pledge whose payments fall on `dates`, made and settled then. */
    const paidPledge = async (userId: number, dates: string[]) => {
      const campaign = await createCampaign(ctx.db, { billingStart: dates[0]!, start: dates[0]!, end: dates[3]! });
      const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
      const { pledge } = await createConfirmedPledge(ctx.db, { campaignId: campaign.id, user: user!, dates });
      await ctx.db.update(pledges).set({ created_at: new Date(`${dates[0]}T00:00:00Z`) }).where(eq(pledges.id, pledge.id));
      await ctx.db
        .update(payments)
        .set({ payment_status: 'Success', settled_at: sql`(${payments.processing_date} + time '09:00') at time zone 'UTC'` })
        .where(eq(payments.pledge_id, pledge.id));
      return pledge;
    };
    const lapsed = await donor('Lapsed');
    const lapsedPledge = await paidPledge(lapsed.id, ['2019-01-07', '2019-01-14', '2019-01-21', '2019-01-28']);
    await mail({ status: 'sent', created_at: daysAgo(10), to: lapsed.email });
    const recent = await donor('Recent'); // last paid in 2020: inside the seven years
    await paidPledge(recent.id, ['2020-01-06', '2020-01-13', '2020-01-20', '2020-01-27']);
    const returning = await donor('Returning'); // paid in 2019, pledged again this year
    await paidPledge(returning.id, ['2019-01-07', '2019-01-14', '2019-01-21', '2019-01-28']);
    await ctx.db.insert(pledges).values({ user_id: returning.id, campaign_id: lapsedPledge.campaign_id, challenge_id: 1, recipient_id: lapsedPledge.recipient_id, number_of_units: 1, cost_per_unit: lapsedPledge.cost_per_unit, confirmed_amount: lapsedPledge.cost_per_unit, created_at: daysAgo(3) });
    const signedIn = await donor('SignedIn'); // paid in 2019, signed in last month
    await paidPledge(signedIn.id, ['2019-01-07', '2019-01-14', '2019-01-21', '2019-01-28']);
    await ctx.db.insert(refreshTokens).values({ user_id: signedIn.id, family_id: randomUUID(), token_hash: randomUUID(), created_at: daysAgo(20), expires_at: daysAgo(6) });
    const before = await ctx.db.select().from(payments).where(eq(payments.pledge_id, lapsedPledge.id)).orderBy(payments.processing_date);
    expect(before.every((p) => p.receipt_number !== null)).toBe(true);

    const report = await run();

    expect(report.anonymisedDonors).toBe(1);
    const [gone] = await ctx.db.select().from(users).where(eq(users.id, lapsed.id));
    expect(gone).toMatchObject({ first_name: '', last_name: '', user_address: '', password_hash: '!erased', stripe_customer_id: null, opt_in_uplift_comms: false });
    expect(gone!.email).toMatch(/^erased-\d+-[0-9a-f]{16}@erased\.invalid$/);
    expect(gone!.erased_at).toEqual(now);
    // The financial record stands, no longer with the person's name.
    expect(await ctx.db.select().from(pledges).where(eq(pledges.id, lapsedPledge.id))).toHaveLength(1);
    const after = await ctx.db.select().from(payments).where(eq(payments.pledge_id, lapsedPledge.id)).orderBy(payments.processing_date);
    expect(after.map((p) => [p.amount, p.processing_date, p.payment_status, p.receipt_number])).toEqual(
      before.map((p) => [p.amount, p.processing_date, p.payment_status, p.receipt_number]),
    );
    // Mails to the old address hold it no more.
    expect(await ctx.db.select().from(mails).where(eq(mails.to_address, lapsed.email))).toEqual([]);

    for (const kept of [recent, returning, signedIn]) {
      const [row] = await ctx.db.select().from(users).where(eq(users.id, kept.id));
      expect(row).toMatchObject({ email: kept.email, first_name: kept.first_name, erased_at: null });
    }
    expect((await run()).anonymisedDonors).toBe(0);
  });

  it('is scheduled daily on the queue', async () => {
    const queue = await startQueue(ctx.databaseUrl, silent, { schedule: false });
    try {
      await registerRetentionJob({ queue, db: ctx.db, clock: ctx.clock, log: silent });
      expect((await queue.getSchedules(RETENTION_JOB)).map((s) => s.cron)).toEqual([RETENTION_SCHEDULE]);
    } finally {
      await queue.stop({ graceful: false, timeout: 1000 });
    }
  });
});
