import { accessTokenResponseSchema } from '@uplift/core/schemas/auth';
import { errorResponses, messageResponseSchema } from '@uplift/core/schemas/error';
import {
  passkeyAuthenticationSchema,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeyRegistrationSchema,
  passkeySchema,
} from '@uplift/core/schemas/passkeys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { authenticationOptions, listPasskeys, registrationOptions, removePasskey, verifyAuthentication, verifyRegistration, type PasskeyDeps } from './passkeys.service.ts';
import { refusalOf } from './others-records.ts';
import { IP_LIMITS, perIpLimit } from './rate-limits.ts';
import { sessionCookies } from './session-cookie.ts';

const tags = ['auth'];
const BODY_ERRORS = [400, 413, 415] as const;

/**
 * Passkeys (docs/decisions/131-passkeys-and-secrets-at-rest.md). Adding, listing and removing take
 * a full session (an admin past the second factor); adding and removing also the password typed
 * again within the last minutes (403 `auth.step_up_required` otherwise, docs/decisions/151).
 * Signing in is public and limited per IP as the password login is.
 */
const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PasskeyDeps = { db: app.db, clock: app.clock, log: app.log, signAccessToken: app.signAccessToken, mailer: app.mailer, config: app.config };
  const { setSessionCookie } = sessionCookies(app);
  const signInLimit = { rateLimit: perIpLimit(IP_LIMITS.login, app.config.isProduction) };

  app.get(
    '/api/auth/passkeys',
    { onRequest: app.authenticate, schema: { tags, summary: "The account's passkeys", response: { 200: passkeyListSchema, ...errorResponses(401, 403) } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send({ passkeys: await listPasskeys(deps, currentUser(request).id) }),
  );

  app.post(
    '/api/auth/passkeys/registration/options',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'Options to create a passkey (a resident key with user verification)', response: { 200: passkeyOptionsSchema, ...errorResponses(401, 403, 409) } },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await registrationOptions(deps, currentUser(request))),
  );

  app.post(
    '/api/auth/passkeys/registration/verify',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Add the passkey the browser created, with its name',
        body: passkeyRegistrationSchema,
        response: { 201: passkeySchema, ...errorResponses(...BODY_ERRORS, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await verifyRegistration(deps, currentUser(request), request.body)),
  );

  app.delete(
    '/api/auth/passkeys/:id',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'Remove a passkey', params: passkeyIdParamsSchema, response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await removePasskey(deps, user, request.params.id).catch(async (err: unknown) => Promise.reject(await refusalOf(app.db, { passkey: request.params.id }, user.id, err)));
      return reply.send({ message: 'The passkey was removed.' });
    },
  );

  app.post(
    '/api/auth/passkeys/authentication/options',
    {
      config: signInLimit,
      schema: { tags, summary: 'Options to sign in with a passkey (any passkey of this site, with user verification)', response: { 200: passkeyOptionsSchema, ...errorResponses(429) } },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await authenticationOptions(deps)),
  );

  app.post(
    '/api/auth/passkeys/authentication/verify',
    {
      config: signInLimit,
      schema: {
        tags,
        summary: 'Sign in with a passkey: the access token in the body, the refresh token in an HttpOnly cookie; an admin has passed the second factor',
        body: passkeyAuthenticationSchema,
        response: { 200: accessTokenResponseSchema, ...errorResponses(...BODY_ERRORS, 401, 429) },
      },
    },
    async (request, reply) => {
      const session = await verifyAuthentication(deps, request.body, { ip: request.ip, requestId: request.id });
      setSessionCookie(reply, session);
      return reply.send({ access_token: session.accessToken, two_factor: session.twoFactor });
    },
  );
};

export default passkeyRoutes;
