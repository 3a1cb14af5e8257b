import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeDocument, type OpenApiDocument } from '../plugins/openapi.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { generateOpenApiDocument, OPENAPI_FILE } from './openapi-document.ts';

// docs/openapi.json is generated from the route schemas; it must match what the code says.

let generated: OpenApiDocument;
let ctx: TestContext;
beforeAll(async () => {
  generated = await generateOpenApiDocument();
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('the OpenAPI description', () => {
  it('docs/openapi.json is up to date', async () => {
    const committed = await readFile(OPENAPI_FILE, 'utf8').catch(() => '');
    expect(committed === serializeDocument(generated), 'docs/openapi.json is stale: run `npm run openapi` and commit the result').toBe(true);
  });

  it('is OpenAPI 3.1 with the bearer scheme, and describes only the API', () => {
    expect(generated.openapi).toBe('3.1.0');
    expect(generated.info).toMatchObject({ title: 'Uplift API' });
    expect(generated.components).toMatchObject({ securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } });
    const paths = Object.keys(generated.paths);
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.filter((p) => !p.startsWith('/api/') || p.startsWith('/api/dev/') || p.startsWith('/api/docs'))).toEqual([]);
    expect(paths).not.toContain('/api/openapi.json');
  });

  it('marks signed-in and admin operations with the bearer scheme, and public ones without', () => {
    const security = (path: string, method: string) => generated.paths[path]?.[method]?.security;
    expect(security('/api/auth/user_info', 'get')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/pledge/closest', 'get')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/auth/all_users', 'get')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/campaign/{id}', 'delete')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/campaign/{id}', 'get')).toBeUndefined();
    expect(security('/api/auth/login', 'post')).toBeUndefined();
  });

  it('is served at GET /api/openapi.json exactly as committed', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(generated);
  });

  it('serves the reference page at /api/docs with its script from the app, allowed by hash only there', async () => {
    const redirect = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(redirect.statusCode).toBe(301);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('/api/openapi.json');
    expect(page.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    const scriptSrc = /script-src [^;]*/.exec(String(page.headers['content-security-policy']))?.[0];
    expect(scriptSrc).toMatch(/^script-src 'self' .*'sha256-[A-Za-z0-9+/=]+'$/);
    expect(scriptSrc).not.toContain('unsafe');

    const script = await ctx.app.inject({ method: 'GET', url: '/api/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);

    // Elsewhere the policy is unchanged.
    const other = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(other.headers['content-security-policy'])).not.toContain('sha256-');
  });
});
