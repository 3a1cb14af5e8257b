// Backups and restores (docs/decisions/127-backups.md, docs/operations.md).
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { createDb, type Db } from '../../db/client.ts';
import { EmbeddedDatabaseError, embeddedDataFolder, relocatedDataDir, startEmbeddedDatabase } from '../../db/embedded.ts';
import { freePort } from '../../test/free-port.ts';
import { backupFileName, backupsToPrune, parseBackupName, type BackupKind } from './backup-files.ts';
import { BackupError } from './backup-error.ts';
import { insertBackup, selectLastGoodBackupAt, selectRecentBackups, selectTableCounts } from './backups.repository.ts';
import { paymentsAttemptedSince, receivedByCountry } from '../payments/index.ts';
import { decryptingStream, encryptingStream, ENCRYPTION_HEADER_LENGTH, isEncryptedFile } from './encryption.ts';
import { physicalBackupTar, unpackPhysicalBackup } from './physical.ts';
import { pgDumpFor, findPgTool, spawnPgTool, splitPassword } from './pg-tools.ts';

export type BackupConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'backup'>;

export type BackupDeps = {
  db: Db;
  log: Logger;
  clock: Clock;
  /** The database the app uses (the embedded server's, or DATABASE_URL). */
  databaseUrl: string;
  config: BackupConfig;
};

export type TakenBackup = { file: string; path: string; sizeBytes: number; kind: BackupKind; encrypted: boolean };

/** The kind of backup this configuration takes: physical for the embedded server, pg_dump for DATABASE_URL. */
export function backupKind(config: Pick<Config, 'databaseUrl'>): BackupKind {
  return config.databaseUrl ? 'pg_dump' : 'physical';
}

async function serverMajor(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>(`select current_setting('server_version_num') as v`);
    return Math.floor(Number(rows[0]!.v) / 10000);
  } finally {
    await client.end();
  }
}

/**
 * Writes one backup to config.backup.dir and records it in `backups` (ok, or failed with the
 * error, which is then thrown). Never leaves a partial file under a backup's name: the name carries
 * the checksum of the finished file.
 */
