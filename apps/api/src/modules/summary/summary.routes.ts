import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Summary (issue 6): GET /api/payment/, PUT /api/pledge/cancel, GET /api/campaign/closest (auth).
const routes: FastifyPluginAsyncZod = async (_app) => {};

export default routes;
