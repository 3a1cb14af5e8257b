import { countryParamSchema } from '@uplift/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CACHE_SECONDS, publicCache } from '../campaigns/http-cache.ts';
import { createTotalsService, type CountryTotals } from './totals.service.ts';

// Pledge totals of a country's closest campaign (SPEC §7 "Totals", DECISIONS.md "Totals"):
// counts, and amounts as decimal numbers; the lists are aligned with
// /api/challenge/campaign/{country} and /api/recipient/campaign/{country}.
const ENDPOINTS: Record<string, (t: CountryTotals) => number | number[]> = {
  campaign: (t) => t.pledges,
  'campaign-amount': (t) => t.amount,
  challenge: (t) => t.challengePledges,
  'challenge-amount': (t) => t.challengeAmounts,
  recipient: (t) => t.recipientPledges,
  'recipient-amount': (t) => t.recipientAmounts,
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const totals = createTotalsService({ db: app.db, clock: app.clock });

  for (const [path, pick] of Object.entries(ENDPOINTS)) {
    app.get(`/api/pledge/total/${path}/:country`, { schema: { params: countryParamSchema } }, async (request, reply) => {
      const value = pick(await totals.forCountry(request.params.country));
      publicCache(reply, CACHE_SECONDS.totals);
      // A bare number is valid JSON; send it as such (Fastify would otherwise treat it as text).
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(value));
    });
  }
};

export default routes;
