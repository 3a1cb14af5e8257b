import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Pledge totals (issue 4): /api/pledge/total/*.
const routes: FastifyPluginAsyncZod = async (_app) => {};

export default routes;
