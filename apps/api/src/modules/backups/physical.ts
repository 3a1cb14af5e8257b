// A physical backup of the embedded PostgreSQL (docs/decisions/127-backups.md): the embedded
// package ships only the server (postgres, initdb, pg_ctl), no pg_dump, so the data folder itself
// is copied with PostgreSQL's online backup API, the way pg_basebackup does it:
//   a temporary replication slot keeps the WAL → pg_backup_start → copy every file (torn pages are
//   fine, WAL replay repairs them) → pg_backup_stop → the WAL segments written in between and the
//   backup_label it returns.
// The result starts as a consistent copy of the moment pg_backup_stop returned: the server replays
// the WAL from the label's checkpoint on its first start.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir, readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import pg from 'pg';
import { TAR_END, readTar, tarHeader, tarPadding, type TarEntry } from './archive.ts';
import { BackupError } from './backup-error.ts';

/** Folders whose content a backup leaves out (PostgreSQL's own list for base backups). */
const SKIP_CONTENT = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
/** Files a backup leaves out, wherever they are. */
const SKIP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'backup_manifest', 'pg_internal.init']);
/** The credentials of the data folder (db/embedded.ts), next to `pg/` in DATA_DIR. */
export const CREDENTIALS_FILE = 'pg-credentials.json';

async function* fileEntry(name: string, file: string, mode: number): AsyncGenerator<Buffer> {
  let info;
  try {
    info = await lstat(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // dropped while we copied: WAL replay knows
    throw err;
  }
  const size = info.size;
  yield tarHeader({ name, type: 'file', mode, size, mtime: info.mtimeMs / 1000 });
  let sent = 0;
  if (size > 0) {
    try {
      for await (const chunk of createReadStream(file, { start: 0, end: size - 1, highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
        sent += chunk.length;
        yield chunk;
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  // A file that shrank while it was read is padded with zeros, as pg_basebackup does; replay rewrites it.
  if (sent < size) yield Buffer.alloc(size - sent);
  yield tarPadding(size);
}

async function* folder(root: string, rel: string): AsyncGenerator<Buffer> {
  const dir = path.join(root, rel);
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const relName = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      yield tarHeader({ name: `pg/${relName}`, type: 'dir', mode: 0o700, size: 0, mtime: Date.now() / 1000 });
      if (!SKIP_CONTENT.has(relName)) yield* folder(root, relName);
    } else if (e.isFile()) {
      if (SKIP_FILES.has(e.name) || e.name.startsWith('pgsql_tmp')) continue;
      yield* fileEntry(`pg/${relName}`, path.join(root, relName), 0o600);
    }
    // Symbolic links (tablespaces) are not used by the embedded server.
  }
}

function bytesEntry(name: string, content: Buffer): Buffer[] {
  return [tarHeader({ name, type: 'file', mode: 0o600, size: content.length, mtime: Date.now() / 1000 }), content, tarPadding(content.length)];
}

/**
 * The tar stream of a physical backup of the server at `databaseUrl` (which must run on this
 * machine, as the embedded one does), with the data folder's credentials from `dataDir`.
 */
export async function* physicalBackupTar(databaseUrl: string, dataDir: string): AsyncGenerator<Buffer> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ dir: string }>(`select current_setting('data_directory') as dir`);
    const pgDir = rows[0]!.dir;
    if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
      throw new BackupError(`The database server's data folder (${pgDir}) is not on this machine; a physical backup needs the embedded server.`);
    }
    const slot = `uplift_backup_${randomBytes(6).toString('hex')}`;
    // Temporary: dropped when this session ends, whatever happens. Reserves the WAL from now on.
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
    const start = await client.query<{ lsn: string }>(`select pg_backup_start($1, true)::text as lsn`, [`uplift ${new Date().toISOString()}`]);
    const credentials = path.join(dataDir, CREDENTIALS_FILE);
    if (existsSync(credentials)) yield* bytesEntry(CREDENTIALS_FILE, await readFile(credentials));
    yield tarHeader({ name: 'pg', type: 'dir', mode: 0o700, size: 0, mtime: Date.now() / 1000 });
    yield* folder(pgDir, '');
    const stop = await client.query<{ lsn: string; labelfile: string; spcmapfile: string | null }>(
      'select lsn::text, labelfile, spcmapfile from pg_backup_stop(false)',
    );
    const { labelfile, spcmapfile, lsn } = stop.rows[0]!;
    const names = await client.query<{ first: string; last: string }>('select pg_walfile_name($1::pg_lsn) as first, pg_walfile_name($2::pg_lsn) as last', [
      start.rows[0]!.lsn,
      lsn,
    ]);
    const { first, last } = names.rows[0]!;
    const walDir = path.join(pgDir, 'pg_wal');
    for (const name of (await readdir(walDir)).sort()) {
      const segment = /^[0-9A-F]{24}$/.test(name) && name >= first && name <= last;
      if (segment || name.endsWith('.history')) yield* fileEntry(`pg/pg_wal/${name}`, path.join(walDir, name), 0o600);
    }
    if (!existsSync(path.join(walDir, last))) throw new BackupError(`The WAL segment ${last} the backup needs is gone; take the backup again.`);
    yield* bytesEntry('pg/backup_label', Buffer.from(labelfile));
    if (spcmapfile) yield* bytesEntry('pg/tablespace_map', Buffer.from(spcmapfile));
    yield TAR_END;
  } finally {
    await client.end().catch(() => undefined); // ends an unfinished backup and drops the slot
  }
}

/**
 * Unpacks a physical backup: `pg/…` into `pgDir`, the credentials into `dataDir`. Both folders must
 * be empty (the caller checks). Fails on an archive without the files a start needs.
 */
export async function unpackPhysicalBackup(source: AsyncIterable<Buffer>, dataDir: string, pgDir: string): Promise<void> {
  let label = false;
  let version = false;
  await readTar(source, async (entry: TarEntry, content) => {
    const target =
      entry.name === CREDENTIALS_FILE ? path.join(dataDir, CREDENTIALS_FILE) : entry.name === 'pg' ? pgDir : entry.name.startsWith('pg/') ? path.join(pgDir, entry.name.slice(3)) : undefined;
    if (!target || entry.name.split('/').includes('..')) throw new BackupError(`The backup holds an unexpected entry (${entry.name}); it is not an Uplift physical backup.`);
    if (entry.type === 'dir') {
      await mkdir(target, { recursive: true, mode: 0o700 });
      await chmod(target, 0o700);
      return;
    }
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await pipeline(Readable.from(content), createWriteStream(target, { mode: 0o600 }));
    if (entry.name === 'pg/backup_label') label = true;
    if (entry.name === 'pg/PG_VERSION') version = true;
  });
  if (!label || !version) throw new BackupError('The backup is incomplete (no backup_label or PG_VERSION in it); use another backup.');
}
