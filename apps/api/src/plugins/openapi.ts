import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { errorCatalogue, type CatalogueEntry } from '../errors.ts';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The security requirement of an operation that needs a bearer access token. */
const BEARER = [{ bearerAuth: [] }];

/** Short descriptions shown beside each tag on the reference page; tags not listed get none. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  admin: 'Campaign administration, the user list and the partner-charity export (admins only).',
  auth: 'Registration, activation, sessions and password recovery.',
  campaigns: 'Campaign reads.',
  challenges: 'The challenges a donor can take on.',
  geo: "The visitor's likely country.",
  health: 'Liveness and database health.',
  payments: 'Saved cards, the test card form and Stripe webhooks.',
  pledges: "A donor's pledge: creating, confirming, cancelling and reading it.",
  recipients: 'The charities a pledge can support.',
  summary: "The signed-in donor's payments and campaign.",
  totals: 'Running totals per campaign, challenge and charity.',
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
export type OpenApiDocument = JsonObject & { paths: Record<string, Record<string, JsonObject>> };

const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
// The error catalogue sits before `components`, so adding it or a code adds lines and changes none.
const TOP_LEVEL_ORDER = ['openapi', 'info', 'servers', 'tags', 'paths', 'x-error-codes', 'components', 'security', 'webhooks', 'externalDocs'];

const sortedKeys = (o: object, order?: string[]) =>
  Object.keys(o).sort((a, b) => {
    if (order) {
      const [ia, ib] = [order.indexOf(a), order.indexOf(b)];
      if (ia !== ib) return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib);
    }
    return a < b ? -1 : a > b ? 1 : 0;
  });

const pick = <T extends object>(o: T, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, (o as Record<string, unknown>)[k]])) as T;

/**
 * The document in a stable order, so the committed docs/openapi.json changes only when the
 * contract does: paths, methods, statuses, tags and components are sorted; a schema keeps the
 * order its zod schema declares. The tag list is the tags the operations use. `x-error-codes`
 * is every code a failure can answer with its status and message (docs/decisions/111).
 */
export function normalizeDocument(raw: object, errorCodes: readonly CatalogueEntry[]): OpenApiDocument {
  const doc = JSON.parse(JSON.stringify(raw)) as OpenApiDocument;
  const used = new Set<string>();
  const paths: OpenApiDocument['paths'] = {};
  for (const url of sortedKeys(doc.paths)) {
    const item = doc.paths[url]!;
    const methods: Record<string, JsonObject> = {};
    for (const method of sortedKeys(item, METHOD_ORDER)) {
      const op = item[method]!;
      if (op.responses && typeof op.responses === 'object') {
        const responses = op.responses as Record<string, JsonObject>;
        // A status without its own description gets its HTTP reason rather than "Default Response".
        for (const [status, response] of Object.entries(responses)) {
          if (response.description === 'Default Response') response.description = STATUS_CODES[status] ?? status;
        }
        op.responses = pick(responses, sortedKeys(responses));
      }
      for (const tag of (op.tags as string[] | undefined) ?? []) used.add(tag);
      methods[method] = op;
    }
    paths[url] = methods;
  }
  doc.paths = paths;
  doc['x-error-codes'] = errorCodes.map(({ code, status, message }) => ({ code, status, message }));
  doc.tags = [...used].sort().map((name): JsonObject => {
    const description = TAG_DESCRIPTIONS[name];
    return description ? { name, description } : { name };
  });
  const components = doc.components as Record<string, JsonObject> | undefined;
  if (components) {
    if (components.schemas) components.schemas = usedSchemas(doc.paths, components.schemas);
    for (const key of Object.keys(components)) components[key] = pick(components[key]!, sortedKeys(components[key]!));
    doc.components = pick(components, sortedKeys(components));
  }
  return pick(doc, sortedKeys(doc, TOP_LEVEL_ORDER));
}

const SCHEMA_REF = '#/components/schemas/';

function collectRefs(value: Json, into: Set<string>) {
  if (Array.isArray(value)) for (const v of value) collectRefs(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith(SCHEMA_REF)) into.add(v.slice(SCHEMA_REF.length));
      else collectRefs(v, into);
    }
  }
}

/**
 * The named schemas the operations reference, directly or through each other. The zod registry
 * yields an input and an output variant of every named schema; only the used ones are kept.
 * Their `$schema` and fragment `$id` go: OpenAPI 3.1 already means JSON Schema 2020-12, and a
 * fragment is not a valid `$id` there.
 */
