// npm run restore -- FILE --data-dir DIR        a new data folder for the embedded database
// npm run restore -- FILE --database-url URL    an empty database (a .dump backup only)
// Checks the file against the checksum in its name (and BACKUP_PASSPHRASE for a .enc file),
// restores it, starts nothing that stays running, and prints every table's row count and the
// ledger's Success payments so the restore can be compared with the live app (docs/operations.md),
// then what to reconcile with Stripe before billing it (with Stripe configured: how many payments
// had an attempt in the 24 hours before the backup).
import { asMinor, formatMoney } from '@uplift/core/money';
import { isCountryCode } from '@uplift/core/countries';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { reconcileNotice, restoreBackup, type RestoreResult } from '../modules/backups/index.ts';
import { readCommandLine, runCli } from './run-cli.ts';

const USAGE =
  'Usage: npm run restore -- FILE --data-dir DIR       (into a new, empty data folder; then start the app with DATA_DIR=DIR)\n' +
  '       npm run restore -- FILE --database-url URL   (a .dump into an empty database)\n' +
  'An encrypted backup (.enc) needs BACKUP_PASSPHRASE set to the passphrase it was made with.';

async function main(): Promise<number> {
  const line = readCommandLine(USAGE, { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } }, { positionals: true });
  if (typeof line === 'number') return line;
  const { values, positionals } = line;
  if (positionals.length !== 1) {
    console.error(`FILE: name exactly one backup file to restore\n${USAGE}`);
    return 2;
  }
  const dataDir = values['data-dir']?.trim();
  const databaseUrl = values['database-url']?.trim();
  if (Boolean(dataDir) === Boolean(databaseUrl)) {
    console.error(`--data-dir or --database-url: give exactly one of them (where to restore)\n${USAGE}`);
    return 2;
  }
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error(`--database-url: must be a postgres:// connection string\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const result = await restoreBackup({
    file: path.resolve(positionals[0]!),
    target: dataDir ? { dataDir } : { databaseUrl: databaseUrl! },
    passphrase: config.backup.passphrase,
    log: pino({ level: 'warn' }),
    countRecentAttempts: config.payments.provider === 'stripe',
  });
  console.log(report(result));
  // A charge taken after the backup is not in it: say so before anyone bills it (docs/decisions/153).
  console.log(`\n${reconcileNotice(result.takenAt, result.recentAttempts)}`);
  if (dataDir) console.log(`\nStart the app on it with DATA_DIR=${result.target} (its own credentials came with it).`);
  return 0;
}

function report(result: RestoreResult): string {
  const width = Math.max(...result.tables.map((t) => t.table.length), 5);
  const lines = [`Restored ${path.basename(result.file)} (${result.kind === 'physical' ? 'physical backup' : 'pg_dump'}) into ${result.target}`, ''];
  lines.push(`  ${'table'.padEnd(width)}  rows`);
  for (const t of result.tables) lines.push(`  ${t.table.padEnd(width)}  ${t.rows}`);
  lines.push('', 'Ledger, Success payments:');
  if (result.ledgerSuccess.length === 0) lines.push('  none');
  for (const l of result.ledgerSuccess) {
    const amount = isCountryCode(l.country) ? formatMoney(asMinor(l.amount), l.country, { code: true }) : `${l.amount} minor units`;
    lines.push(`  ${l.country}: ${l.payments} payments, ${amount}`);
  }
  return lines.join('\n');
}

runCli('restore', main);
