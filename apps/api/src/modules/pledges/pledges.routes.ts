import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Pledges (issue 5): POST /api/pledge, DELETE /api/pledge/delete, PUT /api/pledge/confirmed, GET /api/pledge/closest, /closest/Confirmed, /:id.
const routes: FastifyPluginAsyncZod = async (_app) => {};

export default routes;
