import { resendActivationResponseSchema, userListQuerySchema, userPageSchema } from '@uplift/core/schemas/admin';
import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses, messageResponseSchema } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { endSessionsOfUser, resendActivation, resetSecondFactor } from '../auth/index.ts';
import { auditorFor, withAudit } from '../audit/index.ts';
import { listUsers } from './admin-users.repository.ts';

/** The admin user table: paged, searched and sorted in the database, so it stays fast at scale. */
const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const audited = auditorFor(app);
  const deps = { db: app.db, clock: app.clock, log: app.log, mailer: app.mailer, config: app.config };

  app.get(
    '/api/auth/all_users',
    {
      schema: {
        tags: ['admin'],
        summary: 'One page of accounts, searched and sorted',
        querystring: userListQuerySchema,
        response: { 200: userPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { users, total } = await listUsers(app.db, request.query);
      return reply.send({ users, total, page: request.query.page, page_size: request.query.page_size });
    },
  );

  app.post(
    '/api/admin/users/:id/resend-activation',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mail a not-activated account a new activation link (at most 3 activation mails an hour per account)',
        params: idParamSchema,
        response: { 200: resendActivationResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const message = await audited(request, async (tx) => {
        const sent = await resendActivation({ db: tx, clock: app.clock, mailer: app.mailer, config: app.config }, request.params.id);
        return withAudit(sent, { action: 'user.resend_activation', target: `user ${request.params.id}` });
      });
      request.log.info({ userId: request.params.id, adminId: request.user?.id }, 'activation mail resent');
      return reply.send({ message });
    },
  );

  app.post(
    '/api/admin/users/:id/sessions/revoke',
    {
      schema: {
        tags: ['admin'],
        summary: "End every sign-in of an account (a stolen laptop): its devices are signed out at once (docs/decisions/130)",
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await audited(request, async (tx) => {
        await endSessionsOfUser(tx, id, app.clock.now());
        return withAudit(undefined, { action: 'user.sessions_revoke', target: `user ${id}` });
      });
      return reply.send({ message: 'Every device of this account has been signed out.' });
    },
  );

  app.post(
    '/api/admin/users/:id/two-factor/reset',
    {
      schema: {
        tags: ['admin'],
        summary: "Forget an admin's second factor (a lost phone): their sessions end and their next sign-in sets it up again",
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      await resetSecondFactor(deps, currentUser(request).id, request.params.id);
      return reply.send({ message: 'Two-factor sign-in was reset. The admin sets it up again at their next sign-in.' });
    },
  );
};

export default adminUserRoutes;
