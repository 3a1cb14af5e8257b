import type { FastifyBaseLogger } from 'fastify';

// Security events (docs/security.md, docs/decisions/130): each is ONE structured log line
// `{event: 'security.<name>', userId, ip, requestId}` and never a secret: no token, password,
// code, cookie or email is ever a field (the logger's redaction is a second net, not the first).
// This file writes the line; `modules/auth/security-events.ts` decides which answers are events.

export const SECURITY_EVENTS = [
  'login',
  'login_failed',
  'login_not_activated',
  'login_continued',
  'continuation_refused',
  'second_factor',
  'two_factor_failed',
  'second_factor_pending',
  'passkey_login',
  'passkey_refused',
  'passkey_added',
  'passkey_removed',
  'logout',
  'step_up',
  'step_up_failed',
  'password_changed',
  'password_reset_requested',
  'password_reset',
  'password_reset_refused',
  'email_changed',
  'two_factor_changed',
  'account_erased',
  'access_refused',
  'admin_denied',
  'rate_limited',
  'session_ended',
  'sessions_ended_others',
  'sessions_revoked',
  'dev_outbox_refused',
  'gift_refused',
] as const;
export type SecurityEventName = (typeof SECURITY_EVENTS)[number];

/** Refusals and failures are warnings; the rest is information. */
const WARNINGS = new Set<SecurityEventName>([
  'login_failed',
  'login_not_activated',
  'continuation_refused',
  'two_factor_failed',
  'second_factor_pending',
  'passkey_refused',
  'step_up_failed',
  'password_reset_refused',
  'access_refused',
  'admin_denied',
  'rate_limited',
  'dev_outbox_refused',
  'gift_refused',
]);

/**
 * What an event may say: whom it concerns (null when unknown), the client's IP (after the trusted
 * proxies, docs/decisions/071), the request id; the admin acting, the answer's status, the route's
 * pattern (never the raw URL, which can hold a token) and a fixed reason. Nothing else.
 */
export type SecurityEventFields = { userId: number | null; ip: string; requestId: string; actorId?: number; status?: number; route?: string; why?: string };

export function writeSecurityEvent(log: FastifyBaseLogger, name: SecurityEventName, fields: SecurityEventFields): void {
  const line = { event: `security.${name}`, ...fields };
  if (WARNINGS.has(name)) log.warn(line, `security event: ${name}`);
  else log.info(line, `security event: ${name}`);
}
