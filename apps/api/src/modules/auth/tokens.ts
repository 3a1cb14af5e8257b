import { createHash, randomBytes } from 'node:crypto';

/** A new random token (256 bits, URL-safe) for activation, reset or refresh. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: its SHA-256, so a leaked table opens nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The per-account rate-limit key: a SHA-256 of the normalised email. */
export function subjectHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}

export const ACTIVATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
export const REFRESH_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export const REFRESH_COOKIE = 'uplift_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

/** The refresh cookie: httpOnly, SameSite=Strict, only sent to /api/auth, Secure in production. */
export function refreshCookieOptions(isProduction: boolean, maxAgeMs: number = REFRESH_TTL_MS) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: isProduction,
    path: REFRESH_COOKIE_PATH,
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}
