import { countryParamSchema, idParamSchema } from '@uplift/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.ts';
import { requireClosestCampaign } from '../campaigns/campaigns.repository.ts';
import { CACHE_SECONDS, publicCache } from '../campaigns/http-cache.ts';
import {
  findChallengeById,
  listCampaignChallenges,
  listEnabledChallenges,
  toChallengeJson,
} from './challenges.repository.ts';

// Challenge reads (issue 4). Lists are ordered by id, the order the totals are aligned to.
const routes: FastifyPluginAsyncZod = async (app) => {
  // What the country's closest campaign offers (the wizard); 404 when it has no open campaign.
  app.get('/api/challenge/campaign/:country', { schema: { params: countryParamSchema } }, async (request, reply) => {
    const campaign = await requireClosestCampaign(app.db, request.params.country, app.clock.now());
    const rows = await listCampaignChallenges(app.db, campaign.id);
    publicCache(reply, CACHE_SECONDS.campaignOffer);
    return rows.map(toChallengeJson);
  });

  // What the country offers (the landing page): challenges are shared, so the same for NZ and UK.
  app.get('/api/challenge/default/:country', { schema: { params: countryParamSchema } }, async (_request, reply) => {
    const rows = await listEnabledChallenges(app.db);
    publicCache(reply, CACHE_SECONDS.referenceData);
    return rows.map(toChallengeJson);
  });

  app.get('/api/challenge/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    const row = await findChallengeById(app.db, request.params.id);
    if (!row) throw notFound('challenge.not_found', `There is no challenge with id ${request.params.id}`);
    publicCache(reply, CACHE_SECONDS.referenceData);
    return toChallengeJson(row);
  });
};

export default routes;
