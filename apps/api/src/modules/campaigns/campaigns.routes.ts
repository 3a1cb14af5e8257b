import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Public campaign reads (issue 4): /api/campaign/active, /active/:country, /closest/:country, /:id.
const routes: FastifyPluginAsyncZod = async (_app) => {};

export default routes;
