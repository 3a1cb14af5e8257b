import { GIFT_LIMITS, giftDeclineAlarm } from '@uplift/core/gifts';
import { asMinor, formatMoney } from '@uplift/core/money';
import type { SystemResponse } from '@uplift/core/schemas/system';
import {
  ALERT_QUIET_MINUTES,
  alertsFor,
  backupState,
  billingState,
  databaseState,
  mailState,
  queueState,
  type Alert,
  type SystemFacts,
  webhookState,
} from '@uplift/core/system-health';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Queue } from '../../queue/queue.ts';
import { listAdminEmails } from '../auth/index.ts';
import { backupFacts } from '../backups/index.ts';
import { billingFacts } from '../billing/index.ts';
import { giftDeclineFacts } from '../gifts/index.ts';
import { mailFacts, type Mailer } from '../mail/index.ts';
import { dueMatchAlerts, unprocessedStripeEvents } from '../payments/index.ts';
import { claimAlert, selectDatabaseSize, selectQueueDepth } from './system.repository.ts';

export { deleteAlertsBefore as purgeAlerts } from './system.repository.ts';

// The admin system page and the operators' alerts (docs/decisions/133-system-page-alerts-metrics.md):
// the facts are read from each owning module, the rules are core's.

export type SystemDeps = {
  db: Db;
  clock: Clock;
  queue: Queue | undefined;
  config: Pick<Config, 'databaseUrl' | 'billingSchedule' | 'app'>;
};

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** Everything the page and the alerts look at, read now. */
export async function readSystemFacts(deps: Pick<SystemDeps, 'db' | 'clock' | 'config'>): Promise<SystemFacts> {
  const now = deps.clock.now();
  const [billing, queue, mail, backup, webhook, sizeBytes] = await Promise.all([
    billingFacts(deps.db, deps.clock),
    selectQueueDepth(deps.db, now),
    mailFacts(deps.db, now),
    backupFacts(deps.db, deps.config),
    unprocessedStripeEvents(deps.db),
    selectDatabaseSize(deps.db),
  ]);
  const run = billing.lastRun;
  return {
    billing: {
      lastRun: run
        ? { startedAt: run.started_at.toISOString(), finishedAt: iso(run.finished_at), outcome: run.outcome, charged: run.charged, failed: run.failed, retried: run.retried }
        : null,
      paymentsDue: billing.paymentsDue,
    },
    queue: queue && { waiting: queue.waiting, failed: queue.failed, oldestWaitingAt: iso(queue.oldestWaitingAt) },
    mail: { sent: mail.sent, failed: mail.failed, queued: mail.queued, failingSince: iso(mail.failingSince) },
    backup: {
      enabled: backup.enabled,
      last: backup.last ? { finishedAt: backup.last.finished_at.toISOString(), outcome: backup.last.outcome, sizeBytes: backup.last.size_bytes } : null,
      lastGoodAt: iso(backup.lastGoodAt),
    },
    webhook: { unprocessed: webhook.unprocessed, oldestUnprocessedAt: iso(webhook.oldest) },
    database: { sizeBytes },
  };
}

/** The next billing run by BILLING_SCHEDULE (UTC); null without a queue to ask. */
function nextBillingRun(deps: SystemDeps, now: Date): string | null {
  if (!deps.queue) return null;
  try {
    const [next] = deps.queue.previewSchedule(deps.config.billingSchedule, { tz: 'UTC', from: now, count: 1 });
    return iso(next);
  } catch {
    return null;
  }
}

/** GET /api/admin/system. */
export async function systemPage(deps: SystemDeps): Promise<SystemResponse> {
  const now = deps.clock.now();
  const facts = await readSystemFacts(deps);
  const run = facts.billing.lastRun;
  return {
    checked_at: now.toISOString(),
    billing: {
      state: billingState(facts.billing, now),
      last_run: run && { started_at: run.startedAt, finished_at: run.finishedAt, outcome: run.outcome, charged: run.charged, failed: run.failed, retried: run.retried },
      next_run_at: nextBillingRun(deps, now),
      payments_due: facts.billing.paymentsDue,
    },
    queue: {
      state: queueState(facts.queue, now),
      available: facts.queue !== undefined,
      waiting: facts.queue?.waiting ?? 0,
      failed: facts.queue?.failed ?? 0,
      oldest_waiting_at: facts.queue?.oldestWaitingAt ?? null,
    },
    mail: { state: mailState(facts.mail, now), sent: facts.mail.sent, failed: facts.mail.failed, queued: facts.mail.queued, failing_since: facts.mail.failingSince },
    backup: {
      state: backupState(facts.backup, now),
      enabled: facts.backup.enabled,
      last: facts.backup.last && { finished_at: facts.backup.last.finishedAt, outcome: facts.backup.last.outcome, size_bytes: facts.backup.last.sizeBytes },
      last_good_at: facts.backup.lastGoodAt,
    },
    stripe_webhook: { state: webhookState(facts.webhook, now), unprocessed: facts.webhook.unprocessed, oldest_unprocessed_at: facts.webhook.oldestUnprocessedAt },
    database: { state: databaseState(facts.database), size_bytes: facts.database.sizeBytes },
    version: { state: 'fine', version: deps.config.app.version, commit: deps.config.app.commit },
  };
}

