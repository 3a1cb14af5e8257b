import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { httpErrors } from '../../errors.ts';
import { mailFacts } from '../mail/index.ts';
import { systemErrors } from './system.errors.ts';
import { selectBillingRunTotals, selectQueueDepth } from './system.repository.ts';

// GET /metrics in Prometheus' text format (docs/decisions/133, docs/operations.md): requests by
// route pattern (never the raw URL: one series per route, not per id), billing charges by outcome,
// the job queue's depth, mails by outcome and the PostgreSQL pool. Behind the bearer token
// METRICS_TOKEN; without one configured the path answers 404 like any unknown path.

/** One registry per app (tests build many apps in one process). */
export function createMetrics(deps: { db: Db; clock: Clock }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'uplift_' });
  const requests = new Counter({ name: 'uplift_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'uplift_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const charges = new Counter({ name: 'uplift_billing_charges_total', help: 'Charges recorded by billing runs, by outcome (charged, failed, retried)', labelNames: ['outcome'], registers: [registry] });
  const runsFailed = new Counter({ name: 'uplift_billing_runs_failed_total', help: 'Billing runs that failed', registers: [registry] });
  const queueWaiting = new Gauge({ name: 'uplift_job_queue_waiting', help: 'Jobs waiting in the queue (due, not started)', registers: [registry] });
  const queueFailed = new Gauge({ name: 'uplift_job_queue_failed_24h', help: 'Jobs failed in the last 24 hours', registers: [registry] });
  const queueOldest = new Gauge({ name: 'uplift_job_queue_oldest_waiting_seconds', help: 'How long the oldest waiting job has waited', registers: [registry] });
  const mails = new Gauge({ name: 'uplift_mails_24h', help: 'Mails recorded in the last 24 hours, by outcome (sent, failed, queued)', labelNames: ['outcome'], registers: [registry] });
  const pool = new Gauge({ name: 'uplift_pg_pool_connections', help: 'PostgreSQL pool connections, by state (total, idle, waiting clients)', labelNames: ['state'], registers: [registry] });

  // Read when scraped (a few small queries), so every instance reports the same shared state.
  const collectShared = async () => {
    const now = deps.clock.now();
    const [totals, queue, mail] = await Promise.all([selectBillingRunTotals(deps.db), selectQueueDepth(deps.db, now), mailFacts(deps.db, now)]);
    charges.reset();
    charges.inc({ outcome: 'charged' }, totals.charged);
    charges.inc({ outcome: 'failed' }, totals.failed);
    charges.inc({ outcome: 'retried' }, totals.retried);
    runsFailed.reset();
    runsFailed.inc(totals.runsFailed);
    queueWaiting.set(queue?.waiting ?? 0);
    queueFailed.set(queue?.failed ?? 0);
    queueOldest.set(queue?.oldestWaitingAt ? Math.max(0, (now.getTime() - queue.oldestWaitingAt.getTime()) / 1000) : 0);
    mails.set({ outcome: 'sent' }, mail.sent);
    mails.set({ outcome: 'failed' }, mail.failed);
    mails.set({ outcome: 'queued' }, mail.queued);
    pool.set({ state: 'total' }, deps.db.$client.totalCount);
    pool.set({ state: 'idle' }, deps.db.$client.idleCount);
    pool.set({ state: 'waiting' }, deps.db.$client.waitingCount);
  };
  return { registry, requests, latency, collectShared };
}

const sha = (s: string) => createHash('sha256').update(s).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function hasBearer(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(sha(header.slice('Bearer '.length)), sha(token));
}

/** The request hooks and GET /metrics. Registered before the routes so every route is counted. */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { token: string | undefined }) => {
  const { registry, requests, latency, collectShared } = createMetrics({ db: app.db, clock: app.clock });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    // The route's pattern (/api/pledge/:id); an unmatched path is one series, whatever its URL.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!opts.token) throw httpErrors.notFound();
    if (!hasBearer(request, opts.token)) throw systemErrors.metricsToken();
    await collectShared();
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return reply.send(await registry.metrics());
  });
});
