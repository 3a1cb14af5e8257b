import pino, { type Logger } from 'pino';
import { loadConfig, type Config } from './config.ts';
import { createDb, type Db } from './db/client.ts';
import { startEmbeddedDatabase } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { logDestination, loggerOptions } from './logger.ts';

export type Runtime = { config: Config; log: Logger; db: Db; databaseUrl: string; close: () => Promise<void> };

/**
 * What the server and the command-line tools share: validated config, a logger, and a migrated
 * database (the embedded one unless DATABASE_URL is set).
 */
export async function openRuntime(opts: { pretty?: boolean; asyncLogs?: boolean } = {}): Promise<Runtime> {
  const config = loadConfig();
  const pretty = opts.pretty ?? (!config.isProduction && process.stdout.isTTY);
  // The server's JSON logs go through the async writer (decision 026); pino-pretty already runs in
  // a worker, and the command-line tools keep synchronous logs in step with their console output.
  const log = pretty || !opts.asyncLogs ? pino(loggerOptions(config.logLevel, pretty)) : pino(loggerOptions(config.logLevel, false), logDestination());
  // What production would refuse (docs/decisions/153): said at every start, outside production.
  for (const warning of config.warnings) log.warn(warning);
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedDatabase({ dataDir: config.dataDir, port: config.embeddedPgPort, database: 'uplift', log });
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const db = createDb(databaseUrl, { onError: (err) => log.warn({ err }, 'idle database connection lost') });
  await runMigrations(db);
  return {
    config,
    log,
    db,
    databaseUrl,
    close: async () => {
      await db.$client.end();
      await embedded?.stop();
    },
  };
}
