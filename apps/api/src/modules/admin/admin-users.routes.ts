import { userListQuerySchema, userPageSchema } from '@uplift/core/schemas/admin';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listUsers } from './admin-users.repository.ts';

/** The admin user table: paged, searched and sorted in the database, so it stays fast at scale. */
const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/all_users',
    {
      schema: {
        tags: ['admin'],
        summary: 'One page of accounts, searched and sorted',
        querystring: userListQuerySchema,
        response: { 200: userPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { users, total } = await listUsers(app.db, request.query);
      return reply.send({ users, total, page: request.query.page, page_size: request.query.page_size });
    },
  );
};

export default adminUserRoutes;
