import { campaignListSchema, campaignSchema } from '@uplift/core/schemas/campaign';
import { countryParamSchema, idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignErrors } from './campaigns.errors.ts';
import {
  findCampaignById,
  listOpenCampaigns,
  toCampaignJson,
} from './campaigns.repository.ts';
import { requireClosestCampaign } from './campaigns.service.ts';
import { noCache } from '../../plugins/http-cache.ts';

const tags = ['campaigns'];

// Public campaign reads (decision 020). The admin's GET /api/campaign/ (list), POST, PUT, DELETE and
// /deactivate, and the signed-in GET /api/campaign/closest, live in their own modules.
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/campaign/active',
    { schema: { tags, summary: 'Open campaigns of both countries, closest first', response: { 200: campaignListSchema, ...errorResponses() } } },
    async (_request, reply) => {
      noCache(reply);
      const rows = await listOpenCampaigns(app.db, app.clock.now());
      return rows.map(toCampaignJson);
    },
  );

  app.get(
    '/api/campaign/active/:country',
    {
      schema: {
        tags,
        summary: "A country's open campaigns, closest first",
        params: countryParamSchema,
        response: { 200: campaignListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      noCache(reply);
      const rows = await listOpenCampaigns(app.db, app.clock.now(), request.params.country);
      return rows.map(toCampaignJson);
    },
  );

  app.get(
    '/api/campaign/closest/:country',
    {
      schema: {
        tags,
        summary: "A country's closest open campaign (404 when it has none)",
        params: countryParamSchema,
        response: { 200: campaignSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      noCache(reply);
      return toCampaignJson(await requireClosestCampaign(app.db, request.params.country, app.clock.now()));
    },
  );

  app.get(
    '/api/campaign/:id',
    {
      schema: {
        tags,
        summary: 'One campaign by id',
        params: idParamSchema,
        response: { 200: campaignSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      noCache(reply);
      const row = await findCampaignById(app.db, request.params.id);
      if (!row) throw campaignErrors.notFound({ id: request.params.id });
      return toCampaignJson(row);
    },
  );
};

export default routes;
