import { errorResponses } from '@uplift/core/schemas/error';
import { degradedResponseSchema, healthyResponseSchema } from '@uplift/core/schemas/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from './health.repository.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the API and its database answer (503 when the database does not)',
        response: { 200: healthyResponseSchema, 503: degradedResponseSchema, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      try {
        await pingDatabase(app.db);
        return reply.send({ status: 'ok', database: { status: 'up', latency_ms: Math.round(performance.now() - started) } });
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'degraded', database: { status: 'down' } });
      }
    },
  );
};

export default healthRoutes;
