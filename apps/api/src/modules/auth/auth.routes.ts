import {
  accessTokenResponseSchema,
  activateQuerySchema,
  forgotSchema,
  loginSchema,
  registerRequestSchema,
  resetRequestSchema,
  userSchema,
} from '@uplift/core/schemas/auth';
import { errorResponses, messageResponseSchema } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { activate, forgotPassword, login, logout, refreshSession, register, resetPassword, userInfo, type AuthDeps } from './auth.service.ts';
import continuationRoutes, { continuationCookies } from './continuation.routes.ts';
import { dummyHash } from './password.ts';
import { IP_LIMITS, perIpLimit } from './rate-limits.ts';
import { noteSubject } from './security-events.ts';
import { sessionCookies, sessionOfReply } from './session-cookie.ts';
import { recordRequestDevice } from './sessions-list.ts';
import sessionListRoutes from './sessions-list.routes.ts';
import passkeyRoutes from './passkeys.routes.ts';
import stepUpRoutes from './step-up.routes.ts';
import twoFactorRoutes from './two-factor.routes.ts';

const tags = ['auth'];
// Answers are sent with reply.send(): TypeScript checks an object literal there against the
// route's response schema (undeclared fields fail to compile), which it does not do for a
// literal returned from the handler (see src/contract.type-test.ts).
/** A JSON body can also be malformed (400), too large (413) or of another type (415). */
const BODY_ERRORS = [400, 413, 415] as const;

// Accounts (decision 010): /api/auth/* except all_users (the admin module's).
const routes: FastifyPluginAsyncZod = async (app) => {
  const deps: AuthDeps = {
    db: app.db,
    clock: app.clock,
    mailer: app.mailer,
    config: app.config,
    log: app.log,
    signAccessToken: app.signAccessToken,
  };
  const limit = (max: number) => ({ rateLimit: perIpLimit(max, app.config.isProduction) });
  // Made now, so the first unknown-email login costs no more than any other.
  dummyHash().catch((err: unknown) => app.log.error({ err }, 'could not prepare the dummy password hash'));

  const { readRefreshCookie, setSessionCookie, clearSessionCookie } = sessionCookies(app);
  const { setContinuationCookie, clearContinuationCookie } = continuationCookies(app);
  // A sign-in's device (user agent, the IP's country) when it starts; its last use on each refresh (docs/decisions/130).
  app.addHook('onSend', async (request, reply, payload) => {
    const session = sessionOfReply(reply);
    if (session && reply.statusCode < 300) await recordRequestDevice(app.db, request, session, app.clock.now());
    return payload;
  });

  app.post(
    '/api/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account (not yet activated) with its Pending pledge, and mail the activation token',
        body: registerRequestSchema,
        response: { 201: messageResponseSchema, ...errorResponses(...BODY_ERRORS, 409, 429) },
      },
      config: limit(IP_LIMITS.register),
    },
    async (request, reply) => {
      // This browser may continue into the account once it is activated, without the password (docs/decisions/168).
      setContinuationCookie(reply, await register(deps, request.body));
      return reply.status(201).send({ message: 'Thank you for registering. Please check your email for your activation token.' });
    },
  );

  app.get(
    '/api/auth/activate',
    {
      schema: {
        tags,
        summary: 'Activate an account with the token mailed at registration',
        querystring: activateQuerySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
      config: limit(IP_LIMITS.activate),
    },
    async (request, reply) => {
      await activate(deps, request.query.activation_token);
      return reply.send({ message: 'Your account is activated. You can now log in.' });
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Log in: the access token in the body, the refresh token in an HttpOnly cookie',
        body: loginSchema,
        // 401: wrong email or password; 403: right password, account not activated.
        response: { 200: accessTokenResponseSchema, ...errorResponses(...BODY_ERRORS, 401, 403, 429) },
      },
      config: limit(IP_LIMITS.login),
    },
    async (request, reply) => {
      const session = await login(deps, request.body);
      setSessionCookie(reply, session);
      clearContinuationCookie(reply, request);
      return reply.send({ access_token: session.accessToken, two_factor: session.twoFactor });
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags,
        summary: 'A new access token from the refresh cookie (rotated on every use)',
        response: { 200: accessTokenResponseSchema, ...errorResponses(401, 429) },
      },
      config: limit(IP_LIMITS.refresh),
    },
    async (request, reply) => {
      try {
        const session = await refreshSession(deps, readRefreshCookie(request));
        setSessionCookie(reply, session);
        return reply.send({ access_token: session.accessToken, two_factor: session.twoFactor });
      } catch (err) {
        clearSessionCookie(reply);
        throw err;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags, summary: 'End the session of the refresh cookie', response: { 200: messageResponseSchema, ...errorResponses() } } },
    async (request, reply) => {
      noteSubject(request, await logout(deps, readRefreshCookie(request)));
      clearSessionCookie(reply);
      clearContinuationCookie(reply, request);
      return reply.send({ message: 'You have been logged out.' });
    },
  );

  app.post(
    '/api/auth/forgot',
    {
      schema: {
        tags,
        summary: 'Mail a password reset token (the same answer whether or not the account exists)',
        body: forgotSchema,
        response: { 200: messageResponseSchema, ...errorResponses(...BODY_ERRORS, 429) },
      },
      config: limit(IP_LIMITS.forgot),
    },
    async (request, reply) => {
      await forgotPassword(deps, request.body.email);
      return reply.send({ message: 'If an account uses that email, we have sent it a password reset token.' });
    },
  );

  app.post(
    '/api/auth/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token; every session of the account ends',
        body: resetRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(...BODY_ERRORS, 429) },
      },
      config: limit(IP_LIMITS.reset),
    },
    async (request, reply) => {
      noteSubject(request, await resetPassword(deps, request.body));
      clearSessionCookie(reply);
      return reply.send({ message: 'Your password has been changed. Please log in with your new password.' });
    },
  );

  app.get(
    '/api/auth/user_info',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: "The signed-in user's account", response: { 200: userSchema, ...errorResponses(401) } },
    },
    async (request) => userInfo(deps, currentUser(request).id),
  );

  await app.register(continuationRoutes);
  await app.register(twoFactorRoutes);
  await app.register(sessionListRoutes);
  await app.register(passkeyRoutes);
  await app.register(stepUpRoutes);
};

export default routes;
