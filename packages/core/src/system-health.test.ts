import { describe, expect, it } from 'vitest';
import { alertsFor, backupState, billingState, databaseState, failedShare, mailState, queueState, SYSTEM_LIMITS, type SystemFacts, webhookState } from './system-health.ts';

const NOW = new Date('2026-11-23T09:00:00.000Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const run = (fields: Partial<NonNullable<SystemFacts['billing']['lastRun']>> = {}) => ({
  startedAt: ago(60),
  finishedAt: ago(59),
  outcome: 'ok' as const,
  charged: 100,
  failed: 0,
  retried: 0,
  ...fields,
});
const facts = (over: Partial<SystemFacts> = {}): SystemFacts => ({
  billing: { lastRun: run(), paymentsDue: true },
  queue: { waiting: 0, failed: 0, oldestWaitingAt: null },
  mail: { sent: 10, failed: 0, queued: 0, failingSince: null },
  backup: { enabled: true, last: { finishedAt: ago(60), outcome: 'ok', sizeBytes: 1000 }, lastGoodAt: ago(60) },
  webhook: { unprocessed: 0, oldestUnprocessedAt: null },
  database: { sizeBytes: 1000 },
  ...over,
});

describe('system page states', () => {
  it('are the limits docs/decisions/133 settles', () => {
    expect(SYSTEM_LIMITS).toEqual({
      billingLookHours: 4,
      billingActHours: 6,
      billingFailedShareAct: 0.2,
      billingFailedShareLook: 0.05,
      queueWaitLookMinutes: 10,
      mailFailingMinutes: 30,
      backupLookHours: 26,
      backupActHours: 36,
      webhookStuckMinutes: 30,
      databaseLookBytes: 5 * 1024 ** 3,
    });
  });

  it('billing: a failed run or 6 h without one while payments are due is act; 4 h is look; a run with no charges is fine', () => {
    expect(billingState({ lastRun: run(), paymentsDue: true }, NOW)).toBe('fine');
    expect(billingState({ lastRun: run({ outcome: 'failed' }), paymentsDue: false }, NOW)).toBe('act');
    expect(billingState({ lastRun: run({ startedAt: ago(6 * 60) }), paymentsDue: true }, NOW)).toBe('act');
    expect(billingState({ lastRun: run({ startedAt: ago(6 * 60 - 1) }), paymentsDue: true }, NOW)).toBe('look');
    expect(billingState({ lastRun: run({ startedAt: ago(4 * 60 - 1) }), paymentsDue: true }, NOW)).toBe('fine');
    expect(billingState({ lastRun: run({ startedAt: ago(48 * 60) }), paymentsDue: false }, NOW)).toBe('fine');
    expect(billingState({ lastRun: null, paymentsDue: true }, NOW)).toBe('act');
    expect(billingState({ lastRun: null, paymentsDue: false }, NOW)).toBe('fine');
    expect(billingState({ lastRun: run({ charged: 0, failed: 0 }), paymentsDue: true }, NOW)).toBe('fine');
  });

  it('billing: more than 20 % failed is act, more than 5 % is look', () => {
    expect(failedShare({ charged: 80, failed: 20 })).toBe(0.2);
    expect(billingState({ lastRun: run({ charged: 80, failed: 20 }), paymentsDue: true }, NOW)).toBe('look');
    expect(billingState({ lastRun: run({ charged: 79, failed: 21 }), paymentsDue: true }, NOW)).toBe('act');
    expect(billingState({ lastRun: run({ charged: 95, failed: 5 }), paymentsDue: true }, NOW)).toBe('fine');
    expect(billingState({ lastRun: run({ charged: 94, failed: 6 }), paymentsDue: true }, NOW)).toBe('look');
  });

  it('queue: no queue or a failed job is look; a job waiting 10 min is look, 20 min act', () => {
    expect(queueState(undefined, NOW)).toBe('look');
    expect(queueState({ waiting: 3, failed: 0, oldestWaitingAt: ago(1) }, NOW)).toBe('fine');
    expect(queueState({ waiting: 3, failed: 1, oldestWaitingAt: null }, NOW)).toBe('look');
    expect(queueState({ waiting: 3, failed: 0, oldestWaitingAt: ago(10) }, NOW)).toBe('look');
    expect(queueState({ waiting: 3, failed: 0, oldestWaitingAt: ago(20) }, NOW)).toBe('act');
  });

  it('mail: failing for 30 min is act; any failure is look', () => {
    expect(mailState({ sent: 5, failed: 0, queued: 2, failingSince: null }, NOW)).toBe('fine');
    expect(mailState({ sent: 5, failed: 1, queued: 0, failingSince: null }, NOW)).toBe('look');
    expect(mailState({ sent: 0, failed: 1, queued: 0, failingSince: ago(29) }, NOW)).toBe('look');
    expect(mailState({ sent: 0, failed: 1, queued: 0, failingSince: ago(30) }, NOW)).toBe('act');
  });

  it('backup: off is fine; a failed one or none good for 36 h is act; 26 h is look; none yet is look', () => {
    const off = { enabled: false, last: null, lastGoodAt: null };
    expect(backupState(off, NOW)).toBe('fine');
    expect(backupState({ enabled: true, last: null, lastGoodAt: null }, NOW)).toBe('look');
    expect(backupState({ enabled: true, last: { finishedAt: ago(5), outcome: 'failed', sizeBytes: null }, lastGoodAt: ago(60) }, NOW)).toBe('act');
    expect(backupState({ enabled: true, last: { finishedAt: ago(36 * 60), outcome: 'ok', sizeBytes: 1 }, lastGoodAt: ago(36 * 60) }, NOW)).toBe('act');
    expect(backupState({ enabled: true, last: { finishedAt: ago(26 * 60), outcome: 'ok', sizeBytes: 1 }, lastGoodAt: ago(26 * 60) }, NOW)).toBe('look');
    expect(backupState({ enabled: true, last: { finishedAt: ago(25 * 60), outcome: 'ok', sizeBytes: 1 }, lastGoodAt: ago(25 * 60) }, NOW)).toBe('fine');
  });

  it('Stripe webhook: an event unprocessed 30 min is act, a newer one look; database: over 5 GiB is look', () => {
    expect(webhookState({ unprocessed: 0, oldestUnprocessedAt: null }, NOW)).toBe('fine');
    expect(webhookState({ unprocessed: 1, oldestUnprocessedAt: ago(29) }, NOW)).toBe('look');
    expect(webhookState({ unprocessed: 1, oldestUnprocessedAt: ago(30) }, NOW)).toBe('act');
    expect(databaseState({ sizeBytes: 5 * 1024 ** 3 })).toBe('fine');
    expect(databaseState({ sizeBytes: 5 * 1024 ** 3 + 1 })).toBe('look');
  });
});

