import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Result) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** Expired counters are deleted every this many increments of one instance. */
const SWEEP_EVERY = 200;

/**
 * A @fastify/rate-limit store in PostgreSQL: fixed windows, one row per route and client, counted
 * with one atomic upsert, so any number of instances on one database share each limit
 * (docs/decisions/072). Times come from the app's clock.
 */
export function pgRateLimitStore(deps: { db: Db; clock: Clock }) {
  let calls = 0;

  return class PgRateLimitStore implements FastifyRateLimitStore {
    readonly route: string;

    constructor(_globalParams?: unknown, route = '') {
      this.route = route;
    }

    private keyOf(client: string) {
      return createHash('sha256').update(`${this.route}\n${client}`).digest('hex');
    }

    incr(client: string, cb: Callback, timeWindow: number): void {
      const now = deps.clock.now();
      const ends = new Date(now.getTime() + timeWindow);
      const key = this.keyOf(client);
      const nowSql = sql`${now.toISOString()}::timestamptz`;
      deps.db
        .insert(rateLimitCounters)
        .values({ key, hits: 1, window_ends_at: ends })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${rateLimitCounters.window_ends_at} <= ${nowSql} then 1 else ${rateLimitCounters.hits} + 1 end`,
            window_ends_at: sql`case when ${rateLimitCounters.window_ends_at} <= ${nowSql} then excluded.window_ends_at else ${rateLimitCounters.window_ends_at} end`,
          },
        })
        .returning({ hits: rateLimitCounters.hits, ends: rateLimitCounters.window_ends_at })
        .then(async ([row]) => {
          calls += 1;
          if (calls % SWEEP_EVERY === 0) await deps.db.delete(rateLimitCounters).where(lt(rateLimitCounters.window_ends_at, now));
          cb(null, { current: row!.hits, ttl: Math.max(0, row!.ends.getTime() - now.getTime()) });
        })
        .catch((err: Error) => cb(err));
    }

    read(client: string, cb: Callback): void {
      const now = deps.clock.now();
      deps.db
        .select()
        .from(rateLimitCounters)
        .where(sql`${rateLimitCounters.key} = ${this.keyOf(client)}`)
        .then(([row]) => {
          if (!row || row.window_ends_at <= now) cb(null, { current: 0, ttl: 0 });
          else cb(null, { current: row.hits, ttl: row.window_ends_at.getTime() - now.getTime() });
        })
        .catch((err: Error) => cb(err));
    }

    /** One store per route: its counters are keyed by method and URL pattern. */
    child(routeOptions: RouteOptions) {
      // @fastify/rate-limit passes the route as `routeInfo` (its types call it RouteOptions).
      const { method, url } = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new PgRateLimitStore(undefined, `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${url ?? ''}`);
    }
  };
}

/**
 * Counters whose window ended before `before` (the daily retention job, docs/decisions/128): an
 * ended window counts for nothing, and a client's next request starts a new one. Answers how many went.
 */
export async function purgeRateLimitCounters(db: Pick<Db, 'delete'>, before: Date): Promise<number> {
  const gone = await db.delete(rateLimitCounters).where(lt(rateLimitCounters.window_ends_at, before));
  return gone.rowCount ?? 0;
}
