import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/context.ts';

describe('app foundation', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('reports the database in /api/health', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
  });

  it('answers unknown /api paths with 404 JSON', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/does-not-exist', code: 'not_found' });
  });

  it('answers a malformed JSON body with 400 JSON {message}', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The request body is not valid JSON' });
  });

  it('answers a malformed or over-long address in the usual {message, code} shape', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/campaign/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The address is not valid', code: 'request.bad_url' });
    const long = await ctx.app.inject({ method: 'GET', url: `/api/campaign/${'9'.repeat(101)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'The address is too long', code: 'request.url_too_long' });
  });

  it('answers an id too large for the database with 400, not 500', async () => {
    for (const url of ['/api/campaign/99999999999', '/api/challenge/2147483648', '/api/recipient/9007199254740993']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ message: 'id must be a positive whole number' });
    }
  });

  it('sends security headers: an API answer allows nothing to run, load or frame it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Anything else (pages, files, the 404 page) gets the page's headers, with the CSP admitting Stripe.
    const other = await ctx.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(other.headers['content-security-policy']).toContain("default-src 'self'");
    expect(other.headers['content-security-policy']).toContain('https://js.stripe.com');
    expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('has the seeded challenges and charities in the template', async () => {
    const { rows } = await ctx.db.$client.query('select count(*)::int as n from challenges');
    expect(rows[0].n).toBe(6);
  });
});
