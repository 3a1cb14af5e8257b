// npm run backup
// Writes one backup of the database `npm start` uses to BACKUP_DIR (docs/operations.md): with the
// embedded database a physical copy of its data folder (joining the running server, or starting it
// for the run); with DATABASE_URL a `pg_dump -Fc` (pg_dump of the server's version must be on
// PATH). Encrypted when BACKUP_PASSPHRASE is set. Pruning old files is the daily job's.
import { clockFor } from '../clock.ts';
import { takeBackup } from '../modules/backups/index.ts';
import { openRuntime } from '../runtime.ts';
import { readCommandLine, runCli } from './run-cli.ts';

const USAGE = 'Usage: npm run backup\nWrites a backup to BACKUP_DIR (default: <DATA_DIR>-backups); see docs/operations.md.';

async function main(): Promise<number> {
  const line = readCommandLine(USAGE, {});
  if (typeof line === 'number') return line;
  const runtime = await openRuntime({ pretty: false });
  try {
    const { config, db, log } = runtime;
    const taken = await takeBackup({ db, log, clock: clockFor(config), databaseUrl: runtime.databaseUrl, config }, { source: 'cli' });
    const what = taken.kind === 'physical' ? 'physical backup of the embedded database' : 'pg_dump of DATABASE_URL';
    console.log(`Backup written: ${taken.path} (${what}, ${formatSize(taken.sizeBytes)}${taken.encrypted ? ', encrypted' : ''}).`);
    return 0;
  } finally {
    await runtime.close();
  }
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

runCli('backup', main);
