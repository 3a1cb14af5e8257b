import { countryParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import { giftTotalsResponseSchema, totalResponseSchema, totalsListResponseSchema, type TotalsKind } from '@uplift/core/schemas/totals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CACHE_SECONDS, publicCache } from '../../plugins/http-cache.ts';
import { createTotalsCache, totalsForCountry, type CountryTotals, type TotalsDeps } from './totals.service.ts';

// Pledge totals of a country's closest campaign (product-rules §7 "Totals" and §16):
// counts, and amounts as decimal numbers; the lists are aligned with
// /api/challenge/campaign/{country} and /api/recipient/campaign/{country}.
const SINGLE: Partial<Record<TotalsKind, { summary: string; pick: (t: CountryTotals) => number }>> = {
  campaign: { summary: "How many pledges count towards the country's closest campaign", pick: (t) => t.pledges },
  'campaign-amount': { summary: "The amount pledged to the country's closest campaign", pick: (t) => t.amount },
};
const PER_ITEM: Partial<Record<TotalsKind, { summary: string; pick: (t: CountryTotals) => number[] }>> = {
  challenge: { summary: 'Pledges per challenge of the closest campaign', pick: (t) => t.challengePledges },
  'challenge-amount': { summary: 'Amount pledged per challenge of the closest campaign', pick: (t) => t.challengeAmounts },
  recipient: { summary: 'Pledges per charity of the closest campaign', pick: (t) => t.recipientPledges },
  'recipient-amount': { summary: 'Amount pledged per charity of the closest campaign', pick: (t) => t.recipientAmounts },
};

const tags = ['totals'];

const routes: FastifyPluginAsyncZod = async (app) => {
  const deps: TotalsDeps = { db: app.db, clock: app.clock, cache: createTotalsCache(app.clock) };

  // A bare number is valid JSON: the serializer writes it as such (and sets application/json).
  for (const [kind, { summary, pick }] of Object.entries(SINGLE)) {
    app.get(
      `/api/pledge/total/${kind}/:country`,
      { schema: { tags, summary, params: countryParamSchema, response: { 200: totalResponseSchema, ...errorResponses(400, 404) } } },
      async (request, reply) => {
        const value = pick(await totalsForCountry(deps, request.params.country));
        publicCache(reply, CACHE_SECONDS.totals);
        return value;
      },
    );
  }

  for (const [kind, { summary, pick }] of Object.entries(PER_ITEM)) {
    app.get(
      `/api/pledge/total/${kind}/:country`,
      { schema: { tags, summary, params: countryParamSchema, response: { 200: totalsListResponseSchema, ...errorResponses(400, 404) } } },
      async (request, reply) => {
        const value = pick(await totalsForCountry(deps, request.params.country));
        publicCache(reply, CACHE_SECONDS.totals);
        return value;
      },
    );
  }

  app.get(
    '/api/gift/total/:country',
    {
      schema: {
        tags,
        summary: "Friends' gifts on challenge pages in the country's closest campaign, apart from the pledges (count, amount, per charity)",
        params: countryParamSchema,
        response: { 200: giftTotalsResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const t = await totalsForCountry(deps, request.params.country);
      publicCache(reply, CACHE_SECONDS.totals);
      return reply.send({ gifts: t.gifts, amount: t.giftAmount, recipient_amounts: t.recipientGiftAmounts, matched: t.matched });
    },
  );
};

export default routes;
