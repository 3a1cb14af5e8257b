import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';

export type Queue = PgBoss;

/** The job queue lives in the same PostgreSQL (schema `pgboss`), shared by every app instance. */
export async function startQueue(url: string, log: Logger, opts: { schedule?: boolean } = {}): Promise<Queue> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', schedule: opts.schedule ?? true, max: 4 });
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
  await boss.start();
  return boss;
}
