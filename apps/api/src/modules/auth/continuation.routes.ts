import { accessTokenResponseSchema, continuationOfferSchema } from '@uplift/core/schemas/auth';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthDeps, Continuation } from './auth.service.ts';
import { continuationOffer, continueSignIn } from './continuation.service.ts';
import { IP_LIMITS, perIpLimit } from './rate-limits.ts';
import { sessionCookies } from './session-cookie.ts';
import { continuationCookieName, continuationCookieOptions } from './tokens.ts';

const tags = ['auth'];

/** The registration's continuation cookie (docs/decisions/168): set at registration, read and cleared here. */
export function continuationCookies(app: Pick<FastifyInstance, 'config' | 'clock'>) {
  const name = continuationCookieName(app.config);
  return {
    readContinuationCookie: (request: FastifyRequest): string | undefined => request.cookies[name] || undefined,
    setContinuationCookie: (reply: FastifyReply, continuation: Continuation) =>
      reply.setCookie(name, continuation.token, continuationCookieOptions(app.config, continuation.expiresAt.getTime() - app.clock.now().getTime())),
    clearContinuationCookie: (reply: FastifyReply, request: FastifyRequest) =>
      request.cookies[name] ? reply.clearCookie(name, { ...continuationCookieOptions(app.config), maxAge: undefined }) : reply,
  };
}

// "No second password" (docs/decisions/168): the login page's "Continue as {first name}".
const routes: FastifyPluginAsyncZod = async (app) => {
  const deps: AuthDeps = { db: app.db, clock: app.clock, mailer: app.mailer, config: app.config, log: app.log, signAccessToken: app.signAccessToken };
  const { setSessionCookie } = sessionCookies(app);
  const { readContinuationCookie, clearContinuationCookie } = continuationCookies(app);

  app.get(
    '/api/auth/continue',
    {
      schema: {
        tags,
        summary: "Whether this browser may continue into the account it registered (activated, within 30 minutes): only the first name, or null",
        response: { 200: continuationOfferSchema, ...errorResponses(429) },
      },
      config: { rateLimit: perIpLimit(IP_LIMITS.refresh, app.config.isProduction) },
    },
    async (request, reply) => {
      const firstName = await continuationOffer(deps, readContinuationCookie(request));
      return reply.header('cache-control', 'no-store').send({ first_name: firstName });
    },
  );

  app.post(
    '/api/auth/continue',
    {
      schema: {
        tags,
        summary: "Sign in with this browser's registration continuation, once: the same session (and second factor) as a password login",
        // 401: no live continuation in this browser (used, expired, another browser, not activated, erased).
        response: { 200: accessTokenResponseSchema, ...errorResponses(401, 429) },
      },
      config: { rateLimit: perIpLimit(IP_LIMITS.login, app.config.isProduction) },
    },
    async (request, reply) => {
      const token = readContinuationCookie(request);
      // Used or refused, the cookie goes: it is good for one press only.
      clearContinuationCookie(reply, request);
      const session = await continueSignIn(deps, token);
      setSessionCookie(reply, session);
      return reply.send({ access_token: session.accessToken, two_factor: session.twoFactor });
    },
  );
};

export default routes;
