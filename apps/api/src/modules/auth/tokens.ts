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
/** A registration's continuation lives 30 minutes from the registration (docs/decisions/168). */
export const CONTINUATION_TTL_MS = 30 * 60 * 1000;
export const REFRESH_TTL_MS = 14 * 24 * 60 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;
/**
 * Absolute lifetime of a refresh-token family (one sign-in and all its rotations): after it the
 * person logs in again, however often the session was refreshed (docs/decisions/073).
 */
export const SESSION_LIFETIME_MS = { user: 30 * 24 * HOUR_MS, admin: 12 * HOUR_MS } as const;
export const sessionLifetimeMs = (role: string): number => (role === 'admin' ? SESSION_LIFETIME_MS.admin : SESSION_LIFETIME_MS.user);

export const REFRESH_COOKIE = 'uplift_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

/** Where the cookie is set: over https (APP_URL) it is Secure and `__Host-`-prefixed. */
export type CookieSite = { appUrl: string; isProduction: boolean };
const isHttps = (site: CookieSite) => site.appUrl.startsWith('https:');

/**
 * The refresh cookie's name: `__Host-uplift_refresh` whenever APP_URL is https, so the browser
 * takes it only when Secure, with Path=/ and no Domain: no subdomain or plain-http page can set
 * one in its place (docs/decisions/130).
 */
export function refreshCookieName(site: CookieSite): string {
  return isHttps(site) ? `__Host-${REFRESH_COOKIE}` : REFRESH_COOKIE;
}

/**
 * The name the refresh cookie had before (`__Secure-`, Path=/api/auth): still read when
 * refreshing, for one release, then replaced by the new one (docs/decisions/130).
 */
export const LEGACY_REFRESH_COOKIE = `__Secure-${REFRESH_COOKIE}`;

/** The refresh cookie's path: `/` as `__Host-` requires over https, else only /api/auth. */
export const refreshCookiePath = (site: CookieSite): string => (isHttps(site) ? '/' : REFRESH_COOKIE_PATH);

/** The refresh cookie: httpOnly, SameSite=Strict, Secure over https and in production; over http only sent to /api/auth. */
export function refreshCookieOptions(site: CookieSite, maxAgeMs: number = REFRESH_TTL_MS) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: isHttps(site) || site.isProduction,
    path: refreshCookiePath(site),
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}

export const CONTINUATION_COOKIE = 'uplift_continue';

/**
 * The continuation cookie (docs/decisions/168): like the refresh cookie, `__Host-`-prefixed, Secure
 * and on / over https, else only sent to /api/auth; HttpOnly and SameSite=Strict either way.
 */
export function continuationCookieName(site: CookieSite): string {
  return isHttps(site) ? `__Host-${CONTINUATION_COOKIE}` : CONTINUATION_COOKIE;
}

export function continuationCookieOptions(site: CookieSite, maxAgeMs: number = CONTINUATION_TTL_MS) {
  return { ...refreshCookieOptions(site, maxAgeMs) };
}
