import { errorResponses } from '@uplift/core/schemas/error';
import { geoResponseSchema } from '@uplift/core/schemas/geo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guessCountry } from './geo.ts';

// Country guess (decision 021): GET /api/geo answers {country: 'NZ' | 'UK', source}. No third-party
// lookup: only headers the request already carries.
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/geo',
    { schema: { tags: ['geo'], summary: "The visitor's likely country, from CDN and language headers", response: { 200: geoResponseSchema, ...errorResponses() } } },
    async (request, reply) => {
      // The answer depends on the visitor's own headers: never share it between visitors.
      reply.header('cache-control', 'private, no-store');
      return guessCountry(request.headers);
    },
  );
};

export default routes;
