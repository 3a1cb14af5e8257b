import { errorResponses } from '@uplift/core/schemas/error';
import { setDefaultPaymentMethodResponseSchema, setDefaultPaymentMethodSchema } from '@uplift/core/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { changeCard, type ChangeCardDeps } from './change-card.service.ts';

const tags = ['payments'];

/** Change card (docs/decisions/047-change-card.md): the donor's remaining payments move to another saved card. */
const changeCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ChangeCardDeps = { db: app.db, payments: app.payments, log: app.log };

  app.put(
    '/api/payment_method/default',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Make a saved card the one every remaining payment is taken from; the old card is detached after",
        body: setDefaultPaymentMethodSchema,
        response: { 200: setDefaultPaymentMethodResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => reply.send(await changeCard(deps, currentUser(request).id, request.body.payment_method_id)),
  );
};

export default changeCardRoutes;
