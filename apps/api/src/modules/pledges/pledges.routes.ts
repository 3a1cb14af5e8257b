import { MSG } from '@uplift/core/messages';
import { fromMinor } from '@uplift/core/money';
import { idParamSchema, decimalAmountSchema } from '@uplift/core/schemas/common';
import { confirmPledgeSchema, pledgeRequestSchema } from '@uplift/core/schemas/pledge';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findClosestPledge, findOwnPledge, listPledgePayments, pledgeView } from './pledges.repository.ts';
import { confirmPledge, createPledge, deletePendingPledges } from './pledges.service.ts';

/** The confirm body of SPEC §7 plus, optionally, the total the donor was shown (checked, never trusted). */
const confirmBodySchema = confirmPledgeSchema.extend({ confirmed_amount: decimalAmountSchema.optional() });

const noPledges = () => notFound('pledge.none', MSG.noPledges);

// Pledges (SPEC §7 "Pledges and payments"). PUT /api/pledge/cancel lives in the billing module.
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/pledge', { onRequest: app.authenticate, schema: { body: pledgeRequestSchema } }, async (request, reply) => {
    const user = currentUser(request);
    const pledge = await createPledge(app, user.id, request.body);
    return reply.status(201).send(pledgeView(pledge));
  });

  app.delete('/api/pledge/delete', { onRequest: app.authenticate }, async (request) => {
    const user = currentUser(request);
    const deleted = await deletePendingPledges(app, user.id);
    return { message: 'Pending pledge deleted', deleted };
  });

  app.put('/api/pledge/confirmed', { onRequest: app.authenticate, schema: { body: confirmBodySchema } }, async (request) => {
    const user = currentUser(request);
    const { pledge, payments } = await confirmPledge(app, user.id, {
      paymentMethodReference: request.body.payment_method_id,
      confirmedAmount: request.body.confirmed_amount,
    });
    return {
      ...pledgeView(pledge),
      payments: payments.map((p) => ({ processing_date: p.processing_date, amount: fromMinor(p.amountMinor), payment_status: 'Pending' })),
    };
  });

  app.get('/api/pledge/closest', { onRequest: app.authenticate }, async (request) => {
    const pledge = await findClosestPledge(app.db, currentUser(request).id, app.clock.now());
    if (!pledge) throw noPledges();
    return pledgeView(pledge);
  });

  app.get('/api/pledge/closest/Confirmed', { onRequest: app.authenticate }, async (request) => {
    const pledge = await findClosestPledge(app.db, currentUser(request).id, app.clock.now(), { status: 'Confirmed' });
    if (!pledge) throw noPledges();
    return pledgeView(pledge);
  });

  app.get('/api/pledge/:id', { onRequest: app.authenticate, schema: { params: idParamSchema } }, async (request) => {
    const pledge = await findOwnPledge(app.db, currentUser(request).id, request.params.id);
    // Another donor's pledge is answered exactly like a missing one.
    if (!pledge) throw notFound('pledge.not_found', 'Pledge not found');
    return { ...pledgeView(pledge), payments: await listPledgePayments(app.db, pledge.id) };
  });
};

export default routes;
