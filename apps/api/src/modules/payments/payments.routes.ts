import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Payment methods, test provider and webhooks (issue 5).
const routes: FastifyPluginAsyncZod = async (_app) => {};

export default routes;
