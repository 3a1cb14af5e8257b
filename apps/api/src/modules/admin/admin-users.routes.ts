import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listUsers } from './admin-users.repository.ts';
import { userListQuerySchema } from './admin-users.schemas.ts';

/** The admin user table: paged, searched and sorted in the database, so it stays fast at scale. */
const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/auth/all_users', { schema: { querystring: userListQuerySchema } }, async (request) => {
    const { users, total } = await listUsers(app.db, request.query);
    return { users, total, page: request.query.page, page_size: request.query.page_size };
  });
};

export default adminUserRoutes;
