import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findMatchLogo } from './match-logo.ts';
import { paymentErrors } from './payments.errors.ts';

/**
 * A sponsor's logo (docs/decisions/169): WebP the server encoded itself, served from our origin.
 * Its address carries the logo's hash (?v=), so the current one is cached for a year; a match's
 * logo is public as the match offer it sits beside is.
 */
const matchLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/matches/:id/logo',
    {
      schema: {
        tags: ['matches'],
        summary: "A match sponsor's logo (WebP, at most 480 px wide)",
        params: idParamSchema,
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: { 200: z.string().describe('The image (image/webp)'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const logo = await findMatchLogo(app.db, request.params.id);
      if (!logo) throw paymentErrors.matchLogoNotFound();
      const current = request.query.v !== undefined && request.query.v.length > 0 && logo.sha256.startsWith(request.query.v);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        // The bytes as stored: a non-JSON answer skips the serializer; the schema is for the description.
        .send(logo.data as unknown as string);
    },
  );
};

export default matchLogoRoutes;
