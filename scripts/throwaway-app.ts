// Starts the production app (built SPA + API) on a throwaway embedded PostgreSQL with the demo
// data, for the benchmarks (npm run bench:web, bench:api). Stop it with the returned function.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/api/src/test/free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '..');


export async function startThrowawayApp(
  opts: { logLevel?: string } = {},
): Promise<{ url: string; logLines: () => number; databaseUrl: () => Promise<string>; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'uplift-bench-'));
  await chmod(dataDir, 0o755); // the embedded server may run as the 'postgres' user
  const [port, pgPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: path.join(dataDir, 'data'),
      EMBEDDED_PG_PORT: String(pgPort),
      DATABASE_URL: '',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123',
      SECRETS_KEY: 'YmVuY2gtc2VjcmV0cy1rZXktMzItYnl0ZXMtbG9uZyE=',
      // Production refuses unencrypted backups of the embedded database (docs/decisions/153).
      BACKUP_PASSPHRASE: 'bench-backup-passphrase',
      // Production requires SMTP; nothing is mailed during a benchmark.
      SMTP_URL: 'smtp://127.0.0.1:9?ignoreTLS=true',
      ALLOW_TEST_PAYMENTS: 'true',
      // No receipts are issued during a benchmark; production otherwise asks for the trust's numbers.
      RECEIPT_TAX_CREDIT: 'false',
      SEED_DEMO: 'true',
      LOG_LEVEL: opts.logLevel ?? 'info',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
    },
    // The logs are written to a pipe as in production (their cost is measured), counted, not shown.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let logLines = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    for (const byte of chunk) if (byte === 10) logLines += 1;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`the app did not become healthy at ${url}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    logLines: () => logLines,
    /** The app's embedded database (credentials the app wrote in DATA_DIR), for a bench to add rows the demo data lacks. */
    databaseUrl: async () => {
      const creds = JSON.parse(await readFile(path.join(dataDir, 'data', 'pg-credentials.json'), 'utf8')) as { user: string; password: string };
      return `postgres://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${pgPort}/uplift`;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// `node scripts/throwaway-app.ts`: run it by hand until Ctrl-C.
if (import.meta.main) {
  const app = await startThrowawayApp();
  console.log(`Uplift (throwaway database) at ${app.url}`);
  process.once('SIGINT', () => void app.stop().then(() => process.exit(0)));
}
