import { randomUUID } from 'node:crypto';
import { asMinor } from '@uplift/core/money';
import { systemResponseSchema, type SystemResponse } from '@uplift/core/schemas/system';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/client.ts';
import { alertsSent, backups, billingRuns, gifts, mails, recipients } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { insertUser, signInAdmin } from '../admin/admin.test-support.ts';
import { bill, createCampaign, createConfirmedPledge, fakeProvider } from '../billing/billing.test-support.ts';
import { createPage } from '../gifts/gifts.test-support.ts';
import { checkAlerts, type AlertDeps } from './index.ts';

const silent = pino({ level: 'silent' });

describe('the admin system page', () => {
  let ctx: TestContext;
  let adminAuth: Record<string, string>;
  let donorAuth: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await insertUser(ctx, { role: 'admin' });
    const donor = await insertUser(ctx, { role: 'user' });
    adminAuth = { authorization: `Bearer ${(await signInAdmin(ctx, admin)).access_token}` };
    donorAuth = { authorization: `Bearer ${await ctx.app.signAccessToken({ id: donor.id, role: 'user' })}` };
  });
  afterAll(async () => ctx.close());

  const page = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/system', headers: adminAuth });
    expect(res.statusCode, res.body).toBe(200);
    return systemResponseSchema.parse(res.json()) as SystemResponse;
  };

  it('is for admins only: 401 without a session, 403 for a donor', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/system' })).statusCode).toBe(401);
    const donor = await ctx.app.inject({ method: 'GET', url: '/api/admin/system', headers: donorAuth });
    expect(donor.statusCode).toBe(403);
  });

  it('shows every row with its state word: before any billing run, with no queue, backups off (managed database)', async () => {
    const body = await page();
    expect(body.billing).toEqual({ state: 'fine', last_run: null, next_run_at: null, payments_due: false });
    expect(body.queue).toEqual({ state: 'look', available: false, waiting: 0, failed: 0, oldest_waiting_at: null });
    expect(body.mail).toEqual({ state: 'fine', sent: 0, failed: 0, queued: 0, failing_since: null });
    expect(body.backup).toEqual({ state: 'fine', enabled: false, last: null, last_good_at: null });
    expect(body.stripe_webhook).toEqual({ state: 'fine', unprocessed: 0, oldest_unprocessed_at: null });
    expect(body.database.state).toBe('fine');
    expect(body.database.size_bytes).toBeGreaterThan(1_000_000);
    expect(body.version).toEqual({ state: 'fine', version: '0.1.0', commit: 'unknown' });
    expect(body.checked_at).toBe(ctx.clock.now().toISOString());
  });

  it('records each billing run and shows the last with its counts; a run that fails is act', async () => {
    const campaign = await createCampaign(ctx.db, { billingStart: '2026-11-23' });
    await createConfirmedPledge(ctx.db, { campaignId: campaign.id, dates: ['2026-11-23'] });
    await createConfirmedPledge(ctx.db, { campaignId: campaign.id, dates: ['2026-11-23'] });
    expect((await page()).billing).toMatchObject({ state: 'act', last_run: null, payments_due: true });

    const report = await bill(ctx, fakeProvider());
    expect(report.succeeded).toBe(2);
    const ok = await page();
    expect(ok.billing).toEqual({
      state: 'fine',
      last_run: { started_at: ctx.clock.now().toISOString(), finished_at: ctx.clock.now().toISOString(), outcome: 'ok', charged: 2, failed: 0, retried: 0 },
      next_run_at: null,
      payments_due: false,
    });
    expect(ok.mail.sent + ok.mail.queued).toBeGreaterThanOrEqual(2); // the receipts

    await createConfirmedPledge(ctx.db, { campaignId: campaign.id, dates: ['2026-11-23'] });
    await bill(ctx, fakeProvider({ answer: () => Promise.reject(new Error('provider unreachable')) }));
    const failed = await page();
    expect(failed.billing.state).toBe('act');
    expect(failed.billing.last_run).toMatchObject({ outcome: 'failed', charged: 0, failed: 0 });
  });

  it('shows the last backup and its size', async () => {
    const at = new Date(ctx.clock.now().getTime() - 60 * 60 * 1000);
    await ctx.db.insert(backups).values({ started_at: at, finished_at: at, outcome: 'ok', file: 'b.tar', size_bytes: 12345, kind: 'pg_dump', source: 'cli' });
    expect((await page()).backup).toEqual({
      state: 'fine',
      enabled: false,
      last: { finished_at: at.toISOString(), outcome: 'ok', size_bytes: 12345 },
      last_good_at: at.toISOString(),
    });
  });
});

