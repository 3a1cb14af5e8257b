import { fromMinor, type Minor } from '@uplift/core/money';
import { errorResponses } from '@uplift/core/schemas/error';
import { idParamSchema } from '@uplift/core/schemas/common';
import {
  cancelPledgeResponseSchema,
  confirmedPledgeResponseSchema,
  confirmPledgeRequestSchema,
  deletePledgeResponseSchema,
  pledgeRequestSchema,
  pledgeSchema,
  pledgeWithPaymentsSchema,
  feeCoverRequestSchema,
  feeCoverResponseSchema,
  skipWeekRequestSchema,
  skipWeekResponseSchema,
  type ConfirmedPledgeResponse,
} from '@uplift/core/schemas/pledge';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { pledgeView } from './pledges.repository.ts';
import {
  cancelPledge,
  changeFeeCover,
  closestPledge,
  confirmPledge,
  createPendingPledge,
  discardPendingPledges,
  ownPledgeWithPayments,
  replacePendingPledge,
  skipWeek,
  undoSkip,
  type PledgeDeps,
} from './pledges.service.ts';

const tags = ['pledges'];

type ScheduledPayment = ConfirmedPledgeResponse['payments'][number];

/** A payment that confirming just scheduled. */
function scheduledPayment(p: { processing_date: string; amountMinor: Minor; feeCoverMinor: Minor }): ScheduledPayment {
  return { processing_date: p.processing_date, amount: fromMinor(p.amountMinor), fee_cover: fromMinor(p.feeCoverMinor), payment_status: 'Pending' };
}

// Pledges (product-rules §7 "Pledges and payments"): the whole life of the signed-in donor's pledge.
const routes: FastifyPluginAsyncZod = async (app) => {
  const deps: PledgeDeps = { db: app.db, clock: app.clock, mailer: app.mailer, log: app.log, appUrl: app.config.appUrl };

  app.post(
    '/api/pledge',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Create a Pending pledge for a campaign',
        body: pledgeRequestSchema,
        response: { 201: pledgeSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const pledge = await createPendingPledge(deps, currentUser(request).id, request.body);
      return reply.status(201).send(pledgeView(pledge));
    },
  );

  app.put(
    '/api/pledge/pending',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Create the donor's Pending pledge, or replace it with new figures",
        body: pledgeRequestSchema,
        response: { 200: pledgeSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => pledgeView(await replacePendingPledge(deps, currentUser(request).id, request.body)),
  );

  app.delete(
    '/api/pledge/delete',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Delete the donor's Pending pledges",
        response: { 200: deletePledgeResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const deleted = await discardPendingPledges(deps, currentUser(request).id);
      return reply.send({ message: 'Pending pledge deleted', deleted });
    },
  );

  app.put(
    '/api/pledge/confirmed',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Confirm the Pending pledge with a saved card and schedule its payments',
        body: confirmPledgeRequestSchema,
        response: { 200: confirmedPledgeResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { pledge, payments } = await confirmPledge(deps, currentUser(request).id, {
        paymentMethodReference: request.body.payment_method_id,
        confirmedAmount: request.body.confirmed_amount,
        coverFee: request.body.cover_fee,
      });
      return reply.send({
        ...pledgeView(pledge),
        payments: payments.map(scheduledPayment),
      });
    },
  );

  app.put(
    '/api/pledge/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Cancel the donor's closest pledge and its remaining payments",
        response: { 200: cancelPledgeResponseSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => cancelPledge(deps, currentUser(request).id),
  );

  app.get(
    '/api/pledge/closest',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The donor's closest pledge (404 'No pledges!' when none)",
        response: { 200: pledgeSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => pledgeView(await closestPledge(deps, currentUser(request).id)),
  );

  app.get(
    '/api/pledge/closest/Confirmed',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The donor's closest Confirmed pledge (404 'No pledges!' when none)",
        response: { 200: pledgeSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => pledgeView(await closestPledge(deps, currentUser(request).id, 'Confirmed')),
  );

  app.get(
    '/api/pledge/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "One of the donor's own pledges with its payments",
        params: idParamSchema,
        response: { 200: pledgeWithPaymentsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      // Another donor's pledge is answered exactly like a missing one.
      const { pledge, payments } = await ownPledgeWithPayments(deps, currentUser(request).id, request.params.id);
      return reply.send({ ...pledgeView(pledge), payments });
    },
  );

  app.put(
    '/api/pledge/:id/fee-cover',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Cover the card fee from the next payment on (a weekly extra), or stop covering it',
        params: idParamSchema,
        body: feeCoverRequestSchema,
        response: { 200: feeCoverResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => changeFeeCover(deps, currentUser(request).id, request.params.id, request.body.cover_fee),
  );

  // Skipping one week (product-rules §7 "Skipping a week"; docs/decisions/134-skip-a-week.md).
  app.post(
    '/api/pledge/:id/skip',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Skip the payment of one campaign week: it is taken one week after the last instead',
        params: idParamSchema,
        body: skipWeekRequestSchema,
        response: { 200: skipWeekResponseSchema, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request) => skipWeek(deps, currentUser(request).id, request.params.id, request.body.week),
  );

  app.delete(
    '/api/pledge/:id/skip',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Undo the skipped week: its payment goes back to its own date',
        params: idParamSchema,
        response: { 200: skipWeekResponseSchema, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request) => undoSkip(deps, currentUser(request).id, request.params.id),
  );
};

export default routes;
