import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/api/src/test/free-port.ts';
import { startSmtpSink } from './smtp-sink.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export type RunningApp = {
  baseUrl: string;
  /** Where the SMTP sink keeps every delivered mail (read with waitForMail). */
  mailDir: string;
  /** The embedded PostgreSQL's folder and port, and the sink's URL: for a CLI run against the same app. */
  dataDir: string;
  pgPort: number;
  smtpUrl: string;
  /** The environment the app was started with, for command-line tools run against it. */
  env: NodeJS.ProcessEnv;
  stop: () => Promise<void>;
};

async function waitForHealth(url: string, child: { exitCode: number | null }, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not become healthy at ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the real app (built SPA + API) on a throwaway embedded PostgreSQL, with mail going to
 * a real SMTP sink whose messages are kept as JSON in `mailDir`. `env` adds to or overrides the
 * app's environment (for example TEST_CLOCK_START, SEED_DEMO).
 */
export async function startApp(env: Record<string, string> = {}, opts: { hostname?: string } = {}): Promise<RunningApp> {
  const dir = await mkdtemp(path.join(tmpdir(), 'uplift-e2e-'));
  await chmod(dir, 0o755); // the embedded server may run as the 'postgres' user

  const mailDir = path.join(dir, 'mail');
  const [appPort, pgPort, smtpPort] = [await freePort(), await freePort(), await freePort()];
  const stopSmtp = await startSmtpSink(smtpPort, mailDir);

  // `hostname` 'localhost' for WebAuthn, whose relying party ID cannot be an IP address (it listens on 127.0.0.1 either way).
  const baseUrl = `http://${opts.hostname ?? '127.0.0.1'}:${appPort}`;
  const smtpUrl = `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`;
  const dataDir = path.join(dir, 'data');
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(appPort),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    DATABASE_URL: '',
    SMTP_URL: smtpUrl,
    SEED_DEMO: 'true',
    ADMIN_EMAIL: 'admin@uplift.test',
    ADMIN_PASSWORD: 'admin-password-123',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    STRIPE_SECRET_KEY: '',
    STRIPE_PUBLISHABLE_KEY: '',
    // Billing runs when a spec says so (`runBilling`), never on the wall clock: the default schedule
    // (every three hours) would charge a spec's due payments if a run crossed 00:00, 03:00… UTC.
    // Once a year, at the new year, is as close to never as a cron gets.
    BILLING_SCHEDULE: '0 0 1 1 *',
    ...env,
  };
  const child = spawn(process.execPath, ['apps/api/src/server.ts'], { cwd: ROOT, env: appEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    await waitForHealth(`http://127.0.0.1:${appPort}`, child, 90_000);
  } catch (err) {
    child.kill('SIGTERM');
    await stopSmtp();
    throw err;
  }

  return {
    baseUrl,
    mailDir,
    dataDir,
    pgPort,
    smtpUrl,
    env: appEnv,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      await stopSmtp();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