describe('operator alerts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  const alertMails = () => ctx.db.select().from(mails).where(eq(mails.kind, 'system-alert'));

  it('a failed billing run mails each admin exactly once, however often and from however many instances the check runs', async () => {
    const first = await insertUser(ctx, { role: 'admin' });
    const second = await insertUser(ctx, { role: 'admin' });
    await insertUser(ctx, { role: 'user' });
    // An erased admin's row stays (anonymised) but gets no mail.
    await insertUser(ctx, { role: 'admin', erased_at: ctx.clock.now() });
    const campaign = await createCampaign(ctx.db, { billingStart: '2026-11-23' });
    await createConfirmedPledge(ctx.db, { campaignId: campaign.id, dates: ['2026-11-23'] });
    await bill(ctx, fakeProvider({ answer: () => Promise.reject(new Error('provider unreachable')) }));
    const [run] = await ctx.db.select().from(billingRuns);
    expect(run).toMatchObject({ outcome: 'failed', errors: 1 });

    // Two instances: each its own pool on the same database, checking at the same moment, then again.
    const otherDb = createDb(ctx.databaseUrl, { max: 2 });
    try {
      const deps = (db: AlertDeps['db']): AlertDeps => ({ db, clock: ctx.clock, mailer: ctx.app.mailer, log: silent, config: ctx.config, appUrl: ctx.config.appUrl });
      const [a, b] = await Promise.all([checkAlerts(deps(ctx.db)), checkAlerts(deps(otherDb))]);
      expect([...a, ...b].map((alert) => alert.cause)).toEqual(['billing-failed']);
      expect(await checkAlerts(deps(otherDb))).toEqual([]);
      expect(await checkAlerts(deps(ctx.db))).toEqual([]);
    } finally {
      await otherDb.$client.end();
    }

    const sent = await alertMails();
    expect(sent.map((m) => m.to_address).sort()).toEqual([first.email, second.email].sort());
    for (const mail of sent) {
      expect(mail.subject).toBe('Uplift alert: billing-failed');
      expect(mail.text_body).toContain('failed');
      expect(mail.text_body).toContain(`${ctx.config.appUrl}/admin-system`);
    }
    expect(await ctx.db.select().from(alertsSent).where(eq(alertsSent.cause, 'billing-failed'))).toHaveLength(1);
  });

  it('mails the same cause again only after an hour', async () => {
    const later = (minutes: number) => ({ now: () => new Date(ctx.clock.now().getTime() + minutes * 60_000) });
    const deps = (minutes: number): AlertDeps => ({ db: ctx.db, clock: later(minutes), mailer: ctx.app.mailer, log: silent, config: ctx.config, appUrl: ctx.config.appUrl });
    const before = (await alertMails()).length;
    expect((await checkAlerts(deps(59))).map((a) => a.cause)).not.toContain('billing-failed');
    expect((await checkAlerts(deps(61))).map((a) => a.cause)).toContain('billing-failed');
    expect((await alertMails()).length).toBe(before + 2); // the two admins, once each
    const rows = await ctx.db.select().from(alertsSent).where(and(eq(alertsSent.cause, 'billing-failed')));
    expect(rows).toHaveLength(2);
  });

  it('mails the admins when gift declines pass 20 and half of the gifts tried in 15 minutes (card testing), once an hour', async () => {
    const deps: AlertDeps = { db: ctx.db, clock: ctx.clock, mailer: ctx.app.mailer, log: silent, config: ctx.config, appUrl: ctx.config.appUrl };
    const { page } = await createPage(ctx);
    const now = ctx.clock.now();
    const gift = (status: 'failed' | 'pending', minutesAgo: number, code: string | null = 'card_declined') => ({
      page_id: page.id,
      campaign_id: page.campaign_id,
      recipient_id: 1,
      amount: asMinor(2500),
      donor_name: 'T',
      donor_email: 't@example.org',
      message: '',
      idempotency_key: `gift-${randomUUID()}`,
      client_key: randomUUID(),
      status,
      failure_code: status === 'failed' ? code : null,
      created_at: new Date(now.getTime() - minutesAgo * 60_000),
      settled_at: status === 'failed' ? new Date(now.getTime() - minutesAgo * 60_000) : null,
    });
    const recipientId = (await ctx.db.select({ id: recipients.id }).from(recipients).limit(1))[0]!.id;
    const add = (rows: ReturnType<typeof gift>[]) => ctx.db.insert(gifts).values(rows.map((r) => ({ ...r, recipient_id: recipientId })));
    // 19 declines (and unpaid or abandoned gifts, and older declines): no alarm.
    await add([...Array.from({ length: 19 }, () => gift('failed', 5)), gift('failed', 5, 'abandoned'), ...Array.from({ length: 30 }, () => gift('failed', 20))]);
    expect((await checkAlerts(deps)).map((a) => a.cause)).not.toContain('gift-declines');
    // 20 declines, but fewer than half of the gifts tried: no alarm.
    await add([gift('failed', 5), ...Array.from({ length: 22 }, () => gift('pending', 5))]);
    expect((await checkAlerts(deps)).map((a) => a.cause)).not.toContain('gift-declines');
    // 24 declines of 47 gifts tried: the alarm, once.
    await add(Array.from({ length: 4 }, () => gift('failed', 1)));
    const raised = (await checkAlerts(deps)).find((a) => a.cause === 'gift-declines');
    expect(raised?.summary).toMatch(/^24 gift card attempts were declined in the last 15 minutes, of 47 gifts tried/);
    expect((await checkAlerts(deps)).map((a) => a.cause)).not.toContain('gift-declines');
    expect((await alertMails()).filter((m) => m.subject === 'Uplift alert: gift-declines').length).toBeGreaterThan(0);
  });
});
