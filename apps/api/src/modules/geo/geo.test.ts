import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { guessCountry, preferredRegion } from './geo.ts';

describe('guessCountry', () => {
  it.each([
    [{ 'cf-ipcountry': 'GB' }, { country: 'UK', source: 'cdn' }],
    [{ 'cf-ipcountry': 'NZ' }, { country: 'NZ', source: 'cdn' }],
    [{ 'cf-ipcountry': 'AU' }, { country: 'NZ', source: 'cdn' }],
    [{ 'cloudfront-viewer-country': 'gb' }, { country: 'UK', source: 'cdn' }],
    [{ 'x-vercel-ip-country': 'GB' }, { country: 'UK', source: 'cdn' }],
    // The CDN's view of the connection wins over the browser's language.
    [{ 'cf-ipcountry': 'NZ', 'accept-language': 'en-GB' }, { country: 'NZ', source: 'cdn' }],
    // Cloudflare's "unknown" and Tor codes are no answer: fall back to the language.
    [{ 'cf-ipcountry': 'XX', 'accept-language': 'en-GB,en;q=0.9' }, { country: 'UK', source: 'language' }],
    [{ 'cf-ipcountry': 'T1', 'accept-language': 'en-GB' }, { country: 'UK', source: 'language' }],
    [{ 'accept-language': 'en-NZ,en;q=0.9' }, { country: 'NZ', source: 'language' }],
    [{ 'accept-language': 'en-US,en;q=0.9' }, { country: 'NZ', source: 'language' }],
    [{ 'accept-language': 'en;q=0.9, en-GB;q=0.8' }, { country: 'UK', source: 'language' }],
    [{ 'accept-language': 'en' }, { country: 'NZ', source: 'none' }],
    [{}, { country: 'NZ', source: 'none' }],
  ])('%o -> %o', (headers, expected) => {
    expect(guessCountry(headers)).toEqual(expected);
  });

  it('reads the region of the most preferred tag that has one', () => {
    expect(preferredRegion('fr;q=0.5, mi-NZ;q=0.7, en-GB;q=0.6')).toBe('NZ');
    expect(preferredRegion('en-Latn-GB')).toBe('GB');
    expect(preferredRegion('*')).toBeUndefined();
    expect(preferredRegion('en-GB;q=0')).toBeUndefined();
    expect(preferredRegion(';;;,,')).toBeUndefined();
  });
});

describe('GET /api/geo', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Requests come from 127.0.0.1: here that is the trusted proxy whose CDN header is believed (country-header.test.ts).
    ctx = await createTestContext({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => ctx.close());

  it('answers {country, source} and keeps the answer out of shared caches', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/geo', headers: { 'cf-ipcountry': 'GB' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ country: 'UK', source: 'cdn' });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('falls back to the Accept-Language region', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/geo', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(res.json()).toEqual({ country: 'UK', source: 'language' });
  });

  it('answers NZ with source none when nothing tells', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/geo' });
    expect(res.json()).toEqual({ country: 'NZ', source: 'none' });
  });
});