export type AlertDeps = Pick<SystemDeps, 'db' | 'clock' | 'config'> & { mailer: Mailer; log: Logger; appUrl: string };

/** Card testing through gifts (docs/decisions/155): many declines, a large share of the gifts tried lately. */
async function giftAlerts(db: Db, now: Date): Promise<Alert[]> {
  const summary = giftDeclineAlarm(await giftDeclineFacts(db, new Date(now.getTime() - GIFT_LIMITS.alarmMinutes * 60_000)));
  return summary ? [{ cause: 'gift-declines', summary }] : [];
}

/**
 * The alert check (every 5 minutes, docs/decisions/133): each cause core's rules raise is mailed to
 * every admin, at most once an hour per cause whichever instance notices. Returns the causes mailed.
 */
export async function checkAlerts(deps: AlertDeps): Promise<Alert[]> {
  const now = deps.clock.now();
  const alerts = [...alertsFor(await readSystemFacts(deps), now), ...(await giftAlerts(deps.db, now))];
  const mailed: Alert[] = [];
  for (const alert of alerts) {
    const mine = await deps.db.transaction((tx) => claimAlert(tx, alert, now, ALERT_QUIET_MINUTES));
    if (!mine) continue;
    const admins = await listAdminEmails(deps.db);
    for (const to of admins) {
      await deps.mailer.send(to, 'system-alert', {
        subject: `Uplift alert: ${alert.cause}`,
        greeting: 'Kia ora,',
        paragraphs: [alert.summary, 'This alert is sent at most once an hour while its cause lasts.'],
        action: { label: 'Open the system page', url: `${deps.appUrl}/admin-system` },
      });
    }
    deps.log.warn({ cause: alert.cause, admins: admins.length }, 'system alert mailed to the admins');
    mailed.push(alert);
  }
  await mailMatchAlerts(deps, now);
  return mailed;
}

/**
 * A match fund reaching 90 % and 100 % of its cap (product-rules §23, docs/decisions/160): each
 * level is claimed once by the ledger (a stamp on the match's row, set by a conditional update, so a
 * second instance claims nothing) and mailed to every admin through the same alert mail.
 */
export async function mailMatchAlerts(deps: AlertDeps, now: Date): Promise<number> {
  const claims = await dueMatchAlerts(deps.db, now);
  for (const c of claims) {
    const cause = `match-${c.match_id}-${c.percent}`;
    const summary =
      c.percent === 100
        ? `${c.sponsor_name}'s match on ${c.campaign_name} is used up: ${formatMoney(asMinor(c.matched), c.country)} of its ${formatMoney(asMinor(c.cap), c.country)} cap is matched. Gifts are still taken, matched 0, unless the cap is raised.`
        : `${c.sponsor_name}'s match on ${c.campaign_name} has reached 90 % of its cap: ${formatMoney(asMinor(c.matched), c.country)} of ${formatMoney(asMinor(c.cap), c.country)} is matched.`;
    const admins = await listAdminEmails(deps.db);
    for (const to of admins) {
      await deps.mailer.send(to, 'system-alert', {
        subject: `Uplift alert: ${c.sponsor_name}'s match at ${c.percent} %`,
        greeting: 'Kia ora,',
        paragraphs: [summary, 'This alert is sent once for each match at 90 % and at 100 % of its cap.'],
        action: { label: 'Open the campaign report', url: `${deps.appUrl}/admin-campaign/${c.campaign_id}/report` },
      });
    }
    deps.log.warn({ cause, admins: admins.length }, 'match alert mailed to the admins');
  }
  return claims.length;
}
