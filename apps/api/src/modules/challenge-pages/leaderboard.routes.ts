import { errorResponses } from '@uplift/core/schemas/error';
import { leaderboardQuerySchema, leaderboardResponseSchema } from '@uplift/core/schemas/leaderboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CACHE_SECONDS, publicCache } from '../../plugins/http-cache.ts';
import { createLeaderboardCache } from './leaderboard.service.ts';

// GET /api/leaderboards?country= (docs/decisions/140-leaderboards.md): public, cached briefly like the totals.
const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const leaderboardFor = createLeaderboardCache({ db: app.db, clock: app.clock });
  app.get(
    '/api/leaderboards',
    {
      schema: {
        tags: ['challenge-pages'],
        summary: "The country's open campaign: top 10 pages (owners who chose to appear) and top 10 teams by what they raised",
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const board = await leaderboardFor(request.query.country);
      publicCache(reply, CACHE_SECONDS.totals);
      return board;
    },
  );
};

export default leaderboardRoutes;
