import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock.ts';
import { createDb, type Db } from '../../db/client.ts';
import { relocatedDataDir, startEmbeddedDatabase, type EmbeddedDatabase } from '../../db/embedded.ts';
import { runMigrations } from '../../db/migrate.ts';
import { backups, paymentAttempts, payments } from '../../db/schema.ts';
import { seedReferenceData } from '../../db/seed.ts';
import { BACKUP_JOB, registerBackupJob } from '../../jobs/backup.job.ts';
import { startQueue } from '../../queue/queue.ts';
import { freePort } from '../../test/free-port.ts';
import { createCampaign, createConfirmedPledge } from '../billing/billing.test-support.ts';
import { backupFileName, parseBackupName } from './backup-files.ts';
import { listBackups, restoreBackup, summariseDatabase, takeBackup, type BackupDeps, type DatabaseSummary } from './backups.service.ts';

// A real embedded PostgreSQL of its own (the physical backup copies a whole server), with a
// campaign, pledges and payments; backed up, restored into new folders, and read back.

const log = pino({ level: 'silent' });
let root: string;
let dataDir: string;
let server: EmbeddedDatabase;
let db: Db;
let before: DatabaseSummary;
let recentlyAttempted: number;
const made: string[] = [];

function deps(backupDir: string, passphrase?: string): BackupDeps {
  return {
    db,
    log,
    clock: fixedClock('2026-11-26T02:00:00.000Z'),
    databaseUrl: server.url,
    config: { databaseUrl: undefined, dataDir, backup: { dir: backupDir, passphrase, schedule: '0 2 * * *' } },
  };
}

/** A folder for a restore that does not exist yet (removed after the tests, with its relocated data). */
function newFolder(name: string): string {
  const dir = path.join(root, name);
  made.push(dir);
  return dir;
}

/** Starts the app's database client on a restored data folder, as `DATA_DIR=dir npm start` would. */
async function openRestored(dir: string) {
  const restored = await startEmbeddedDatabase({ dataDir: dir, port: await freePort(), database: 'uplift', log });
  const restoredDb = createDb(restored.url, { max: 2 });
  await runMigrations(restoredDb); // nothing left to apply: the restore has every migration
  return { db: restoredDb, close: async () => (await restoredDb.$client.end(), await restored.stop()) };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'uplift-backups-'));
  dataDir = path.join(root, 'data');
  server = await startEmbeddedDatabase({ dataDir, port: await freePort(), database: 'uplift', log });
  db = createDb(server.url, { max: 4 });
  await runMigrations(db);
  await seedReferenceData(db);
  const nz = await createCampaign(db, { country: 'NZ' });
  const uk = await createCampaign(db, { country: 'UK' });
  const pledged = [
    await createConfirmedPledge(db, { campaignId: nz.id, amount: 1750 }),
    await createConfirmedPledge(db, { campaignId: nz.id, amount: 2500 }),
    await createConfirmedPledge(db, { campaignId: uk.id, country: 'UK', amount: 1200 }),
  ];
  // The first two weekly payments of each pledge were taken.
  const paid = pledged.flatMap((p) => p.payments.slice(0, 2).map((pay) => pay.id));
  await db.update(payments).set({ payment_status: 'Success' }).where(inArray(payments.id, paid));
  // Charge attempts: one the day before the backup (02:00 UTC on the 26th), within Stripe's 24 hours; one two days before.
  const attempt = (paymentId: number, at: string) => ({ payment_id: paymentId, kind: 'scheduled' as const, idempotency_key: `payment-${paymentId}-attempt-1`, outcome: 'succeeded' as const, started_at: new Date(at), finished_at: new Date(at) });
  recentlyAttempted = paid[2]!;
  await db.insert(paymentAttempts).values([attempt(paid[2]!, '2026-11-25T03:00:00.000Z'), attempt(paid[0]!, '2026-11-24T01:00:00.000Z')]);
  before = await summariseDatabase(db);
}, 60_000);

afterAll(async () => {
  await db?.$client.end();
  await server?.stop();
  for (const dir of [dataDir, ...made]) await rm(relocatedDataDir(dir), { recursive: true, force: true });
  await rm(root, { recursive: true, force: true });
});

