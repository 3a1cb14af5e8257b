import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import { giftChannelsSchema, giftConfirmSchema, giftCreatedSchema, giftPageParamsSchema, giftRequestSchema, giftStateSchema } from '@uplift/core/schemas/gifts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeSecurityEvent } from '../../security-log.ts';
import { currentUser } from '../../plugins/auth.ts';
import { giftChannelsOf } from './gift-channels.service.ts';
import { giftAttemptKey, type GiftLimit } from './gift-limits.ts';
import { confirmGift, createGift, type GiftDeps } from './gifts.service.ts';

const tags = ['gifts'];

/**
 * A friend's gift on a challenge page (docs/decisions/138): no account. POST makes the gift (or finds
 * it again for the same client_key) and its charge; the browser pays it; confirm asks the provider
 * where it stands and settles it once.
 */
const giftRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: GiftDeps = {
    db: app.db,
    clock: app.clock,
    payments: app.payments,
    mailer: app.mailer,
    log: app.log,
    appUrl: app.config.appUrl,
    receipt: app.config.receipt,
    attemptKey: giftAttemptKey(app.config.secrets.key),
    mailLinks: app.config.mailLinks,
  };
  // Card testing (docs/security.md): one line naming which limit, never the email.
  const refusedBy = (request: FastifyRequest) => (why: GiftLimit) =>
    writeSecurityEvent(request.log, 'gift_refused', { userId: null, ip: request.ip, requestId: request.id, status: 429, route: request.routeOptions.url, why: `${why} limit` });

  app.post(
    '/api/pages/:slug/gifts',
    {
      schema: {
        tags,
        summary: "Give to a challenge page (no account): the gift and its card charge; the same client_key gives the same gift",
        params: giftPageParamsSchema,
        body: giftRequestSchema,
        response: { 201: giftCreatedSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const created = await createGift(deps, {
        slug: request.params.slug,
        body: request.body,
        ip: request.ip,
        onRefused: refusedBy(request),
      });
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.post(
    '/api/gifts/:id/confirm',
    {
      schema: {
        tags,
        summary: "Where a gift stands, after the browser paid: the provider is asked and the gift settled once; 409 after a decline (one card per gift)",
        params: idParamSchema,
        body: giftConfirmSchema,
        response: { 200: giftStateSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await confirmGift(deps, request.params.id, request.body.client_secret, { ip: request.ip, onRefused: refusedBy(request) })),
  );

  app.get(
    '/api/my-page/gift-channels',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The signed-in owner's received gifts counted by the channel of the link each friend came by (?via=); gifts with none are left out",
        response: { 200: giftChannelsSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await giftChannelsOf(deps, currentUser(request).id)),
  );
};

export default giftRoutes;
