import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import { adminPaymentListSchema, refundParamsSchema, refundRequestSchema, refundSchema } from '@uplift/core/schemas/refund';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { paymentsForAdmin, refundPayment, type RefundDeps } from './refunds.service.ts';

/**
 * Admin only (guarded with the other admin routes in routes.ts): a donor's payments with what can
 * still be refunded, and a refund of one of them (docs/decisions/132-refunds.md).
 */
const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: RefundDeps = { db: app.db, payments: app.payments, mailer: app.mailer, clock: app.clock, log: app.log, appUrl: app.config.appUrl };

  app.get(
    '/api/admin/users/:id/payments',
    {
      schema: {
        tags: ['admin'],
        summary: "An account's payments, newest first, with what was refunded and what can still be",
        params: idParamSchema,
        response: { 200: adminPaymentListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send({ payments: await paymentsForAdmin(app.db, request.params.id) }),
  );

  app.post(
    '/api/admin/payments/:paymentId/refunds',
    {
      schema: {
        tags: ['admin'],
        summary: 'Refund a Success payment fully or in part, with a reason: at most what was charged less earlier refunds',
        params: refundParamsSchema,
        body: refundRequestSchema,
        response: { 201: refundSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503) },
      },
    },
    async (request, reply) => {
      const refund = await refundPayment(deps, currentUser(request).id, request.params.paymentId, request.body);
      return reply.code(201).header('cache-control', 'no-store').send(refund);
    },
  );
};

export default refundRoutes;
