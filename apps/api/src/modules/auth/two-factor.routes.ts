import { accessTokenResponseSchema } from '@uplift/core/schemas/auth';
import { errorResponses, messageResponseSchema } from '@uplift/core/schemas/error';
import { recoveryCodesSchema, twoFactorCodeSchema, twoFactorEnrolledSchema, twoFactorEnrolmentSchema, twoFactorStatusSchema } from '@uplift/core/schemas/two-factor';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { IP_LIMITS, perIpLimit } from './rate-limits.ts';
import { sessionCookies } from './session-cookie.ts';
import { beginEnrolment, confirmEnrolment, regenerateRecoveryCodes, secondFactorStatus, turnOffSecondFactor, verifySecondFactor, type Asker, type TwoFactorDeps } from './two-factor.service.ts';

const tags = ['auth'];
const BODY_ERRORS = [400, 413, 415] as const;

/**
 * The second factor (docs/decisions/077): an admin's, asked with the password step's access token;
 * a donor's, set up and turned off in /account with the password typed again (docs/decisions/151).
 */
const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: TwoFactorDeps = { db: app.db, clock: app.clock, log: app.log, signAccessToken: app.signAccessToken, mailer: app.mailer, config: app.config };
  const { readRefreshCookie, setSessionCookie } = sessionCookies(app);
  // These three routes, and no others, take the password step's token (docs/decisions/123).
  const limit = { rateLimit: perIpLimit(IP_LIMITS.twoFactor, app.config.isProduction), acceptsPendingSecondFactor: true as const };
  const asker = (request: FastifyRequest): Asker => ({ userId: currentUser(request).id, ip: request.ip, requestId: request.id, refreshToken: readRefreshCookie(request), session: currentUser(request).session });

  app.post(
    '/api/auth/two-factor/enrolment',
    {
      preHandler: app.authenticate,
      config: limit,
      schema: {
        tags,
        summary: "Start an admin's two-factor set-up: a new TOTP secret and its QR code (confirmed by its first code)",
        response: { 200: twoFactorEnrolmentSchema, ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await beginEnrolment(deps, asker(request))),
  );

  app.post(
    '/api/auth/two-factor/enrolment/confirm',
    {
      preHandler: app.authenticate,
      config: limit,
      schema: {
        tags,
        summary: 'Finish the set-up with the first code: the admin session starts and the ten recovery codes are shown, once',
        body: twoFactorCodeSchema,
        response: { 200: twoFactorEnrolledSchema, ...errorResponses(...BODY_ERRORS, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { session, recoveryCodes } = await confirmEnrolment(deps, asker(request), request.body.code);
      setSessionCookie(reply, session);
      return reply.send({ access_token: session.accessToken, recovery_codes: recoveryCodes });
    },
  );

  app.post(
    '/api/auth/two-factor/verify',
    {
      preHandler: app.authenticate,
      config: limit,
      schema: {
        tags,
        summary: "The second step of an admin's sign-in: a code from the authenticator app, or an unused recovery code",
        body: twoFactorCodeSchema,
        response: { 200: accessTokenResponseSchema, ...errorResponses(...BODY_ERRORS, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const session = await verifySecondFactor(deps, asker(request), request.body.code);
      setSessionCookie(reply, session);
      return reply.send({ access_token: session.accessToken });
    },
  );

  app.post(
    '/api/auth/two-factor/recovery-codes',
    {
      // A full session (past the second factor), and the password or a code typed again (docs/decisions/151).
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Ten new recovery codes, shown once; the old ones stop working (needs the password typed again within the last minutes)',
        response: { 200: recoveryCodesSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send({ recovery_codes: await regenerateRecoveryCodes(deps, currentUser(request)) }),
  );

  app.get(
    '/api/auth/two-factor',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'Whether the account has two-factor sign-in, must keep it (admins), and its recovery codes left', response: { 200: twoFactorStatusSchema, ...errorResponses(401, 403) } },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await secondFactorStatus(deps, currentUser(request).id)),
  );

  app.delete(
    '/api/auth/two-factor',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Turn a donor's two-factor sign-in off (needs the password typed again within the last minutes; an admin cannot)",
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) => {
      await turnOffSecondFactor(deps, currentUser(request));
      return reply.send({ message: 'Two-factor sign-in is off.' });
    },
  );
};

export default twoFactorRoutes;