function usedSchemas(paths: Json, schemas: JsonObject): JsonObject {
  const used = new Set<string>();
  collectRefs(paths, used);
  for (const queue = [...used]; queue.length > 0; ) {
    const found = new Set<string>();
    collectRefs(schemas[queue.pop()!] ?? null, found);
    for (const name of found) {
      if (used.has(name)) continue;
      used.add(name);
      queue.push(name);
    }
  }
  const out: JsonObject = {};
  for (const name of [...used].sort()) {
    const schema = schemas[name];
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) continue;
    const { $schema: _dialect, $id: id, ...rest } = schema;
    out[name] = typeof id === 'string' && !id.startsWith('#') ? { $id: id, ...rest } : rest;
  }
  return out;
}

/** The committed form: 2-space JSON with a trailing newline. */
export const serializeDocument = (doc: OpenApiDocument) => `${JSON.stringify(doc, null, 2)}\n`;

/** Every route under this prefix is registered inside the admin plugin, behind requireAdmin (routes.ts). */
const ADMIN_PREFIX = '/api/admin/';

/**
 * Whether a route needs a bearer token: its own hooks run `authenticate` or `requireAdmin`, or
 * it is an admin route, by its address or its tag (the admin check is a hook on the whole admin
 * plugin, so the route's own options do not show it: moderation's admin routes, tagged
 * `moderation`, were described as open until the address counted, docs/decisions/154).
 */
function needsToken(app: FastifyInstance, route: RouteOptions, url: string, tags: readonly string[] | undefined): boolean {
  const hooks = [route.onRequest, route.preHandler].flat().filter(Boolean);
  return hooks.includes(app.authenticate) || hooks.includes(app.requireAdmin) || url.startsWith(ADMIN_PREFIX) || (tags?.includes('admin') ?? false);
}

/** The inline scripts of an HTML page as CSP hash sources. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`'sha256-${createHash('sha256').update(match[1] ?? '').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The OpenAPI 3.1 description of every /api route, generated from the route schemas (zod, via
 * the type provider's transform), at GET /api/openapi.json, and a readable reference (Scalar,
 * its script served from the package: no CDN) at /api/docs. Register before the routes.
 */
export default fp(async function openApiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Uplift API',
        version: '1.0.0',
        description:
          'The API behind Uplift, a month-long giving challenge. Every failure answers JSON `{message, code}` (schema `Error`). ' +
          'Signed-in routes take the access token from POST /api/auth/login as `Authorization: Bearer <token>`.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (input) => {
      // Only the API is described: not the SPA, its files, the dev outbox or these pages.
      if (!input.url.startsWith('/api/') || input.url.startsWith('/api/dev/')) return { schema: { hide: true }, url: input.url };
      const out = jsonSchemaTransform(input);
      const schema = { ...(out.schema ?? {}) };
      if (!schema.hide && !schema.security && needsToken(app, input.route, input.url, schema.tags)) schema.security = BEARER;
      return { schema, url: out.url };
    },
    transformObject: jsonSchemaTransformObject,
  });

  let document: OpenApiDocument | undefined;
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async (_request, reply) => {
    document ??= normalizeDocument(app.swagger(), errorCatalogue());
    return reply.header('cache-control', 'no-cache').send(document);
  });

  // Encapsulated, so the page's script policy applies to the reference only.
  await app.register(async function docsPage(docs) {
    // Scalar starts itself from one inline script: allow exactly that script by its hash.
    docs.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      // The 4.9 MB script changes only with the package version: let browsers keep it a day.
      if (request.url.endsWith('.js')) reply.header('cache-control', 'public, max-age=86400');
      if (typeof payload !== 'string' || !String(reply.getHeader('content-type')).startsWith('text/html')) return payload;
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      const hashes = inlineScriptHashes(payload).join(' ');
      reply.header('content-security-policy', csp.replace(/script-src [^;]*/, (directive) => `${directive} ${hashes}`));
      return payload;
    });
    await docs.register(scalar, {
      routePrefix: DOCS_PATH,
      logLevel: 'warn',
      configuration: {
        url: OPENAPI_JSON_PATH,
        pageTitle: 'Uplift API reference',
        // The site's own icon, so the browser does not ask for a /favicon.ico the site does not have.
        favicon: '/favicon.svg',
        // Nothing leaves the site: no web fonts, no telemetry, none of Scalar's hosted services.
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: true,
        showDeveloperTools: 'never',
        agent: { disabled: true },
        documentDownloadType: 'json',
      },
    });
  });
});
