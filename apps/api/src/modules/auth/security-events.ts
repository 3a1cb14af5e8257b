import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isForeignRecordRefusal } from '../../errors.ts';
import { writeSecurityEvent, type SecurityEventFields, type SecurityEventName } from '../../security-log.ts';

// Which answers are security events (docs/security.md); `security-log.ts` writes the line.

export { SECURITY_EVENTS, type SecurityEventName } from '../../security-log.ts';

/** Writes one security event of a request: who it concerns (null when unknown), its IP and request id, and the answer's status. */
export function securityEvent(request: FastifyRequest, name: SecurityEventName, userId: number | null | undefined, extra: Pick<SecurityEventFields, 'actorId' | 'status' | 'why'> = {}): void {
  writeSecurityEvent(request.log, name, { userId: userId ?? null, ip: request.ip, requestId: request.id, ...extra });
}

// Whom a request's event concerns when it is not the signed-in user (a sign-in, a logout, a reset).
const subjects = new WeakMap<FastifyRequest, number>();

/** Notes whom a request concerns, for its security event (the sign-in's account, the reset's). */
export function noteSubject(request: FastifyRequest, userId: number | undefined): void {
  if (userId !== undefined) subjects.set(request, userId);
}


/** A route's events: `ok` on a 2xx answer, else by status; `subject: 'param'`: the event is about the account `:id`. */
type RouteEvent = { ok?: SecurityEventName; subject?: 'param' } & Partial<Record<number, SecurityEventName>>;

/**
 * The routes whose answers are security events (a 429 on any route is one too). Refusals that
 * carry a reason are written where they are decided: a second-factor code (two-factor.service.ts),
 * a passkey (passkeys.service.ts), an admin route or a token owing its second factor (plugins/auth.ts).
 */
const ROUTE_EVENTS: Record<string, RouteEvent> = {
  'POST /api/auth/login': { ok: 'login', 401: 'login_failed', 403: 'login_not_activated' },
  'POST /api/auth/continue': { ok: 'login_continued', 401: 'continuation_refused' },
  'POST /api/auth/two-factor/verify': { ok: 'second_factor' },
  'POST /api/auth/two-factor/enrolment/confirm': { ok: 'two_factor_changed' },
  'POST /api/auth/passkeys/authentication/verify': { ok: 'passkey_login' },
  'POST /api/auth/passkeys/registration/verify': { ok: 'passkey_added' },
  'DELETE /api/auth/passkeys/:id': { ok: 'passkey_removed' },
  'POST /api/auth/logout': { ok: 'logout' },
  'POST /api/auth/step-up': { ok: 'step_up' },
  'POST /api/auth/two-factor/recovery-codes': { ok: 'two_factor_changed' },
  'DELETE /api/auth/two-factor': { ok: 'two_factor_changed' },
  'POST /api/auth/forgot': { ok: 'password_reset_requested' },
  'POST /api/auth/reset': { ok: 'password_reset', 400: 'password_reset_refused' },
  'POST /api/account/password': { ok: 'password_changed' },
  'POST /api/account/email/confirm': { ok: 'email_changed' },
  'POST /api/account/erase': { ok: 'account_erased' },
  'DELETE /api/account/sessions/:id': { ok: 'session_ended' },
  'POST /api/account/sessions/sign-out-others': { ok: 'sessions_ended_others' },
  'POST /api/admin/users/:id/sessions/revoke': { ok: 'sessions_revoked', subject: 'param' },
  'POST /api/admin/users/:id/two-factor/reset': { ok: 'two_factor_changed', subject: 'param' },
};

function onAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) {
  const status = reply.statusCode;
  const route = ROUTE_EVENTS[`${request.method} ${request.routeOptions.url ?? ''}`];
  const signedIn = request.user?.id;
  if (status === 429) securityEvent(request, 'rate_limited', subjects.get(request) ?? signedIn, { status });
  else if (route) {
    const name = status >= 200 && status < 300 ? route.ok : route[status];
    if (name) {
      if (route.subject === 'param') {
        const id = Number((request.params as { id?: string }).id);
        securityEvent(request, name, Number.isInteger(id) ? id : null, signedIn === undefined ? { status } : { actorId: signedIn, status });
      } else securityEvent(request, name, subjects.get(request) ?? signedIn, { status });
    }
  }
  done(null, payload);
}

/** The hooks that write the route-level events, refused access to others' records and rate-limit refusals, for every route. */
export const securityEventsPlugin = fp(async function securityEvents(app: FastifyInstance) {
  app.addHook('onError', (request, _reply, error, done) => {
    if (isForeignRecordRefusal(error)) securityEvent(request, 'access_refused', request.user?.id, { status: 404 });
    done();
  });
  // onSend, not onResponse: the line is written before the answer leaves, in the answer's order.
  app.addHook('onSend', onAnswer);
});
