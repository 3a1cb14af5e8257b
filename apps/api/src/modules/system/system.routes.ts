import { errorResponses } from '@uplift/core/schemas/error';
import { systemResponseSchema } from '@uplift/core/schemas/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemPage } from './system.service.ts';

/** The admin system page: billing runs, job queue, mail, backups, Stripe events, database and version. Admin only (routes.ts). */
const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/system',
    {
      schema: {
        tags: ['admin'],
        summary: 'The state of billing, the job queue, mail, backups, Stripe events, the database and the version, each with fine / look / act',
        response: { 200: systemResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send(await systemPage({ db: app.db, clock: app.clock, queue: app.queue, config: app.config }));
    },
  );
};

export default systemRoutes;
