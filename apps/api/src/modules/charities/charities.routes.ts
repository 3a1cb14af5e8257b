import { countryParamSchema, idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import { recipientListSchema, recipientSchema } from '@uplift/core/schemas/recipient';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { charityErrors } from './charities.errors.ts';
import { findLogo, findPhoto } from './charities.repository.ts';
import { requireClosestCampaign } from '../campaigns/index.ts';
import { noCache } from '../../plugins/http-cache.ts';
import {
  findRecipientById,
  listCampaignRecipients,
  listCountryRecipients,
  toRecipientJson,
} from './charities.repository.ts';

const tags = ['recipients'];

// Charity reads (decision 020). Lists are ordered by id, the order the totals are aligned to.
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
      noCache(reply);
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
      noCache(reply);
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
      if (!row) throw charityErrors.recipientNotFound({ id: request.params.id });
      noCache(reply);
      return toRecipientJson(row);
    },
  );

  // A logo an admin uploaded (decision 053). Its address carries the content's hash (?v=), so it is
  // cached for a year; the strict policy keeps even a sanitised SVG from running anything if opened.
  app.get(
    '/api/recipient/:id/logo',
    {
      schema: {
        tags,
        summary: "A charity's uploaded logo (PNG, SVG or WebP)",
        params: idParamSchema,
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: { 200: z.string().describe('The image (image/png, image/svg+xml or image/webp)'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const logo = await findLogo(app.db, request.params.id);
      if (!logo) throw charityErrors.logoNotFound({ id: request.params.id });
      const current = request.query.v === undefined || logo.sha256.startsWith(request.query.v);
      return reply
        .header('content-type', logo.content_type)
        .header('cache-control', current && request.query.v ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        // The bytes as stored: a non-JSON answer skips the serializer; the schema is for the description.
        .send(logo.data as unknown as string);
    },
  );

  // A charity's photo (decision 129): WebP the server encoded itself, in two sizes. Like the logo,
  // its address carries the content's hash (?v=), so the current one is cached for a year.
  app.get(
    '/api/recipient/:id/photo',
    {
      schema: {
        tags,
        summary: "A charity's photo (WebP): size=full (at most 1200 px wide) or card (600 px wide)",
        params: idParamSchema,
        querystring: z.object({
          size: z.enum(['full', 'card'], { error: 'size must be full or card' }).default('full'),
          v: z.string().max(64).optional(),
        }),
        response: { 200: z.string().describe('The image (image/webp)'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const photo = await findPhoto(app.db, request.params.id, request.query.size);
      if (!photo) throw charityErrors.photoNotFound({ id: request.params.id });
      const current = request.query.v !== undefined && request.query.v.length > 0 && photo.sha256.startsWith(request.query.v);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        // The bytes as stored: a non-JSON answer skips the serializer; the schema is for the description.
        .send(photo.data as unknown as string);
    },
  );
};

export default routes;
