import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionTokens } from './auth.service.ts';
import { REFRESH_COOKIE_PATH, refreshCookieName, refreshCookieOptions } from './tokens.ts';

/** The refresh cookie of the routes that start, rotate or end a session (sign-in and its second factor). */
export function sessionCookies(app: Pick<FastifyInstance, 'config' | 'clock'>) {
  const cookieName = refreshCookieName(app.config);
  return {
    readRefreshCookie: (request: FastifyRequest): string | undefined => request.cookies[cookieName] || undefined,
    // The cookie lives as long as its token, which never outlives the session's absolute lifetime.
    setSessionCookie: (reply: FastifyReply, session: SessionTokens) =>
      reply
        .setCookie(cookieName, session.refreshToken, refreshCookieOptions(app.config, session.refreshExpiresAt.getTime() - app.clock.now().getTime()))
        .header('cache-control', 'no-store'),
    clearSessionCookie: (reply: FastifyReply) =>
      reply.clearCookie(cookieName, { ...refreshCookieOptions(app.config), path: REFRESH_COOKIE_PATH, maxAge: undefined }),
  };
}
