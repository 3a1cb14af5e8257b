import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Accounts (issue 3): /api/auth/* except all_users.
const routes: FastifyPluginAsyncZod = async (_app) => {};

export default routes;
