import { challengeListSchema, challengeSchema } from '@uplift/core/schemas/challenge';
import { countryParamSchema, idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireClosestCampaign } from '../campaigns/index.ts';
import { noCache } from '../../plugins/http-cache.ts';
import {
  findChallengeById,
  listCampaignChallenges,
  listEnabledChallenges,
  toChallengeJson,
} from './challenges.repository.ts';
import { challengeErrors } from './challenges.errors.ts';

const tags = ['challenges'];

// Challenge reads (decision 020). Lists are ordered by id, the order the totals are aligned to.
const routes: FastifyPluginAsyncZod = async (app) => {
  // What the country's closest campaign offers (the wizard); 404 when it has no open campaign.
  app.get(
    '/api/challenge/campaign/:country',
    {
      schema: {
        tags,
        summary: "The challenges the country's closest campaign offers",
        params: countryParamSchema,
        response: { 200: challengeListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const campaign = await requireClosestCampaign(app.db, request.params.country, app.clock.now());
      const rows = await listCampaignChallenges(app.db, campaign.id);
      noCache(reply);
      return rows.map(toChallengeJson);
    },
  );

  // What the country offers (the landing page): challenges are shared, so the same for NZ and UK.
  app.get(
    '/api/challenge/default/:country',
    {
      schema: {
        tags,
        summary: 'Every enabled challenge (the same for both countries)',
        params: countryParamSchema,
        response: { 200: challengeListSchema, ...errorResponses(400) },
      },
    },
    async (_request, reply) => {
      const rows = await listEnabledChallenges(app.db);
      noCache(reply);
      return rows.map(toChallengeJson);
    },
  );

  app.get(
    '/api/challenge/:id',
    {
      schema: {
        tags,
        summary: 'One challenge by id',
        params: idParamSchema,
        response: { 200: challengeSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const row = await findChallengeById(app.db, request.params.id);
      if (!row) throw challengeErrors.notFound({ id: request.params.id });
      noCache(reply);
      return toChallengeJson(row);
    },
  );
};

export default routes;
