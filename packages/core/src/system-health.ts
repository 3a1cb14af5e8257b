// The admin system page's state words and the operators' alerts
// (docs/decisions/133-system-page-alerts-metrics.md). Pure: the API reads the facts, these rules
// say what they mean, so the page, the alert job and the tests agree.

/** fine: nothing to do; look: worth a look today; act: something is wrong now. */
export const HEALTH_STATES = ['fine', 'look', 'act'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

export const SYSTEM_LIMITS = {
  /** Billing runs every 3 hours by default: no run for this long, while payments are due, is worth a look. */
  billingLookHours: 4,
  /** No billing run for this long while payments are due: act (and alert). */
  billingActHours: 6,
  /** A run whose failed charges are more than this share of its charges: act (and alert). */
  billingFailedShareAct: 0.2,
  /** More than this share failed: look. */
  billingFailedShareLook: 0.05,
  /** A job waiting this long: look; twice as long: act. */
  queueWaitLookMinutes: 10,
  /** Mail failing (nothing sent, a failed one waiting) for this long: act (and alert). */
  mailFailingMinutes: 30,
  /** No good backup for this long: look. */
  backupLookHours: 26,
  /** No good backup for this long: act (and alert). */
  backupActHours: 36,
  /** A Stripe event received but not processed for this long: act (and alert). */
  webhookStuckMinutes: 30,
  /** A database larger than this: look (the data folder and its backups grow with it). */
  databaseLookBytes: 5 * 1024 ** 3,
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What the API reads for the page and the alerts; instants are ISO strings. */
export type SystemFacts = {
  billing: {
    lastRun: { startedAt: string; finishedAt: string | null; outcome: 'running' | 'ok' | 'failed'; charged: number; failed: number; retried: number } | null;
    /** Some Pending payment's date has come (in its campaign's zone). */
    paymentsDue: boolean;
  };
  /** Undefined when this process runs no queue (tests, tools). */
  queue: { waiting: number; failed: number; oldestWaitingAt: string | null } | undefined;
  mail: { sent: number; failed: number; queued: number; failingSince: string | null };
  backup: { enabled: boolean; last: { finishedAt: string; outcome: 'ok' | 'failed'; sizeBytes: number | null } | null; lastGoodAt: string | null };
  webhook: { unprocessed: number; oldestUnprocessedAt: string | null };
  database: { sizeBytes: number };
};

const age = (now: Date, iso: string | null): number => (iso === null ? 0 : now.getTime() - new Date(iso).getTime());

/** The share of a run's charges that failed (0 when it charged nothing). */
export function failedShare(run: { charged: number; failed: number }): number {
  const total = run.charged + run.failed;
  return total === 0 ? 0 : run.failed / total;
}

export function billingState(billing: SystemFacts['billing'], now: Date): HealthState {
  const run = billing.lastRun;
  if (run?.outcome === 'failed') return 'act';
  const since = run ? age(now, run.startedAt) : Infinity;
  if (billing.paymentsDue && since >= SYSTEM_LIMITS.billingActHours * HOUR) return 'act';
  if (run && failedShare(run) > SYSTEM_LIMITS.billingFailedShareAct) return 'act';
  if (billing.paymentsDue && since >= SYSTEM_LIMITS.billingLookHours * HOUR) return 'look';
  if (run && failedShare(run) > SYSTEM_LIMITS.billingFailedShareLook) return 'look';
  return 'fine';
}

export function queueState(queue: SystemFacts['queue'], now: Date): HealthState {
  if (!queue) return 'look';
  const waited = age(now, queue.oldestWaitingAt);
  if (waited >= 2 * SYSTEM_LIMITS.queueWaitLookMinutes * MINUTE) return 'act';
  if (waited >= SYSTEM_LIMITS.queueWaitLookMinutes * MINUTE || queue.failed > 0) return 'look';
  return 'fine';
}

export function mailState(mail: SystemFacts['mail'], now: Date): HealthState {
  if (mail.failingSince !== null && age(now, mail.failingSince) >= SYSTEM_LIMITS.mailFailingMinutes * MINUTE) return 'act';
  if (mail.failed > 0 || mail.failingSince !== null) return 'look';
  return 'fine';
}

export function backupState(backup: SystemFacts['backup'], now: Date): HealthState {
  // A managed database is backed up by its provider (docs/operations.md): nothing to watch here.
  if (!backup.enabled) return 'fine';
  if (backup.last?.outcome === 'failed') return 'act';
  if (backup.lastGoodAt === null) return 'look'; // a new install: the first daily backup has not run yet
  const since = age(now, backup.lastGoodAt);
  if (since >= SYSTEM_LIMITS.backupActHours * HOUR) return 'act';
  if (since >= SYSTEM_LIMITS.backupLookHours * HOUR) return 'look';
  return 'fine';
}

export function webhookState(webhook: SystemFacts['webhook'], now: Date): HealthState {
  if (webhook.oldestUnprocessedAt === null) return 'fine';
  return age(now, webhook.oldestUnprocessedAt) >= SYSTEM_LIMITS.webhookStuckMinutes * MINUTE ? 'act' : 'look';
}

export function databaseState(database: SystemFacts['database']): HealthState {
  return database.sizeBytes > SYSTEM_LIMITS.databaseLookBytes ? 'look' : 'fine';
}

// Alerts ------------------------------------------------------------------------------------------

export const ALERT_CAUSES = ['billing-failed', 'billing-overdue', 'billing-failed-share', 'mail-failing', 'backup-failed', 'backup-stale', 'stripe-webhook', 'gift-declines'] as const;
export type AlertCause = (typeof ALERT_CAUSES)[number];

/** At most one mail per cause in this long, however many instances notice (docs/decisions/133). */
export const ALERT_QUIET_MINUTES = 60;

export type Alert = { cause: AlertCause; summary: string };

/** What is wrong enough to mail every admin about, one entry per cause. */
export function alertsFor(facts: SystemFacts, now: Date): Alert[] {
  const alerts: Alert[] = [];
  const run = facts.billing.lastRun;
  if (run?.outcome === 'failed') {
    alerts.push({ cause: 'billing-failed', summary: `The billing run started ${run.startedAt} failed: some payments were left in doubt or the run stopped.` });
  }
  const sinceRun = run ? age(now, run.startedAt) : Infinity;
  if (facts.billing.paymentsDue && sinceRun >= SYSTEM_LIMITS.billingActHours * HOUR) {
    alerts.push({
      cause: 'billing-overdue',
      summary: run ? `No billing run since ${run.startedAt} (${SYSTEM_LIMITS.billingActHours} hours or more) while payments are due.` : 'No billing run has been recorded while payments are due.',
    });
  }
  if (run && failedShare(run) > SYSTEM_LIMITS.billingFailedShareAct) {
    alerts.push({
      cause: 'billing-failed-share',
      summary: `${run.failed} of the ${run.charged + run.failed} charges of the billing run started ${run.startedAt} failed (more than ${SYSTEM_LIMITS.billingFailedShareAct * 100} %).`,
    });
  }
  if (facts.mail.failingSince !== null && age(now, facts.mail.failingSince) >= SYSTEM_LIMITS.mailFailingMinutes * MINUTE) {
    alerts.push({ cause: 'mail-failing', summary: `Mail has been failing since ${facts.mail.failingSince}: nothing sent, ${facts.mail.failed} failed in the last 24 hours.` });
  }
  if (facts.backup.enabled) {
    const last = facts.backup.last;
    if (last?.outcome === 'failed') {
      alerts.push({ cause: 'backup-failed', summary: `The backup that finished ${last.finishedAt} failed.` });
    }
    if (facts.backup.lastGoodAt !== null && age(now, facts.backup.lastGoodAt) >= SYSTEM_LIMITS.backupActHours * HOUR) {
      alerts.push({ cause: 'backup-stale', summary: `The last good backup is from ${facts.backup.lastGoodAt}, more than ${SYSTEM_LIMITS.backupActHours} hours ago.` });
    }
  }
  if (facts.webhook.oldestUnprocessedAt !== null && age(now, facts.webhook.oldestUnprocessedAt) >= SYSTEM_LIMITS.webhookStuckMinutes * MINUTE) {
    alerts.push({
      cause: 'stripe-webhook',
      summary: `${facts.webhook.unprocessed} Stripe event(s) received but not processed, the oldest since ${facts.webhook.oldestUnprocessedAt}.`,
    });
  }
  return alerts;
}
