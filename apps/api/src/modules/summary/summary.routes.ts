import { campaignSchema } from '@uplift/core/schemas/campaign';
import { errorResponses } from '@uplift/core/schemas/error';
import { paymentListResponseSchema } from '@uplift/core/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { closestPledgeCampaign, listClosestPayments, type SummaryDeps } from './summary.service.ts';

const tags = ['summary'];

// Summary (product-rules §7, decision 042): the signed-in donor's payments and their campaign; reads only
// (cancelling is modules/pledges'). GET /api/campaign/closest is a static path, so it wins over
// GET /api/campaign/:id and cannot be confused with GET /api/campaign/closest/:country.
const routes: FastifyPluginAsyncZod = async (app) => {
  const deps: SummaryDeps = { db: app.db, clock: app.clock };

  const payments = {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: "The payments of the donor's closest pledge, in date order",
      response: { 200: paymentListResponseSchema, ...errorResponses(401) },
    },
  };
  // product-rules §7 writes the path with its trailing slash; both spellings answer.
  app.get('/api/payment/', payments, async (request) => listClosestPayments(deps, currentUser(request).id));
  app.get('/api/payment', payments, async (request) => listClosestPayments(deps, currentUser(request).id));

  app.get(
    '/api/campaign/closest',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The campaign of the donor's closest pledge (404 'No pledges!' when none)",
        response: { 200: campaignSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => closestPledgeCampaign(deps, currentUser(request).id),
  );
};

export default routes;
