import { stepUpResponseSchema, stepUpSchema } from '@uplift/core/schemas/auth';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { IP_LIMITS, perIpLimit } from './rate-limits.ts';
import { stepUp, type StepUpDeps } from './step-up.service.ts';

const tags = ['auth'];
const BODY_ERRORS = [400, 413, 415] as const;

/** Re-confirming it is you before a change to how the account signs in (docs/decisions/151). */
const stepUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: StepUpDeps = { db: app.db, clock: app.clock, log: app.log, config: app.config };

  app.post(
    '/api/auth/step-up',
    {
      onRequest: app.authenticate,
      // A password is checked here: limited per IP as a login is (and per account, by the login limit).
      config: { rateLimit: perIpLimit(IP_LIMITS.login, app.config.isProduction) },
      schema: {
        tags,
        summary: 'Confirm it is you (the password, or a code from the authenticator app) before adding or removing a passkey or changing the second factor',
        body: stepUpSchema,
        // 403: the password is wrong.
        response: { 200: stepUpResponseSchema, ...errorResponses(...BODY_ERRORS, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const until = await stepUp(deps, { user: currentUser(request), ip: request.ip, requestId: request.id }, request.body);
      return reply.header('cache-control', 'no-store').send({ message: 'Thank you: you can make the change now.', fresh_until: until.toISOString() });
    },
  );
};

export default stepUpRoutes;
