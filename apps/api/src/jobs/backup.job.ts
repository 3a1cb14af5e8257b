import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { pruneBackups, takeBackup } from '../modules/backups/index.ts';
import type { Queue } from '../queue/queue.ts';

// The daily backup of the embedded database (docs/decisions/127-backups.md): on the queue, so
// with several app instances one of them runs it per tick; 'stately' keeps at most one waiting and
// one running. After a good backup, retention keeps 14 daily and 8 weekly files. A managed
// PostgreSQL (DATABASE_URL) is backed up by its provider and `npm run backup` (docs/operations.md).

export const BACKUP_JOB = 'backup.run';

export type BackupJobDeps = {
  queue: Queue | undefined;
  db: Db;
  log: Logger;
  clock: Clock;
  databaseUrl: string;
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'backup'>;
};

/** One run: a backup, then pruning. Failures are recorded and logged by takeBackup, and fail the job. */
export async function runBackupJob(deps: Omit<BackupJobDeps, 'queue'>): Promise<void> {
  await takeBackup(deps, { source: 'job' });
  await pruneBackups(deps);
}

export async function registerBackupJob(deps: BackupJobDeps): Promise<void> {
  const { queue, config } = deps;
  if (!queue || config.databaseUrl) return;
  await queue.createQueue(BACKUP_JOB, { policy: 'stately', expireInSeconds: 60 * 60, retryLimit: 2, retryDelay: 15 * 60 });
  const log = deps.log.child({ job: BACKUP_JOB });
  await queue.work(BACKUP_JOB, async () => {
    await runBackupJob({ ...deps, log });
  });
  await queue.schedule(BACKUP_JOB, config.backup.schedule, {}, { tz: 'UTC' });
}
