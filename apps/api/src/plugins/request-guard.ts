import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpErrors } from '../errors.ts';
import { CDN_COUNTRY_HEADERS } from '../modules/geo/index.ts';

export type RequestGuardOptions = {
  /** Whether the socket's address is one of the trusted proxies (TRUST_PROXY; config's trustedProxyCheck). */
  trustedProxy: (address: string | undefined) => boolean;
};

const NUL = '\u0000';

/** A NUL character anywhere in a string, or in the strings of an array or object (depth-limited). */
function holdsNul(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? '' : undefined;
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes(NUL)) return key;
    const at = holdsNul(inner, depth + 1);
    if (at !== undefined) return at === '' ? key : `${key}.${at}`;
  }
  return undefined;
}

/**
 * A path or query parameter of the request holds a NUL character: `%00` in the address (a query
 * key the route's schema drops counts too), or a decoded parameter holding one.
 */
export const hasNulParameter = (request: FastifyRequest): boolean =>
  request.url.includes('%00') || holdsNul(request.params) !== undefined || holdsNul(request.query) !== undefined;

/**
 * Checks every request once, before any handler or query sees it (docs/decisions/153):
 * - a NUL character in a path or query parameter is no one's slug, id or search (and PostgreSQL
 *   refuses it in text): an /api address answers 400 `request.bad_url`, a page the 404 page;
 * - a NUL in a JSON body's text (or key) answers 400 `validation` naming the field;
 * - the country a CDN puts in a header (CF-IPCountry and the like) is believed only from a trusted
 *   proxy: from anyone else the headers are dropped, so a client cannot choose the country shown
 *   in "signed-in devices" or the page's country guess.
 */
export default fp(async function requestGuardPlugin(app: FastifyInstance, opts: RequestGuardOptions) {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!opts.trustedProxy(request.socket.remoteAddress)) {
      for (const name of CDN_COUNTRY_HEADERS) delete request.headers[name];
    }
    done();
  });

  // After the route's own schema, so a field it refuses keeps the route's own words; before the
  // handler and the routes' own preHandler guards, so no query ever sees a NUL.
  app.addHook('preHandler', (request, reply, done) => {
    // The not-found handler answers unknown addresses itself (the spa plugin checks for a NUL there too).
    if (request.is404) return done();
    if (hasNulParameter(request)) {
      if (request.url.startsWith('/api/') || request.method !== 'GET') {
        const refusal = httpErrors.badUrl();
        void reply.status(refusal.status).send({ message: refusal.message, code: refusal.code });
      } else {
        reply.callNotFound();
      }
      return;
    }
    const at = holdsNul(request.body);
    if (at === undefined) return done();
    const message = 'Text may not contain a NUL character';
    const refusal = httpErrors.validation({ fieldMessage: message });
    void reply.status(refusal.status).send({ message: refusal.message, code: refusal.code, errors: [{ path: at, message }] });
  });
});
