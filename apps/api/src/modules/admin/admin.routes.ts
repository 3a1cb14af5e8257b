import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Admin (issue 7): campaign CRUD, /api/campaign/deactivate, /api/auth/all_users, charity export.
const routes: FastifyPluginAsyncZod = async (_app) => {};

export default routes;
