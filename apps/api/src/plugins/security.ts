import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';

/**
 * The security headers every answer carries (with a CSP that admits Stripe.js), worked out once by
 * Helmet at start-up. @fastify/helmet rebuilt Helmet's middleware (and re-parsed the CSP) on every
 * request, a sixth of a cached read's time; none of these headers varies per request (no nonces).
 */
export function securityHeaders(opts: { isProduction: boolean }): Record<string, string> {
  const headers: Record<string, string> = {};
  const capture = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://*.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // No page sets a <base>: none may (docs/decisions/130).
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: opts.isProduction ? [] : null,
      },
    },
    strictTransportSecurity: opts.isProduction,
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, capture as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err; // a bad directive stops the start rather than dropping headers silently
  });
  return headers;
}

/**
 * The API's JSON answers are not documents: nothing in them runs, loads or can be framed, so they
 * carry the headers that matter for an API (OWASP's REST guidance) instead of the page's dozen:
 * a CSP that allows nothing, nosniff, no referrer, same-origin only, and HSTS in production.
 */
export function apiSecurityHeaders(page: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(page['strict-transport-security'] ? { 'strict-transport-security': page['strict-transport-security'] } : {}),
  };
}

/** The API's JSON routes; the API reference under /api/docs is an HTML page. */
export const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** Security headers and response compression. */
export default fp(async function securityPlugin(app: FastifyInstance, opts: { isProduction: boolean }) {
  const pageHeaders = securityHeaders(opts);
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
    done();
  });
  await app.register(compress, { threshold: 1024 });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Personal data is never kept by a browser or shared cache (docs/decisions/071); public reads
    // keep their own short caching.
    if (isPersonal(request.url) || request.user) reply.header('cache-control', 'no-store');
  });
});

/** Routes whose answers are about a person (or are admin answers): always `Cache-Control: no-store`. */
// Public totals (/api/pledge/total/…) keep their short caching.
const PERSONAL = /^\/api\/(auth|pledge(?!\/total\/)|payment|admin|dev|test-provider)(?=[/_?]|$)/;
export function isPersonal(url: string): boolean {
  return PERSONAL.test(url);
}

/** Whether a client address (after the trusted proxies, see app.ts) is this machine. */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\./.test(ip);
}
