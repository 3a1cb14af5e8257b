import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('GET /metrics', () => {
  let ctx: TestContext;
  let off: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
    off = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
    await off.close();
  });

  const scrape = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/metrics', headers });

  it('answers 404 when METRICS_TOKEN is not set, whatever the request carries', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers 401 without the bearer token or with another', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token' }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }];
    for (const headers of attempts) {
      const res = await scrape(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toMatchObject({ code: 'metrics.unauthorized', message: expect.stringContaining('METRICS_TOKEN') });
    }
  });

  it('counts requests by route pattern (not the raw URL), with latency, and reads queue, mail, billing and pool figures', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/campaign/987654' })).statusCode).toBe(404);
    const res = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/^uplift_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1$/m);
    expect(text).toMatch(/^uplift_http_requests_total\{method="GET",route="\/api\/campaign\/:id",status="404"\} 1$/m);
    expect(text).not.toContain('987654');
    expect(text).toMatch(/^uplift_http_request_duration_seconds_count\{method="GET",route="\/api\/health"\} 1$/m);
    expect(text).toMatch(/^uplift_billing_charges_total\{outcome="charged"\} 0$/m);
    expect(text).toMatch(/^uplift_billing_charges_total\{outcome="failed"\} 0$/m);
    expect(text).toMatch(/^uplift_job_queue_waiting 0$/m);
    expect(text).toMatch(/^uplift_mails_24h\{outcome="sent"\} 0$/m);
    expect(text).toMatch(/^uplift_pg_pool_connections\{state="total"\} \d+$/m);
    expect(text).toMatch(/^uplift_process_cpu_seconds_total /m);
    // The refused scrapes above were counted too, under the route's own pattern.
    expect(text).toMatch(/^uplift_http_requests_total\{method="GET",route="\/metrics",status="401"\} 4$/m);
  });
});
