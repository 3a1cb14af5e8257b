import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { giftAttemptKey, settleOpenGifts } from '../modules/gifts/index.ts';
import type { Mailer } from '../modules/mail/index.ts';
import type { PaymentProvider } from '../modules/payments/index.ts';
import type { Queue } from '../queue/queue.ts';

// Friends' gifts left open (docs/decisions/138): the browser closed before it confirmed, or the app
// stopped between the provider's call and the ledger's write. Every 5 minutes one instance asks the
// provider about each gift open for more than 15 minutes and settles it once, so none is lost.

export const GIFTS_JOB = 'gifts.settle-open';
export const GIFTS_SCHEDULE = '*/5 * * * *';

export type GiftsJobDeps = {
  queue: Queue | undefined;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  payments: PaymentProvider;
  log: Logger;
  config: Pick<Config, 'appUrl' | 'receipt' | 'secrets' | 'mailLinks'>;
};

export async function registerGiftsJob(deps: GiftsJobDeps): Promise<void> {
  const { queue, config } = deps;
  if (!queue) return;
  await queue.createQueue(GIFTS_JOB, { policy: 'singleton', expireInSeconds: 4 * 60, retryLimit: 0 });
  const log = deps.log.child({ job: GIFTS_JOB });
  await queue.work(GIFTS_JOB, async () => {
    await settleOpenGifts({ db: deps.db, clock: deps.clock, payments: deps.payments, mailer: deps.mailer, log, appUrl: config.appUrl, receipt: config.receipt, attemptKey: giftAttemptKey(config.secrets.key), mailLinks: config.mailLinks });
  });
  await queue.schedule(GIFTS_JOB, GIFTS_SCHEDULE, {}, { tz: 'UTC' });
}
