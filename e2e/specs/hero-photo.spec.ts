import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { adminAccessToken } from '../support/admin.ts';

// A campaign's hero photo on the landing (docs/decisions/170): uploaded by the admin with its
// description, drawn full-bleed in the hero at the width shown (AVIF in Chromium), sized before it
// loads and fetched first, so the page does not move when it arrives; removed, the illustration is back.

declare global {
  interface Window {
    __layoutShift: number;
  }
}

/** A noisy 2400 × 1000 JPEG: big enough for every stored width. */
async function photo(): Promise<string> {
  const width = 2400;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return (await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer()).toString('base64');
}

const ALT = 'Friends sharing a thermos of tea on a frosty morning at the beach';

test('the landing’s hero shows its campaign’s photo full-bleed, sized and fetched first, and nothing moves as it loads (360 and 1280 px)', async ({ browser, request }) => {
  const token = await adminAccessToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const campaign = (await (await request.get('/api/campaign/closest/NZ')).json()) as { id: number };
  const put = await request.put(`/api/campaign/${campaign.id}/photo`, { headers, data: { photo_base64: await photo(), alt: ALT } });
  expect(put.status(), await put.text()).toBe(200);
  try {
    for (const width of [360, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      try {
        const page = await context.newPage();
        await page.addInitScript(() => {
          window.__layoutShift = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
              if (!entry.hadRecentInput) window.__layoutShift += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        // The photo arrives late, as on a slow network: its box must be there before it does.
        await page.route('**/api/campaign/*/photo?*', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 800));
          await route.continue();
        });
        // The server reuses a landing's render for a few seconds: read it until it has the photo.
        await expect(async () => {
          await page.goto('/?country=NZ');
          await expect(page.getByRole('img', { name: ALT })).toBeAttached({ timeout: 1000 });
        }).toPass({ timeout: 20_000 });
        const html = await (await request.get('/?country=NZ')).text();
        expect(html, 'the photo is in the server-rendered HTML, fetched first').toMatch(/<img[^>]*fetchpriority="high"/i);
        const img = page.getByRole('img', { name: ALT });
        await expect(img).toHaveAttribute('fetchpriority', 'high');
        // Its box is set before it loads: the stylesheet's aspect ratio across the full width.
        expect(await img.evaluate((el) => getComputedStyle(el).aspectRatio)).toBe(width < 600 ? '3 / 2' : '16 / 5');
        await expect(page.locator('.hero-art')).toBeHidden();
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
        const shown = await img.evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, box: el.getBoundingClientRect(), viewport: document.documentElement.clientWidth }));
        expect(shown.src, 'AVIF in Chromium').toContain('format=avif');
        expect(shown.box.left).toBe(0);
        expect(shown.box.width, 'full-bleed').toBe(shown.viewport);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 500))));
        const shift = await page.evaluate(() => window.__layoutShift);
        test.info().annotations.push({ type: `layout shift on / with a hero photo at ${width} px`, description: shift.toFixed(4) });
        expect(shift).toBeLessThanOrEqual(0.01);
      } finally {
        await context.close();
      }
    }
  } finally {
    expect((await request.delete(`/api/campaign/${campaign.id}/photo`, { headers })).status()).toBe(200);
  }
});
