import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { cancelClosestPledge, closestCampaign, listClosestPayments } from './summary.service.ts';

// Summary (issue 6, SPEC §7): the signed-in donor's payments, their campaign, and cancelling.
// GET /api/campaign/closest is a static path, so it wins over GET /api/campaign/:id and cannot be
// confused with GET /api/campaign/closest/:country; PUT /api/pledge/cancel is the only PUT there.
const routes: FastifyPluginAsyncZod = async (app) => {
  const payments = async (request: Parameters<typeof currentUser>[0]) => listClosestPayments(app, currentUser(request).id);
  // SPEC writes the path with its trailing slash; both spellings answer.
  app.get('/api/payment/', { preHandler: app.authenticate }, payments);
  app.get('/api/payment', { preHandler: app.authenticate }, payments);

  app.get('/api/campaign/closest', { preHandler: app.authenticate }, async (request) => closestCampaign(app, currentUser(request).id));

  app.put('/api/pledge/cancel', { preHandler: app.authenticate }, async (request) => cancelClosestPledge(app, currentUser(request).id));
};

export default routes;
