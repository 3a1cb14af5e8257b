import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Country guess (issue 4): /api/geo.
const routes: FastifyPluginAsyncZod = async (_app) => {};

export default routes;
