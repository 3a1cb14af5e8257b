import { campaignListSchema, campaignSchema } from '@uplift/core/schemas/campaign';
import { countryParamSchema, idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignErrors } from './campaigns.errors.ts';
import { HERO_PHOTO_WIDTHS } from '@uplift/core/schemas/campaign';
import { z } from 'zod';
import {
  findCampaignById,
  findHeroPhoto,
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

  // A campaign's hero photo (docs/decisions/170): AVIF or WebP the server encoded itself, at each
  // stored width. Its address carries the renditions' hash (?v=), so the current one is cached for a year.
  app.get(
    '/api/campaign/:id/photo',
    {
      schema: {
        tags,
        summary: `A campaign's hero photo: format=avif or webp, w = one of its stored widths (${HERO_PHOTO_WIDTHS.join(', ')} or the photo's own, when smaller)`,
        params: idParamSchema,
        querystring: z.object({
          format: z.enum(['avif', 'webp'], { error: 'format must be avif or webp' }).default('webp'),
          w: z.coerce.number({ error: 'w must be a width in pixels' }).int({ error: 'w must be a width in pixels' }).min(1, { error: 'w must be a width in pixels' }).max(1920, { error: 'w must be a width in pixels' }),
          v: z.string().max(64).optional(),
        }),
        response: { 200: z.string().describe('The image (image/avif or image/webp)'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const photo = await findHeroPhoto(app.db, request.params.id, request.query.format, request.query.w);
      if (!photo) throw campaignErrors.photoNotFound({ id: request.params.id });
      const current = request.query.v !== undefined && request.query.v.length > 0 && photo.sha256.startsWith(request.query.v);
      return reply
        .header('content-type', `image/${request.query.format}`)
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        // The bytes as stored: a non-JSON answer skips the serializer; the schema is for the description.
        .send(photo.data as unknown as string);
    },
  );
};

export default routes;
