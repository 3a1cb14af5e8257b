import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** An open transaction (what `db.transaction(fn)` hands to `fn`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a query runs: the pool or a transaction. Repositories take this, so a caller can run them in one. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

// Dates stay calendar strings ('YYYY-MM-DD'); bigint sums come back as numbers (totals fit easily).
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function createDb(url: string, opts: { max?: number; onError?: (err: Error) => void } = {}): Db {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', (err) => opts.onError?.(err));
  return drizzle(pool, { schema }) as Db;
}

/**
 * Bounds how long the transaction's statements wait for a lock (Postgres `lock_timeout`, reset at
 * commit or rollback). SET takes no bind parameter, so the value is checked before it is written
 * into the statement.
 */
export async function setLocalLockTimeout(tx: Tx, timeout: string): Promise<void> {
  if (!/^\d+(ms|s)$/.test(timeout)) throw new Error(`Invalid lock timeout: ${JSON.stringify(timeout)}`);
  await tx.execute(sql.raw(`set local lock_timeout = '${timeout}'`));
}
