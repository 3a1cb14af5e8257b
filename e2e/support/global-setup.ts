import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './ports.ts';
import { startSmtpSink } from './smtp-sink.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

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
 * a real SMTP sink whose messages the specs read from E2E_MAIL_DIR.
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'uplift-e2e-'));
  await chmod(dataDir, 0o755); // the embedded server may run as the 'postgres' user

  const mailDir = path.join(dataDir, 'mail');
  const [appPort, pgPort, smtpPort] = [await freePort(), await freePort(), await freePort()];
  const stopSmtp = await startSmtpSink(smtpPort, mailDir);

  const baseUrl = `http://127.0.0.1:${appPort}`;
  const child = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(appPort),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: path.join(dataDir, 'data'),
      EMBEDDED_PG_PORT: String(pgPort),
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      SEED_DEMO: 'true',
      ADMIN_EMAIL: 'admin@uplift.test',
      ADMIN_PASSWORD: 'admin-password-123',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, child, 90_000);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  // For specs that run a command-line tool against the same database and mail sink (npm run billing).
  process.env.E2E_DATA_DIR = path.join(dataDir, 'data');
  process.env.E2E_PG_PORT = String(pgPort);
  process.env.E2E_SMTP_URL = `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`;
  process.env.E2E_ADMIN_EMAIL = 'admin@uplift.test';
  process.env.E2E_ADMIN_PASSWORD = 'admin-password-123';

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    await stopSmtp();
    await rm(dataDir, { recursive: true, force: true });
  };
}
