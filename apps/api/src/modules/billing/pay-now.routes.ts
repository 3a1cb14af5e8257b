import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import { payNowResponseSchema, payNowSchema } from '@uplift/core/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { confirmPayNow, payNow, type PayNowDeps } from './pay-now.service.ts';

const tags = ['payments'];

/** A donor puts a failed week right (decision 046): pay it now, then confirm after the bank's step. */
const payNowRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PayNowDeps = {
    db: app.db,
    payments: app.payments,
    mailer: app.mailer,
    clock: app.clock,
    log: app.log,
    appUrl: app.config.appUrl,
    receipt: app.config.receipt,
    mailLinks: app.config.mailLinks,
  };

  app.post(
    '/api/payment/:id/pay',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Pay a failed payment now (on-session); requires_action answers with a client secret for the bank step',
        params: idParamSchema,
        body: payNowSchema,
        response: { 200: payNowResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const result = await payNow(deps, currentUser(request).id, request.params.id, request.body.payment_method_id);
      return reply.header('cache-control', 'no-store').send(result);
    },
  );

  app.post(
    '/api/payment/:id/confirm',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Settle a payment after the browser's bank step (authentication)",
        params: idParamSchema,
        response: { 200: payNowResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const result = await confirmPayNow(deps, currentUser(request).id, request.params.id);
      return reply.header('cache-control', 'no-store').send(result);
    },
  );
};

export default payNowRoutes;
