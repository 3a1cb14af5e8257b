import { errorResponses } from '@uplift/core/schemas/error';
import { REPORT_THANKS, reportAcceptedSchema, reportRequestSchema } from '@uplift/core/schemas/moderation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isLoopback } from '../../plugins/security.ts';
import { fileReport } from './moderation.service.ts';

/** Reports one IP address may file in 10 minutes (docs/decisions/141-moderation.md). */
export const REPORTS_PER_IP = 10;

// POST /api/reports: anyone, no account (docs/decisions/141-moderation.md).
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  // As every per-IP limit: outside production a loopback caller (development, the e2e suite) is exempt.
  const rateLimit = { max: REPORTS_PER_IP, timeWindow: 10 * 60 * 1000, allowList: (request: { ip: string }) => !app.config.isProduction && isLoopback(request.ip) };
  app.post(
    '/api/reports',
    {
      config: { rateLimit },
      schema: {
        tags: ['moderation'],
        summary: 'Report a page, a team, a message on a page or an update on a page to the admins (no account needed)',
        body: reportRequestSchema,
        response: { 201: reportAcceptedSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await fileReport(app.db, request.body, app.clock.now());
      return reply.code(201).header('cache-control', 'no-store').send({ message: REPORT_THANKS });
    },
  );
};

export default reportRoutes;
