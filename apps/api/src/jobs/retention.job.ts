import { daysBefore, RETENTION, yearsBefore } from '@uplift/core/retention';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { anonymiseLapsedDonors, purgeEmailChanges } from '../modules/account/index.ts';
import { purgeAuthAttempts, purgeAuthTokens, purgeRefreshTokens } from '../modules/auth/index.ts';
import { anonymiseLapsedGifts } from '../modules/gifts/index.ts';
import { purgeMails } from '../modules/mail/index.ts';
import { purgeAlerts } from '../modules/system/index.ts';
import { purgeRateLimitCounters } from '../plugins/rate-limit-store.ts';
import type { Queue } from '../queue/queue.ts';

// Data that leaves when it should (docs/decisions/128-receipts-off-the-charge-path-and-retention.md, product-rules §18):
// once a day, every table's owner deletes what has outlived its period (the periods are core's
// RETENTION, which the privacy policy states too), and donors whose donation records are older
// than seven years are anonymised, their amounts, dates and receipt numbers kept.

export const RETENTION_JOB = 'retention.run';
/** Daily, at a quiet hour in both countries (03:17 UTC is 16:17 in NZ and 03:17 in the UK). */
export const RETENTION_SCHEDULE = '17 3 * * *';

export type RetentionDeps = { db: Db; clock: Clock; log: Logger };

export type RetentionReport = {
  mails: number;
  authTokens: number;
  refreshTokens: number;
  emailChanges: number;
  authAttempts: number;
  rateLimitCounters: number;
  alerts: number;
  anonymisedDonors: number;
  anonymisedGifts: number;
};

/** One pass over every period, as of the clock's now. Idempotent: a second pass finds nothing more. */
export async function runRetention(deps: RetentionDeps): Promise<RetentionReport> {
  const { db } = deps;
  const now = deps.clock.now();
  const tokensBefore = daysBefore(now, RETENTION.tokenGraceDays);
  const attemptsBefore = new Date(now.getTime() - RETENTION.rateLimitHours * 60 * 60 * 1000);
  const report: RetentionReport = {
    mails: await purgeMails(db, { deliveredBefore: daysBefore(now, RETENTION.sentMailDays), undeliveredBefore: daysBefore(now, RETENTION.failedMailDays) }),
    authTokens: await purgeAuthTokens(db, tokensBefore),
    refreshTokens: await purgeRefreshTokens(db, tokensBefore),
    emailChanges: await purgeEmailChanges(db, tokensBefore),
    authAttempts: await purgeAuthAttempts(db, attemptsBefore),
    rateLimitCounters: await purgeRateLimitCounters(db, now),
    alerts: await purgeAlerts(db, daysBefore(now, RETENTION.alertRecordDays)),
    anonymisedDonors: await anonymiseLapsedDonors(deps, yearsBefore(now, RETENTION.donationRecordYears)),
    // Friends' gifts on challenge pages are donation records too, most of them without an account.
    anonymisedGifts: await anonymiseLapsedGifts(db, yearsBefore(now, RETENTION.donationRecordYears), now),
  };
  deps.log.info({ report }, 'retention run finished');
  return report;
}

/** The daily job on the shared queue: at most one run waiting and one running, whatever the instances. */
export async function registerRetentionJob(deps: RetentionDeps & { queue: Queue | undefined }): Promise<void> {
  const { queue } = deps;
  if (!queue) return;
  await queue.createQueue(RETENTION_JOB, { policy: 'stately', expireInSeconds: 60 * 60, retryLimit: 3, retryDelay: 300, retryBackoff: true });
  const run = { db: deps.db, clock: deps.clock, log: deps.log.child({ job: RETENTION_JOB }) };
  await queue.work(RETENTION_JOB, async () => {
    await runRetention(run);
  });
  await queue.schedule(RETENTION_JOB, RETENTION_SCHEDULE, {}, { tz: 'UTC' });
}
