import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../modules/mail/index.ts';
import { checkAlerts } from '../modules/system/index.ts';
import type { Queue } from '../queue/queue.ts';

// The operators' alerts (docs/decisions/133, docs/operations.md): every 5 minutes one instance
// checks the system's facts against core's rules and mails every admin about each cause, at most once
// an hour per cause (alerts_sent guards it, so a second instance or a retried job mails nothing more).

export const ALERTS_JOB = 'system.alerts';
export const ALERTS_SCHEDULE = '*/5 * * * *';

export type AlertsJobDeps = {
  queue: Queue | undefined;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: Logger;
  config: Pick<Config, 'appUrl' | 'databaseUrl' | 'billingSchedule' | 'app'>;
};

export async function registerAlertsJob(deps: AlertsJobDeps): Promise<void> {
  const { queue, config } = deps;
  if (!queue) return;
  // 'singleton': one check at a time across instances; a tick while one runs waits or is dropped.
  await queue.createQueue(ALERTS_JOB, { policy: 'singleton', expireInSeconds: 4 * 60, retryLimit: 0 });
  const log = deps.log.child({ job: ALERTS_JOB });
  await queue.work(ALERTS_JOB, async () => {
    await checkAlerts({ db: deps.db, clock: deps.clock, mailer: deps.mailer, log, config, appUrl: config.appUrl });
  });
  await queue.schedule(ALERTS_JOB, ALERTS_SCHEDULE, {}, { tz: 'UTC' });
}
