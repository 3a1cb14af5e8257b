import { buildApp } from './app.ts';
import { clockFor } from './clock.ts';
import { ConfigError } from './config.ts';
import { EmbeddedDatabaseError } from './db/embedded.ts';
import { seedDemoData, seedReferenceData } from './db/seed.ts';
import { startQueue } from './queue/queue.ts';
import { registerWorkers } from './jobs/workers.ts';
import { ensureAdmin, sealSecretsAtRest } from './modules/auth/index.ts';
import { openRuntime } from './runtime.ts';

async function main() {
  const runtime = await openRuntime({ asyncLogs: true });
  const { config, log, db } = runtime;
  const clock = clockFor(config);

  if (config.secrets.development) log.warn('SECRETS_KEY is not set: TOTP secrets are sealed with the fixed development key (never in production)');
  // Plain TOTP secrets and SHA-256 recovery codes kept before are sealed now (docs/decisions/131).
  await sealSecretsAtRest({ db, log }, config.secrets.key);
  await seedReferenceData(db);
  if (config.seedDemo) await seedDemoData(db, clock.now(), log);
  if (config.admin) {
    // ADMIN_EMAIL/ADMIN_PASSWORD: create or update an activated admin (product-rules §17).
    const result = await ensureAdmin(db, config.admin, clock.now());
    log.info({ result }, 'admin account from ADMIN_EMAIL is ready');
  }

  const queue = await startQueue(runtime.databaseUrl, log);
  const app = await buildApp({ config, db, clock, queue, logger: log });
  await registerWorkers({ queue, db, clock, log, config, databaseUrl: runtime.databaseUrl, mailer: app.mailer, payments: app.payments });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: draining requests');
    const timer = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await queue.stop({ graceful: true, timeout: 5_000 });
      await runtime.close(); // closes the pool and stops the embedded database cleanly
      clearTimeout(timer);
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  log.info(`Uplift is running at ${config.appUrl}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof EmbeddedDatabaseError) {
    console.error(err.message); // eslint-disable-line no-console -- the logger is not up yet
  } else {
    console.error('Uplift failed to start:', err); // eslint-disable-line no-console -- the logger may not be up
  }
  process.exit(1);
});
