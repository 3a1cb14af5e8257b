import { MSG } from '@uplift/core/messages';
import { activateQuerySchema, loginSchema, registerRequestSchema, resetRequestSchema } from '@uplift/core/schemas/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import { createAuthService } from './auth.service.ts';
import { dummyHash } from './password.ts';
import { IP_LIMITS, perIpLimit } from './rate-limits.ts';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, refreshCookieOptions } from './tokens.ts';

/**
 * POST /api/auth/forgot: DECISIONS.md says a malformed address answers 'Not a valid email'
 * (the form itself says 'Email is invalid' before sending).
 */
const forgotBodySchema = z.object({
  email: z
    .string({ error: MSG.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: MSG.emailRequired })
    .max(254, { error: MSG.invalidEmail })
    .pipe(z.email({ error: MSG.invalidEmail })),
});

// Accounts (issue 3): /api/auth/* except all_users (the admin module's).
const routes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService({
    db: app.db,
    clock: app.clock,
    mailer: app.mailer,
    config: app.config,
    log: app.log,
    signAccessToken: app.signAccessToken,
  });
  const limit = (max: number) => ({ rateLimit: perIpLimit(max, app.config.isProduction) });
  // Made now, so the first unknown-email login costs no more than any other.
  dummyHash().catch((err: unknown) => app.log.error({ err }, 'could not prepare the dummy password hash'));

  const readRefreshCookie = (request: FastifyRequest): string | undefined => request.cookies[REFRESH_COOKIE] || undefined;
  const setSessionCookie = (reply: FastifyReply, refreshToken: string) =>
    reply.setCookie(REFRESH_COOKIE, refreshToken, refreshCookieOptions(app.config.isProduction)).header('cache-control', 'no-store');
  const clearSessionCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, { ...refreshCookieOptions(app.config.isProduction), path: REFRESH_COOKIE_PATH, maxAge: undefined });

  app.post(
    '/api/auth/register',
    { schema: { body: registerRequestSchema }, config: limit(IP_LIMITS.register) },
    async (request, reply) => {
      await auth.register(request.body);
      return reply.status(201).send({ message: 'Thank you for registering. Please check your email for your activation token.' });
    },
  );

  app.get(
    '/api/auth/activate',
    { schema: { querystring: activateQuerySchema }, config: limit(IP_LIMITS.activate) },
    async (request) => {
      await auth.activate(request.query.activation_token);
      return { message: 'Your account is activated. You can now log in.' };
    },
  );

  app.post('/api/auth/login', { schema: { body: loginSchema }, config: limit(IP_LIMITS.login) }, async (request, reply) => {
    const session = await auth.login(request.body);
    setSessionCookie(reply, session.refreshToken);
    return { access_token: session.accessToken };
  });

  app.post('/api/auth/refresh', { config: limit(IP_LIMITS.refresh) }, async (request, reply) => {
    try {
      const session = await auth.refresh(readRefreshCookie(request));
      setSessionCookie(reply, session.refreshToken);
      return { access_token: session.accessToken };
    } catch (err) {
      clearSessionCookie(reply);
      throw err;
    }
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await auth.logout(readRefreshCookie(request));
    clearSessionCookie(reply);
    return { message: 'You have been logged out.' };
  });

  app.post('/api/auth/forgot', { schema: { body: forgotBodySchema }, config: limit(IP_LIMITS.forgot) }, async (request) => {
    await auth.forgot(request.body.email);
    return { message: 'If an account uses that email, we have sent it a password reset token.' };
  });

  app.post('/api/auth/reset', { schema: { body: resetRequestSchema }, config: limit(IP_LIMITS.reset) }, async (request, reply) => {
    await auth.reset(request.body);
    clearSessionCookie(reply);
    return { message: 'Your password has been changed. Please log in with your new password.' };
  });

  app.get('/api/auth/user_info', { preHandler: app.authenticate }, async (request) => auth.userInfo(currentUser(request).id));
};

export default routes;
