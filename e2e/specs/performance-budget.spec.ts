import path from 'node:path';
import { expect, test } from '@playwright/test';
import { initialScripts } from '../support/initial-js.ts';

// Decision 024: the landing page's initial JavaScript, counted from the built files (not timed):
// every script its HTML loads before interaction, gzipped, at most 100 KB.
const DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');
const BUDGET_BYTES = 100 * 1024;

for (const url of ['/?country=NZ', '/?country=UK', '/about', '/privacy-policy']) {
  test(`initial JavaScript of ${url} is at most 100 KB gzipped`, async ({ request }) => {
    const res = await request.get(url);
    expect(res.ok()).toBe(true);
    const scripts = initialScripts(await res.text(), DIST);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const detail = scripts.map((s) => `${s.file} ${(s.gzip / 1024).toFixed(1)} KB`).join(', ');
    test.info().annotations.push({ type: `initial JS of ${url} (gzip)`, description: `${(total / 1024).toFixed(1)} KB: ${detail}` });
    expect(scripts.length, 'the page names its scripts').toBeGreaterThan(0);
    // The app (React and the router, preloaded after the first paint) is counted, not only the entry.
    expect(total, `the app itself is counted: ${detail}`).toBeGreaterThan(50 * 1024);
    expect(total, detail).toBeLessThanOrEqual(BUDGET_BYTES);
  });
}
