import { errorResponses, messageResponseSchema } from '@uplift/core/schemas/error';
import { accountSessionsSchema, sessionIdParamSchema } from '@uplift/core/schemas/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { authErrors } from './auth.errors.ts';
import { refusalOf } from './others-records.ts';
import { endSession, endSessionsExcept, listSessions } from './sessions-list.ts';

const tags = ['account'];

// The donor's signed-in devices on /account (docs/decisions/130).
const sessionListRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };

  app.get(
    '/api/account/sessions',
    { ...auth, schema: { tags, summary: 'The devices signed in to the account (one per sign-in), this one marked', response: { 200: accountSessionsSchema, ...errorResponses(401) } } },
    async (request, reply) => {
      const user = currentUser(request);
      const sessions = await listSessions(app.db, user.id, user.session, app.clock.now());
      return reply.header('cache-control', 'no-store').send({ sessions });
    },
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      ...auth,
      schema: { tags, summary: 'Sign one device out: its sign-in ends and its access token is refused at once', params: sessionIdParamSchema, response: { 200: messageResponseSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!(await endSession(app.db, user.id, request.params.id, app.clock.now()))) throw await refusalOf(app.db, { session: request.params.id }, user.id, authErrors.sessionNotFound());
      return reply.send({ message: 'That device has been signed out.' });
    },
  );

  app.post(
    '/api/account/sessions/sign-out-others',
    { ...auth, schema: { tags, summary: 'Sign out every device but this one', response: { 200: messageResponseSchema, ...errorResponses(401, 409) } } },
    async (request, reply) => {
      const user = currentUser(request);
      if (!user.session) throw authErrors.noCurrentSession();
      await endSessionsExcept(app.db, user.id, user.session, app.clock.now());
      return reply.send({ message: 'Every other device has been signed out.' });
    },
  );
};

export default sessionListRoutes;
