import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, isApiAnswer, securityHeaders } from './security.ts';

const directives = (csp: string | undefined) => (csp ?? '').split(';').sort();

// The headers are worked out once at start-up (not per request); these are the ones the app relies on.
describe('securityHeaders', () => {
  it('in production: the CSP admitting Stripe, HTTPS upgrades and HSTS, framing refused', () => {
    const h = securityHeaders({ isProduction: true });
    expect(directives(h['content-security-policy'])).toEqual(
      [
        "base-uri 'none'",
        'connect-src \'self\' https://api.stripe.com',
        "default-src 'self'",
        "font-src 'self' data:",
        "form-action 'self'",
        "frame-ancestors 'none'",
        'frame-src https://js.stripe.com https://hooks.stripe.com',
        "img-src 'self' data: https://*.stripe.com",
        "object-src 'none'",
        "script-src 'self' https://js.stripe.com",
        "script-src-attr 'none'",
        "style-src 'self' 'unsafe-inline'",
        'upgrade-insecure-requests',
      ],
    );
    expect(h['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['cross-origin-opener-policy']).toBe('same-origin');
    expect(h).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('in development (plain http on localhost): no HSTS and no upgrade to HTTPS', () => {
    const h = securityHeaders({ isProduction: false });
    expect(h).not.toHaveProperty('strict-transport-security');
    expect(h['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("for the API's JSON: a CSP that allows nothing, nosniff, no referrer, same-origin; HSTS in production only", () => {
    expect(apiSecurityHeaders(securityHeaders({ isProduction: true }))).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(apiSecurityHeaders(securityHeaders({ isProduction: false }))).not.toHaveProperty('strict-transport-security');
  });

  it('treats /api/ as the API, except the API reference page under /api/docs', () => {
    expect(isApiAnswer('/api/pledge/total/campaign/NZ')).toBe(true);
    expect(isApiAnswer('/api/openapi.json')).toBe(true);
    expect(isApiAnswer('/api/docs')).toBe(false);
    expect(isApiAnswer('/api/docs/')).toBe(false);
    expect(isApiAnswer('/')).toBe(false);
    expect(isApiAnswer('/apiary')).toBe(false);
  });
});
