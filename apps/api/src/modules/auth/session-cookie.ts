import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionTokens } from './auth.service.ts';
import { noteSubject } from './security-events.ts';
import { LEGACY_REFRESH_COOKIE, REFRESH_COOKIE_PATH, refreshCookieName, refreshCookieOptions } from './tokens.ts';

// The sign-in (started or refreshed) a reply carries, for its device's record (sessions-list.ts).
const startedSessions = new WeakMap<FastifyReply, SessionTokens>();

/** The session a reply's cookie was set for, if any. */
export const sessionOfReply = (reply: FastifyReply): SessionTokens | undefined => startedSessions.get(reply);

/** The refresh cookie of the routes that start, rotate or end a session (sign-in and its second factor). */
export function sessionCookies(app: Pick<FastifyInstance, 'config' | 'clock'>) {
  const cookieName = refreshCookieName(app.config);
  // Over https the cookie was `__Secure-` on /api/auth before it became `__Host-` on /: the old one is still read, for one release.
  const legacyName = cookieName.startsWith('__Host-') ? LEGACY_REFRESH_COOKIE : undefined;
  const clearLegacy = (reply: FastifyReply) => {
    if (legacyName && reply.request.cookies[legacyName]) {
      reply.clearCookie(legacyName, { ...refreshCookieOptions(app.config), path: REFRESH_COOKIE_PATH, maxAge: undefined });
    }
  };
  return {
    readRefreshCookie: (request: FastifyRequest): string | undefined =>
      request.cookies[cookieName] || (legacyName ? request.cookies[legacyName] : undefined) || undefined,
    // The cookie lives as long as its token, which never outlives the session's absolute lifetime.
    setSessionCookie: (reply: FastifyReply, session: SessionTokens) => {
      noteSubject(reply.request, session.userId);
      startedSessions.set(reply, session);
      clearLegacy(reply);
      return reply
        .setCookie(cookieName, session.refreshToken, refreshCookieOptions(app.config, session.refreshExpiresAt.getTime() - app.clock.now().getTime()))
        .header('cache-control', 'no-store');
    },
    clearSessionCookie: (reply: FastifyReply) => {
      clearLegacy(reply);
      return reply.clearCookie(cookieName, { ...refreshCookieOptions(app.config), maxAge: undefined });
    },
  };
}
