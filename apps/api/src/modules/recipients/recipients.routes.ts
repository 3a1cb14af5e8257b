import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Charity reads (issue 4).
const routes: FastifyPluginAsyncZod = async (_app) => {};

export default routes;
