import { unsubscribeInfoSchema, unsubscribeTokenSchema } from '@uplift/core/schemas/account';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perIpLimit } from '../auth/index.ts';
import { accountErrors } from './account.errors.ts';
import { describeUnsubscribe, type MailPreferenceDeps, unsubscribe } from './mail-preferences.service.ts';

const tags = ['account'];

/**
 * The body of an RFC 8058 one-click POST (`List-Unsubscribe=One-Click`, form-encoded; the token is in
 * the URL), or the page's JSON `{token}`.
 */
const unsubscribeBodySchema = z
  .object({
    token: z.string().max(512, { error: 'token: this unsubscribe link is not valid' }).optional(),
    'List-Unsubscribe': z.literal('One-Click', { error: 'List-Unsubscribe: must be One-Click (RFC 8058)' }).optional(),
  })
  .optional();

const optionalTokenQuery = z.object({ token: z.string().max(512, { error: 'token: this unsubscribe link is not valid' }).optional() });

// One-click unsubscribe (docs/decisions/136): no sign-in. The token is the whole authority: it
// names one donor and one optional mail, and can do nothing else. GET only describes (a link
// scanner that opens it changes nothing); POST stops it at once.
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: MailPreferenceDeps = { db: app.db, clock: app.clock, log: app.log, config: app.config };
  const rateLimit = perIpLimit(60, app.config.isProduction);

  // A mail client's one-click POST is form-encoded; in this plugin only (the rest of the API speaks JSON).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 2048 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(
    '/api/unsubscribe',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'What a mailed unsubscribe link would stop (changes nothing)',
        querystring: unsubscribeTokenSchema,
        response: { 200: unsubscribeInfoSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await describeUnsubscribe(deps, request.query.token)),
  );

  app.post(
    '/api/unsubscribe',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Stop the one optional mail a mailed link names, at once (also the RFC 8058 List-Unsubscribe-Post target)',
        querystring: optionalTokenQuery,
        body: unsubscribeBodySchema,
        response: { 200: unsubscribeInfoSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const token = (request.body?.token ?? request.query.token ?? '').trim();
      if (token === '') throw accountErrors.unsubscribeLinkInvalid();
      return reply.header('cache-control', 'no-store').send(await unsubscribe(deps, token));
    },
  );
};

export default unsubscribeRoutes;
