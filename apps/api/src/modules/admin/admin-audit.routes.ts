import { adminAuditListSchema, adminAuditQuerySchema } from '@uplift/core/schemas/admin';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAdminActions } from '../audit/index.ts';

/** The admin audit: who changed campaigns or exported donors, when, and what changed. Admin only. */
const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admin actions (campaign changes, donor exports), newest first, with the record before and after',
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.send({ entries: await listAdminActions(app.db, request.query.limit) }),
  );
};

export default adminAuditRoutes;
