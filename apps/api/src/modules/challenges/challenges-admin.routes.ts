import {
  adminChallengeListSchema,
  adminChallengeSchema,
  campaignOfferRequestSchema,
  campaignOfferSchema,
  challengeRequestSchema,
  deletedResponseSchema,
} from '@uplift/core/schemas/admin-charities';
import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditorFor, withAudit } from '../audit/index.ts';
import { findAdminChallenge, listAdminChallenges, selectOffer } from './challenges.repository.ts';
import { createChallenge, editChallenge, getOffer, removeChallenge, setOffer } from './challenges-admin.service.ts';

const tags = ['admin'];
const ADMIN = [401, 403] as const;
const BODY_ERRORS = [400, 413, 415] as const;

/** The admin's challenge management and what each campaign offers (decision 053). Inside the admin plugin. */
const adminChallengeRoutes: FastifyPluginAsyncZod = async (app) => {
  const audited = auditorFor(app);

  app.get(
    '/api/admin/challenges',
    {
      schema: {
        tags,
        summary: 'Every challenge, disabled ones too, with its pledge count',
        response: { 200: adminChallengeListSchema, ...errorResponses(...ADMIN) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await listAdminChallenges(app.db)),
  );

  app.post(
    '/api/admin/challenges',
    {
      schema: {
        tags,
        summary: 'Add a challenge',
        body: challengeRequestSchema,
        response: { 201: adminChallengeSchema, ...errorResponses(...ADMIN, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const challenge = await audited(request, async (tx) => {
        const created = await createChallenge(tx, request.body);
        return withAudit(created, { action: 'challenge.create', target: `challenge ${created.id}`, after: created });
      });
      request.log.info({ challengeId: challenge.id, adminId: request.user?.id }, 'challenge created');
      return reply.status(201).send(challenge);
    },
  );

  app.put(
    '/api/admin/challenges/:id',
    {
      schema: {
        tags,
        summary: 'Edit, disable or enable a challenge',
        params: idParamSchema,
        body: challengeRequestSchema,
        response: { 200: adminChallengeSchema, ...errorResponses(...ADMIN, ...BODY_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      const challenge = await audited(request, async (tx) => {
        const before = await findAdminChallenge(tx, request.params.id);
        const edited = await editChallenge(tx, request.params.id, request.body);
        return withAudit(edited, { action: 'challenge.edit', target: `challenge ${edited.id}`, before, after: edited });
      });
      request.log.info({ challengeId: challenge.id, adminId: request.user?.id, enabled: challenge.is_enabled }, 'challenge edited');
      return reply.send(challenge);
    },
  );

  app.delete(
    '/api/admin/challenges/:id',
    {
      schema: {
        tags,
        summary: 'Delete a challenge nobody has pledged to (409 otherwise: disable it instead)',
        params: idParamSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(...ADMIN, 400, 404, 409) },
      },
    },
    async (request, reply) => {
      await audited(request, async (tx) => {
        const before = await findAdminChallenge(tx, request.params.id);
        await removeChallenge(tx, request.params.id);
        return withAudit(undefined, { action: 'challenge.delete', target: `challenge ${request.params.id}`, before });
      });
      request.log.info({ challengeId: request.params.id, adminId: request.user?.id }, 'challenge deleted');
      return reply.send({ message: 'Challenge deleted', id: request.params.id });
    },
  );

  app.get(
    '/api/admin/campaigns/:id/offer',
    {
      schema: {
        tags,
        summary: 'Which challenges and charities a campaign is narrowed to (empty: every enabled one)',
        params: idParamSchema,
        response: { 200: campaignOfferSchema, ...errorResponses(...ADMIN, 400, 404) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await getOffer(app.db, request.params.id)),
  );

  app.put(
    '/api/admin/campaigns/:id/offer',
    {
      schema: {
        tags,
        summary: 'Narrow what a campaign offers, or send empty lists to offer every enabled one',
        params: idParamSchema,
        body: campaignOfferRequestSchema,
        response: { 200: campaignOfferSchema, ...errorResponses(...ADMIN, ...BODY_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      const offer = await audited(request, async (tx) => {
        const before = await selectOffer(tx, request.params.id);
        const after = await setOffer(tx, request.params.id, request.body);
        return withAudit(after, { action: 'campaign.offer_set', target: `campaign ${request.params.id}`, before, after });
      });
      request.log.info({ campaignId: request.params.id, adminId: request.user?.id }, 'campaign offer set');
      return reply.send(offer);
    },
  );
};

export default adminChallengeRoutes;
