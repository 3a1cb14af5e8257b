import { countryParamSchema, idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import { recipientListSchema, recipientSchema } from '@uplift/core/schemas/recipient';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.ts';
import { requireClosestCampaign } from '../campaigns/campaigns.repository.ts';
import { CACHE_SECONDS, publicCache } from '../campaigns/http-cache.ts';
import {
  findRecipientById,
  listCampaignRecipients,
  listCountryRecipients,
  toRecipientJson,
} from './recipients.repository.ts';

const tags = ['recipients'];

// Charity reads (issue 4). Lists are ordered by id, the order the totals are aligned to.
const routes: FastifyPluginAsyncZod = async (app) => {
  // What the country's closest campaign offers (the wizard); 404 when it has no open campaign.
  app.get(
    '/api/recipient/campaign/:country',
    {
      schema: {
        tags,
        summary: "The charities the country's closest campaign offers",
        params: countryParamSchema,
        response: { 200: recipientListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const campaign = await requireClosestCampaign(app.db, request.params.country, app.clock.now());
      const rows = await listCampaignRecipients(app.db, campaign);
      publicCache(reply, CACHE_SECONDS.campaignOffer);
      return rows.map(toRecipientJson);
    },
  );

  // Every charity of the country (the landing page).
  app.get(
    '/api/recipient/default/:country',
    {
      schema: {
        tags,
        summary: 'Every charity of a country',
        params: countryParamSchema,
        response: { 200: recipientListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const rows = await listCountryRecipients(app.db, request.params.country);
      publicCache(reply, CACHE_SECONDS.referenceData);
      return rows.map(toRecipientJson);
    },
  );

  app.get(
    '/api/recipient/:id',
    {
      schema: {
        tags,
        summary: 'One charity by id',
        params: idParamSchema,
        response: { 200: recipientSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const row = await findRecipientById(app.db, request.params.id);
      if (!row) throw notFound('recipient.not_found', `There is no charity with id ${request.params.id}`);
      publicCache(reply, CACHE_SECONDS.referenceData);
      return toRecipientJson(row);
    },
  );
};

export default routes;
