import { describe, expect, it } from 'vitest';
import { BRAND, copyrightText, shareLinks } from './brand.ts';

describe('brand', () => {
  it('names what product-rules §10 names', () => {
    expect(BRAND.product).toBe('Uplift');
    expect(BRAND.operator).toBe('Uplift Charitable Trust');
    expect(BRAND.contactEmail).toBe('hello@uplift.org.nz');
    expect(BRAND.country).toBe('New Zealand');
    expect(BRAND.social.map((s) => s.name)).toEqual(['Facebook', 'Instagram']);
    for (const link of BRAND.social) expect(link.url).toMatch(/^https:\/\//);
  });

  it('writes the copyright and share links', () => {
    expect(copyrightText(2026)).toBe('© 2026 Uplift Charitable Trust');
    const [facebook, x] = shareLinks('https://uplift.org.nz/?a=1&b=2', 'I joined Uplift!');
    expect(facebook?.url).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fuplift.org.nz%2F%3Fa%3D1%26b%3D2');
    expect(x?.url).toContain('text=I%20joined%20Uplift!');
  });
});