describe('a physical backup of the embedded database', () => {
  let file: string;

  it('is written to BACKUP_DIR under its UTC time and checksum, and recorded', async () => {
    const dir = path.join(root, 'backups');
    const taken = await takeBackup(deps(dir), { source: 'cli' });
    file = taken.path;
    expect(taken.file).toMatch(/^uplift-2026-11-26T020000Z-[0-9a-f]{16}\.pgdata\.tar\.gz$/);
    expect(await readdir(dir)).toEqual([taken.file]);
    expect(taken.sizeBytes).toBeGreaterThan(100_000);
    const [row] = await listBackups(db, 1);
    expect(row).toMatchObject({ outcome: 'ok', file: taken.file, size_bytes: taken.sizeBytes, kind: 'physical', source: 'cli', error: null });
  }, 60_000);

  it('restores into a new data folder with every table and the ledger as they were', async () => {
    expect(before.ledgerSuccess).toEqual([
      { country: 'NZ', payments: 4, amount: 2 * 1750 + 2 * 2500 },
      { country: 'UK', payments: 2, amount: 2 * 1200 },
    ]);
    expect(before.tables.find((t) => t.table === 'payments')?.rows).toBe(12);
    // Written after the backup: not in it.
    await db.update(payments).set({ payment_status: 'Success' }).where(eq(payments.payment_status, 'Pending'));

    const target = newFolder('restored');
    const result = await restoreBackup({ file, target: { dataDir: target }, passphrase: undefined, log, countRecentAttempts: true });
    expect(result.kind).toBe('physical');
    expect(result.tables).toEqual(before.tables);
    expect(result.ledgerSuccess).toEqual(before.ledgerSuccess);
    // What restore prints before billing (reconcile.test.ts): the backup's time, and the payment attempted in the 24 hours before it.
    expect(result.takenAt).toEqual(new Date('2026-11-26T02:00:00.000Z'));
    expect(result.recentAttempts).toEqual([recentlyAttempted]);

    // The folder is a DATA_DIR the app starts on: its credentials came with it.
    expect(existsSync(path.join(target, 'pg-credentials.json'))).toBe(true);
    const restored = await openRestored(target);
    try {
      expect(await summariseDatabase(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('is consistent while the database is being written: a transaction is in it whole or not at all', async () => {
    await db.$client.query('create schema probe; create table probe.a (n int); create table probe.b (n int)');
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        written += 1;
        await db.$client.query(`begin; insert into probe.a values (${written}); select pg_sleep(0.002); insert into probe.b values (${written}); commit`);
      }
    })();
    try {
      await expect.poll(() => written, { timeout: 5_000 }).toBeGreaterThan(20);
      const taken = await takeBackup(deps(path.join(root, 'busy')), { source: 'cli' });
      await expect.poll(() => written, { timeout: 5_000 }).toBeGreaterThan(written + 20); // still writing after it
      writing = false;
      await writer;
      const target = newFolder('busy-restored');
      await restoreBackup({ file: taken.path, target: { dataDir: target }, passphrase: undefined, log });
      const restored = await openRestored(target);
      try {
        const count = async (t: string) => Number((await restored.db.$client.query(`select count(*) as n from probe.${t}`)).rows[0].n);
        const [a, b] = [await count('a'), await count('b')];
        expect(a).toBe(b);
        expect(a).toBeGreaterThan(20);
        expect(a).toBeLessThan(written);
      } finally {
        await restored.close();
      }
    } finally {
      writing = false;
      await writer;
      await db.$client.query('drop schema probe cascade');
    }
  }, 60_000);

  it('refuses a file whose checksum does not match its name, and touches no folder', async () => {
    const damaged = path.join(root, 'damaged', path.basename(file));
    await mkdir(path.dirname(damaged));
    const bytes = await readFile(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    await writeFile(damaged, bytes);
    const target = newFolder('from-damaged');
    await expect(restoreBackup({ file: damaged, target: { dataDir: target }, passphrase: undefined, log })).rejects.toThrow(
      /checksum mismatch \(the name says [0-9a-f]{16}, the file is [0-9a-f]{16}\): the file is damaged or changed/,
    );
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a folder that is not empty, and a database as the target of a physical backup', async () => {
    const target = newFolder('occupied');
    await mkdir(target);
    await writeFile(path.join(target, 'notes.txt'), 'keep me');
    await expect(restoreBackup({ file, target: { dataDir: target }, passphrase: undefined, log })).rejects.toThrow(
      `--data-dir ${target} is not empty: restore only into a new or empty folder, never over data.`,
    );
    expect(await readdir(target)).toEqual(['notes.txt']);
    await expect(restoreBackup({ file, target: { databaseUrl: server.url }, passphrase: undefined, log })).rejects.toThrow(
      /is a physical backup of the embedded database: restore it into a new data folder with --data-dir/,
    );
  });

  it('refuses a file that is not named as a backup', async () => {
    const renamed = path.join(root, 'damaged', 'backup.tar.gz');
    await copyFile(file, renamed);
    await expect(restoreBackup({ file: renamed, target: { dataDir: newFolder('renamed') }, passphrase: undefined, log })).rejects.toThrow(
      /not a backup file name/,
    );
  });
});

describe('an encrypted backup (BACKUP_PASSPHRASE)', () => {
  const passphrase = 'correct horse battery staple';
  let file: string;

  it('is written as .pgdata.tar.gz.enc and is not readable gzip', async () => {
    const taken = await takeBackup(deps(path.join(root, 'encrypted'), passphrase), { source: 'job' });
    file = taken.path;
    expect(parseBackupName(taken.file)).toMatchObject({ kind: 'physical', encrypted: true });
    const head = (await readFile(file)).subarray(0, 10);
    expect(head.toString('ascii')).toBe('UPLIFTENC1');
  }, 60_000);

  it('needs the passphrase, says so plainly when it is missing or wrong, and restores with it', async () => {
    const target = newFolder('decrypted');
    await expect(restoreBackup({ file, target: { dataDir: target }, passphrase: undefined, log })).rejects.toThrow(
      /is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with/,
    );
    await expect(restoreBackup({ file, target: { dataDir: target }, passphrase: 'not the passphrase', log })).rejects.toThrow(
      /BACKUP_PASSPHRASE is not the passphrase this backup was encrypted with/,
    );
    expect(existsSync(target)).toBe(false);
    const result = await restoreBackup({ file, target: { dataDir: target }, passphrase, log });
    // Taken after the extra payments of the round trip above: the ledger now has all twelve.
    const now = await summariseDatabase(db);
    expect(result.ledgerSuccess).toEqual(now.ledgerSuccess);
    expect(result.ledgerSuccess.reduce((n, l) => n + l.payments, 0)).toBe(12);
    expect(result.tables.filter((t) => t.table !== 'backups')).toEqual(now.tables.filter((t) => t.table !== 'backups'));
  }, 60_000);
});

describe('a backup of an external server (DATABASE_URL)', () => {
  it('uses pg_dump from PATH, refuses one older than the server, and records the failure plainly', async () => {
    const d = deps(path.join(root, 'dumps'));
    d.config = { ...d.config, databaseUrl: server.url };
    // This machine's pg_dump (if any) is older than the embedded PostgreSQL 18.
    await expect(takeBackup(d, { source: 'cli' })).rejects.toThrow(
      /^(No pg_dump found: .*postgresql-client-18|pg_dump \d+\.\d+ \(.+\) cannot dump a PostgreSQL 18 server: pg_dump must be at least the server's version)/,
    );
    const [row] = await db.select().from(backups).where(eq(backups.kind, 'pg_dump'));
    expect(row).toMatchObject({ outcome: 'failed', file: null, size_bytes: null, source: 'cli' });
    expect(row!.error).toMatch(/pg_dump|postgresql-client-18/);
    expect(existsSync(path.join(root, 'dumps')) ? await readdir(path.join(root, 'dumps')) : []).toEqual([]);
  });

  it('restores a dump only into an empty database: a database with tables is refused before pg_restore runs', async () => {
    const bytes = Buffer.from('PGDMP: a stand-in; the target is refused before it is read');
    const name = backupFileName(new Date('2026-11-26T02:00:00Z'), createHash('sha256').update(bytes).digest('hex'), 'pg_dump', false);
    const file = path.join(root, 'dumps', name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    await expect(restoreBackup({ file, target: { databaseUrl: server.url }, passphrase: undefined, log })).rejects.toThrow(
      /^--database-url: the database is not empty \(\d+ tables, views or sequences\): restore only into a new, empty database\.$/,
    );
  });
});

describe('the daily backup job', () => {
  it('is scheduled with the embedded database only, writes a backup and prunes beyond 14 daily and 8 weekly', async () => {
    const queue = await startQueue(server.url, log, { schedule: false });
    try {
      const dir = path.join(root, 'daily');
      await mkdir(dir);
      // 30 earlier nights of backups (synthetic files: retention reads names only).
      const old = Array.from({ length: 30 }, (_, i) => backupFileName(new Date(Date.parse('2026-11-25T02:00:00Z') - i * 86_400_000), 'cd'.repeat(32), 'physical', false));
      for (const name of old) await writeFile(path.join(dir, name), 'old');

      const external = deps(dir);
      await registerBackupJob({ ...external, queue, config: { ...external.config, databaseUrl: 'postgres://managed.example/uplift' } });
      expect(await queue.getSchedules(BACKUP_JOB)).toEqual([]);

      const job = deps(dir);
      await registerBackupJob({ ...job, queue, config: { ...job.config, backup: { ...job.config.backup, schedule: '15 3 * * *' } } });
      expect((await queue.getSchedules(BACKUP_JOB)).map((s) => s.cron)).toEqual(['15 3 * * *']);

      await queue.send(BACKUP_JOB, {});
      const fresh = (names: string[]) => names.filter((n) => n.includes('T020000Z') && !old.includes(n));
      await expect.poll(async () => fresh(await readdir(dir)), { timeout: 30_000 }).toHaveLength(1);
      // Today's, the 13 nights before it (14 days), and the newest of the ISO weeks before those
      // that the files reach (Sundays 8 and 1 November; 27 October starts a week with no Sunday in it).
      const days = (names: string[]) => names.map((n) => parseBackupName(n)!.takenAt.toISOString().slice(0, 10)).sort();
      await expect.poll(async () => (await readdir(dir)).length, { timeout: 10_000 }).toBe(1 + 13 + 2);
      const lastFourteen = Array.from({ length: 14 }, (_, i) => new Date(Date.parse('2026-11-13T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10));
      expect(days(await readdir(dir))).toEqual(['2026-11-01', '2026-11-08', ...lastFourteen]);
    } finally {
      await queue.stop({ graceful: false, timeout: 1000 });
    }
  }, 60_000);
});
