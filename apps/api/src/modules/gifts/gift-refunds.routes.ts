import { errorResponses } from '@uplift/core/schemas/error';
import { adminGiftListSchema, adminGiftSearchSchema } from '@uplift/core/schemas/gifts';
import { giftRefundParamsSchema, refundRequestSchema, refundSchema } from '@uplift/core/schemas/refund';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { giftsForAdmin, refundGift, type GiftRefundDeps } from './gift-refunds.service.ts';

/**
 * Admin only (guarded with the other admin routes in routes.ts): find a friend's gift by receipt
 * number or page slug, and refund it, as a payment is refunded (docs/decisions/132, 150).
 */
const giftRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: GiftRefundDeps = { db: app.db, payments: app.payments, mailer: app.mailer, clock: app.clock, log: app.log, receipt: app.config.receipt };

  app.get(
    '/api/admin/gifts',
    {
      schema: {
        tags: ['admin'],
        summary: "Friends' gifts by receipt number or page slug, newest first, with what was refunded and what can still be",
        querystring: adminGiftSearchSchema,
        response: { 200: adminGiftListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send({ gifts: await giftsForAdmin(app.db, request.query.q) }),
  );

  app.post(
    '/api/admin/gifts/:giftId/refunds',
    {
      schema: {
        tags: ['admin'],
        summary: "Refund a friend's succeeded gift fully or in part, with a reason: at most what was given less earlier refunds",
        params: giftRefundParamsSchema,
        body: refundRequestSchema,
        response: { 201: refundSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503) },
      },
    },
    async (request, reply) => {
      const refund = await refundGift(deps, currentUser(request).id, request.params.giftId, request.body);
      return reply.code(201).header('cache-control', 'no-store').send(refund);
    },
  );
};

export default giftRefundRoutes;
