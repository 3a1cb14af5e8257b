import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', async (request, reply) => {
    const started = performance.now();
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok', database: { status: 'up', latency_ms: Math.round(performance.now() - started) } };
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'degraded', database: { status: 'down' } });
    }
  });
};

export default healthRoutes;