describe('alerts', () => {
  const causes = (f: SystemFacts) => alertsFor(f, NOW).map((a) => a.cause);

  it('none when all is well', () => {
    expect(alertsFor(facts(), NOW)).toEqual([]);
  });

  it('a failed billing run, none for 6 h while payments are due, more than 20 % failed', () => {
    expect(causes(facts({ billing: { lastRun: run({ outcome: 'failed' }), paymentsDue: true } }))).toEqual(['billing-failed']);
    expect(causes(facts({ billing: { lastRun: run({ startedAt: ago(6 * 60) }), paymentsDue: true } }))).toEqual(['billing-overdue']);
    expect(causes(facts({ billing: { lastRun: run({ startedAt: ago(6 * 60) }), paymentsDue: false } }))).toEqual([]);
    expect(causes(facts({ billing: { lastRun: null, paymentsDue: true } }))).toEqual(['billing-overdue']);
    expect(causes(facts({ billing: { lastRun: run({ charged: 79, failed: 21 }), paymentsDue: true } }))).toEqual(['billing-failed-share']);
    expect(causes(facts({ billing: { lastRun: run({ charged: 80, failed: 20 }), paymentsDue: true } }))).toEqual([]);
  });

  it('mail failing for 30 min', () => {
    expect(causes(facts({ mail: { sent: 0, failed: 3, queued: 0, failingSince: ago(30) } }))).toEqual(['mail-failing']);
    expect(causes(facts({ mail: { sent: 0, failed: 3, queued: 0, failingSince: ago(29) } }))).toEqual([]);
  });

  it('a failed backup or none good for 36 h, only when backups are on', () => {
    const failed = { finishedAt: ago(5), outcome: 'failed' as const, sizeBytes: null };
    expect(causes(facts({ backup: { enabled: true, last: failed, lastGoodAt: ago(60) } }))).toEqual(['backup-failed']);
    expect(causes(facts({ backup: { enabled: true, last: failed, lastGoodAt: ago(36 * 60) } }))).toEqual(['backup-failed', 'backup-stale']);
    expect(causes(facts({ backup: { enabled: false, last: failed, lastGoodAt: ago(36 * 60) } }))).toEqual([]);
    expect(causes(facts({ backup: { enabled: true, last: null, lastGoodAt: null } }))).toEqual([]);
  });

  it('Stripe events unprocessed for 30 min', () => {
    expect(causes(facts({ webhook: { unprocessed: 2, oldestUnprocessedAt: ago(30) } }))).toEqual(['stripe-webhook']);
    expect(causes(facts({ webhook: { unprocessed: 2, oldestUnprocessedAt: ago(29) } }))).toEqual([]);
  });
});
