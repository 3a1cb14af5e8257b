import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isForeignRecordRefusal } from '../../errors.ts';

// Security events (docs/security.md, docs/decisions/130): each is ONE structured log line
// `{event: 'security.<name>', userId, ip, requestId}` and never a secret: no token, password,
// code, cookie or email is ever a field (the logger's redaction is a second net, not the first).

export const SECURITY_EVENTS = [
  'login',
  'login_failed',
  'second_factor',
  'second_factor_failed',
  'logout',
  'password_changed',
  'password_reset',
  'email_changed',
  'two_factor_changed',
  'account_erased',
  'access_refused',
  'rate_limited',
  'session_ended',
  'sessions_ended_others',
  'sessions_revoked',
] as const;
export type SecurityEventName = (typeof SECURITY_EVENTS)[number];

/** Writes one security event of a request: who it concerns (null when unknown), the IP and the request id. */
export function securityEvent(request: FastifyRequest, name: SecurityEventName, userId: number | null | undefined, extra: { actorId?: number } = {}): void {
  request.log.info({ event: `security.${name}`, userId: userId ?? null, ip: request.ip, requestId: request.id, ...extra }, `security.${name}`);
}

// Whom a request's event concerns when it is not the signed-in user (a sign-in, a logout, a reset).
const subjects = new WeakMap<FastifyRequest, number>();

/** Notes whom a request concerns, for its security event (the sign-in's account, the reset's). */
export function noteSubject(request: FastifyRequest, userId: number | undefined): void {
  if (userId !== undefined) subjects.set(request, userId);
}


type RouteEvent = { ok?: SecurityEventName; refused?: SecurityEventName; subject?: 'param' };

/** The routes whose answer is a security event: `ok` on a 2xx, `refused` on a 4xx other than 429. */
const ROUTE_EVENTS: Record<string, RouteEvent> = {
  'POST /api/auth/login': { ok: 'login', refused: 'login_failed' },
  'POST /api/auth/two-factor/verify': { ok: 'second_factor', refused: 'second_factor_failed' },
  'POST /api/auth/two-factor/enrolment/confirm': { ok: 'two_factor_changed', refused: 'second_factor_failed' },
  'POST /api/auth/logout': { ok: 'logout' },
  'POST /api/auth/reset': { ok: 'password_reset' },
  'POST /api/account/password': { ok: 'password_changed' },
  'POST /api/account/email/confirm': { ok: 'email_changed' },
  'POST /api/account/erase': { ok: 'account_erased' },
  'DELETE /api/account/sessions/:id': { ok: 'session_ended' },
  'POST /api/account/sessions/sign-out-others': { ok: 'sessions_ended_others' },
  'POST /api/admin/users/:id/sessions/revoke': { ok: 'sessions_revoked', subject: 'param' },
  'POST /api/admin/users/:id/two-factor/reset': { ok: 'two_factor_changed', subject: 'param' },
};

function onAnswer(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  const status = reply.statusCode;
  const route = ROUTE_EVENTS[`${request.method} ${request.routeOptions.url ?? ''}`];
  const signedIn = request.user?.id;
  if (status === 429) securityEvent(request, 'rate_limited', subjects.get(request) ?? signedIn);
  else if (route) {
    const name = status < 300 ? route.ok : status >= 400 && status < 500 ? route.refused : undefined;
    if (name) {
      if (route.subject === 'param') {
        const id = Number((request.params as { id?: string }).id);
        securityEvent(request, name, Number.isInteger(id) ? id : null, signedIn === undefined ? {} : { actorId: signedIn });
      } else securityEvent(request, name, subjects.get(request) ?? signedIn);
    }
  }
  done();
}

/** The hooks that write the route-level events, refused access to others' records and rate-limit refusals, for every route. */
export const securityEventsPlugin = fp(async function securityEvents(app: FastifyInstance) {
  app.addHook('onError', (request, _reply, error, done) => {
    if (isForeignRecordRefusal(error)) securityEvent(request, 'access_refused', request.user?.id);
    done();
  });
  app.addHook('onResponse', onAnswer);
});