export async function takeBackup(deps: BackupDeps, opts: { source: 'job' | 'cli' }): Promise<TakenBackup> {
  const { config, log } = deps;
  const kind = backupKind(config);
  const startedAt = deps.clock.now();
  const dir = config.backup.dir;
  const partial = path.join(dir, `.partial-${randomBytes(6).toString('hex')}`);
  const encrypted = Boolean(config.backup.passphrase);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const hash = createHash('sha256');
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const stages: NodeJS.ReadWriteStream[] = encrypted ? [await encryptingStream(config.backup.passphrase!)] : [];
    if (kind === 'physical') {
      await pipeline([Readable.from(physicalBackupTar(deps.databaseUrl, config.dataDir)), createGzip({ level: 6 }), ...stages, tap, createWriteStream(partial, { mode: 0o600 })]);
    } else {
      const tool = await pgDumpFor(await serverMajor(deps.databaseUrl));
      const { url, password } = splitPassword(deps.databaseUrl);
      const { child, done } = spawnPgTool(tool, ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${url}`], password);
      child.stdin.end();
      await Promise.all([pipeline([child.stdout, ...stages, tap, createWriteStream(partial, { mode: 0o600 })]), done]);
    }
    const file = backupFileName(startedAt, hash.digest('hex'), kind, encrypted);
    const target = path.join(dir, file);
    await rename(partial, target);
    const sizeBytes = (await stat(target)).size;
    await insertBackup(deps.db, {
      started_at: startedAt,
      finished_at: deps.clock.now(),
      outcome: 'ok',
      file,
      size_bytes: sizeBytes,
      kind,
      source: opts.source,
    });
    log.info({ file, sizeBytes, kind, encrypted, dir }, 'backup written');
    return { file, path: target, sizeBytes, kind, encrypted };
  } catch (err) {
    await rm(partial, { force: true }).catch(() => undefined);
    const error = (err as Error).message;
    log.error({ err, kind, dir }, 'backup failed');
    await insertBackup(deps.db, { started_at: startedAt, finished_at: deps.clock.now(), outcome: 'failed', kind, source: opts.source, error }).catch(
      (recordErr: unknown) => log.error({ err: recordErr }, 'could not record the failed backup'),
    );
    throw err;
  }
}

/** Deletes the backups retention does not keep (14 daily, 8 weekly); returns their names. */
export async function pruneBackups(deps: { log: Logger; config: Pick<BackupConfig, 'backup'> }): Promise<string[]> {
  const dir = deps.config.backup.dir;
  if (!existsSync(dir)) return [];
  const prune = backupsToPrune(await readdir(dir));
  for (const name of prune) await unlink(path.join(dir, name));
  if (prune.length > 0) deps.log.info({ pruned: prune, dir }, 'old backups deleted');
  return prune;
}

/** The newest recorded backups, for the admin system page. */
export async function listBackups(db: Db, limit = 30) {
  return selectRecentBackups(db, limit);
}

/**
 * The newest backup and the newest good one, and whether the app takes backups itself (only of the
 * embedded database: a managed one is backed up by its provider). The system page and alerts.
 */
export async function backupFacts(db: Db, config: Pick<Config, 'databaseUrl'>) {
  const [last] = await selectRecentBackups(db, 1);
  return { enabled: !config.databaseUrl, last: last ?? null, lastGoodAt: await selectLastGoodBackupAt(db) };
}

export type DatabaseSummary = {
  tables: { table: string; rows: number }[];
  ledgerSuccess: { country: string; payments: number; amount: number }[];
};

/** Every application table with its row count, and the ledger's payments received per country (its published read, docs/decisions/146). */
export async function summariseDatabase(db: Db): Promise<DatabaseSummary> {
  return { tables: await selectTableCounts(db), ledgerSuccess: await receivedByCountry(db) };
}

export type RestoreTarget = { dataDir: string } | { databaseUrl: string };

/**
 * `takenAt`: the backup's time (from its name); `recentAttempts`: the payments with a charge attempt
 * started in the 24 hours before it, when asked for (Stripe configured), to look up before billing.
 */
export type RestoreResult = DatabaseSummary & { file: string; kind: BackupKind; target: string; takenAt: Date; recentAttempts: number[] | undefined };

/** Stripe keeps an idempotency key this long: a payment attempted within it before the backup may have moved on since. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

/** An empty (or missing) folder; anything in it, or data already placed for it, is refused. */
async function checkEmptyFolder(dataDir: string): Promise<void> {
  const inUse = (dir: string) => existsSync(dir) && readdir(dir).then((e) => e.length > 0);
  if (await inUse(dataDir)) throw new BackupError(`--data-dir ${dataDir} is not empty: restore only into a new or empty folder, never over data.`);
  if (await inUse(relocatedDataDir(dataDir))) {
    throw new BackupError(`--data-dir ${dataDir}: PostgreSQL data for this folder already exists in ${relocatedDataDir(dataDir)}; choose another folder.`);
  }
}

/** The number of relations (tables, views, sequences) outside PostgreSQL's own schemas. */
async function relationCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`--database-url: cannot connect (${(err as Error).message}). Create the empty database first.`);
  }
  try {
    const { rows } = await client.query<{ n: number }>(`
      select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
      where s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg\\_toast%' and s.nspname not like 'pg\\_temp%'
        and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`);
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup file into a new data folder (embedded server) or an empty database, after
 * checking its checksum (and passphrase), then reads back what it restored. The data folder's server
 * is stopped again at the end: start the app on it with DATA_DIR.
 */
export async function restoreBackup(opts: {
  file: string;
  target: RestoreTarget;
  passphrase: string | undefined;
  log: Logger;
  /** Count the payments attempted in the 24 hours before the backup (Stripe configured; docs/decisions/153). */
  countRecentAttempts?: boolean;
}): Promise<RestoreResult> {
  const { file, target, log } = opts;
  if (!existsSync(file)) throw new BackupError(`${file}: no such file.`);
  const parsed = parseBackupName(path.basename(file));
  if (!parsed) {
    throw new BackupError(
      `${file}: not a backup file name (uplift-<UTC time>-<checksum>.pgdata.tar.gz or .dump, optionally .enc); restore checks the file against the checksum in its name.`,
    );
  }
  const actual = (await sha256Of(file)).slice(0, 16);
  if (actual !== parsed.checksum) {
    throw new BackupError(`${file}: checksum mismatch (the name says ${parsed.checksum}, the file is ${actual}): the file is damaged or changed. Use another backup.`);
  }
  const encrypted = await isEncryptedFile(file);
  if (encrypted !== parsed.encrypted) throw new BackupError(`${file}: its content does not match its name (.enc means encrypted); use another backup.`);
  if (parsed.kind === 'physical' && !('dataDir' in target)) {
    throw new BackupError(`${file} is a physical backup of the embedded database: restore it into a new data folder with --data-dir, not into a database.`);
  }
  const decrypt = encrypted ? await decryptingStream(file, opts.passphrase) : undefined;
  const readBack = async (db: Db) => ({
    takenAt: parsed.takenAt,
    ...(await summariseDatabase(db)),
    recentAttempts: opts.countRecentAttempts ? await paymentsAttemptedSince(db, new Date(parsed.takenAt.getTime() - IDEMPOTENCY_WINDOW_MS)) : undefined,
  });
  const content = () => {
    const raw = createReadStream(file, { start: encrypted ? ENCRYPTION_HEADER_LENGTH : 0 });
    const streams: NodeJS.ReadWriteStream[] = [...(decrypt ? [decrypt] : []), ...(parsed.kind === 'physical' ? [createGunzip()] : [])];
    const out = new PassThrough();
    void pipeline([raw, ...streams, out]).catch((err: unknown) => out.destroy(err as Error));
    return out;
  };

  if ('databaseUrl' in target) {
    const found = await relationCount(target.databaseUrl);
    if (found > 0) throw new BackupError(`--database-url: the database is not empty (${found} tables, views or sequences): restore only into a new, empty database.`);
    await pgRestore(content(), target.databaseUrl);
    const db = createDb(target.databaseUrl, { max: 2 });
    try {
      return { file, kind: parsed.kind, target: splitPassword(target.databaseUrl).url, ...(await readBack(db)) };
    } finally {
      await db.$client.end();
    }
  }

  const dataDir = path.resolve(target.dataDir);
  await checkEmptyFolder(dataDir);
  // 0755 as `npm start` makes it (the credentials inside are 0600), so as root the server's user can enter it.
  await mkdir(dataDir, { recursive: true, mode: 0o755 });
  try {
    if (parsed.kind === 'physical') {
      const folder = await embeddedDataFolder({ dataDir, log });
      await unpackPhysicalBackup(content(), dataDir, folder.pgDir);
      await folder.giveToServer();
    }
    // The physical copy replays its WAL on this first start; a dump goes into a fresh cluster.
    const embedded = await startEmbeddedDatabase({ dataDir, port: await freePort(), database: 'uplift', log }).catch((err: unknown) => {
      if (err instanceof EmbeddedDatabaseError) throw err;
      throw new BackupError(
        `PostgreSQL did not start on the restored folder (${(err as Error).message}): the backup is incomplete or from another PostgreSQL major version. Use another backup.`,
      );
    });
    try {
      if (parsed.kind === 'pg_dump') await pgRestore(content(), embedded.url);
      const db = createDb(embedded.url, { max: 2 });
      try {
        return { file, kind: parsed.kind, target: dataDir, ...(await readBack(db)) };
      } finally {
        await db.$client.end();
      }
    } finally {
      await embedded.stop();
    }
  } catch (err) {
    // Leave no half-restored folder that could be mistaken for a good one.
    await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
    if (existsSync(relocatedDataDir(dataDir))) await rm(relocatedDataDir(dataDir), { recursive: true, force: true }).catch(() => undefined);
    throw err;
  }
}

async function pgRestore(input: Readable, databaseUrl: string): Promise<void> {
  const tool = await findPgTool('pg_restore');
  if (!tool) {
    throw new BackupError('No pg_restore found: the embedded PostgreSQL package ships only the server. Install the PostgreSQL client tools (postgresql-client).');
  }
  const { url, password } = splitPassword(databaseUrl);
  const { child, done } = spawnPgTool(tool, ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`], password);
  child.stdout.resume();
  await Promise.all([pipeline(input, child.stdin).catch((err: unknown) => done.then(() => Promise.reject(err as Error))), done]);
}
