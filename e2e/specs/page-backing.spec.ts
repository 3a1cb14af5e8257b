import { deflateSync, crc32 } from 'node:zlib';
import { expect, test, type Browser } from '@playwright/test';
import { pageImpactLine, pageWeeksLine } from '@uplift/core/page-backing';
import { asMinor } from '@uplift/core/money';
import { expectJson, registerConfirmedDonor } from '../support/donor.ts';
import { e2eDb } from '../support/fundraising.ts';
import { appStarted } from '../support/hydration.ts';
import { rememberSignIn } from '../support/session.ts';

// A page worth backing (docs/decisions/166): the owner uploads a wide cover and posts the
// suggested update on /my-page; a signed-out visitor sees the cover, the charity's cause, the
// impact in units, the weeks said as a person would and the update, and nothing shifts as it loads.

/** A 1800 × 900 PNG of soft diagonal bands, made here (no file in the repository). */
function coverPng(width = 1800, height = 900): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const band = Math.floor((x + y) / 120) % 2;
      rows[row + 1 + x * 3] = band ? 40 : 220;
      rows[row + 2 + x * 3] = 120 + (y % 100);
      rows[row + 3 + x * 3] = band ? 160 : 90;
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * The layout shift of the page's own content (what moved inside article.cp-page), summed by a
 * PerformanceObserver from the first paint until the cover and the gift form are in; shifts of the
 * site's navbar are logged apart (not this page's to hold). The visitor has been on the site before
 * (its fonts are in the browser's cache, the page and its cover are not): the first visit's font
 * swap is the fonts' own matter (tokens.css's fallback metrics), logged when it shows.
 */
async function layoutShiftOf(browser: Browser, url: string, width: number): Promise<number> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto('/');
  await appStarted(page);
  await page.waitForFunction(() => document.fonts.status === 'loaded' && (document.fonts as unknown as { size: number }).size > 0);
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? []).map((s) => (s.node instanceof Element ? s.node : (s.node?.parentElement ?? null)));
        const inPage = moved.some((el) => el?.closest('article.cp-page'));
        if (inPage) w.__cls += entry.value;
        w.__shifts.push(`${inPage ? 'page' : 'other'} ${entry.value.toFixed(4)}: ${moved.map((el) => (el ? `${el.tagName}.${el.className}` : '?')).join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url);
  await appStarted(page);
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('picture.cp-banner img');
    return img !== null && img.complete && img.naturalWidth > 0 && document.fonts.status === 'loaded';
  });
  // The gift form's lazy chunk has arrived and drawn.
  await page.getByRole('region', { name: /^Give to / }).getByRole('button').first().waitFor();
  const cls = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve((window as unknown as { __cls: number }).__cls)))));
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
  if (shifts.length > 0) console.log(`layout shifts at ${width} px:\n${shifts.join('\n')}`);
  await page.screenshot({ path: test.info().outputPath(`p-${width}.png`), fullPage: true });
  await context.close();
  return cls;
}

test('the owner adds a cover and the suggested update; /p shows what backs the page and does not shift', async ({ page, browser, request }) => {
  const stamp = Date.now();
  const slug = `backing-${stamp}`;
  const email = `e2e.backing.${stamp}@example.org`;
  const donor = await registerConfirmedDonor(page.request, { email, firstName: 'Ana', lastName: 'Ruatapu', address: '3 Tui Street, Wellington' });
  const auth = { authorization: `Bearer ${donor.token}` };
  await expectJson(await page.request.post('/api/my-page', { headers: auth, data: { slug } }));
  await expectJson(await page.request.patch('/api/my-page', { headers: auth, data: { published: true } }));

  // The first week's payment received (as the billing run records it), so the page has something to tell.
  const db = await e2eDb();
  let facts: { billing_start_date: string; cost_per_unit: number; amount: number; unit: string; impact_description: string };
  try {
    const paid = await db.query<{ amount: number }>(
      `update payments set payment_status = 'Success'
        where id = (select pay.id from payments pay join pledges pl on pl.id = pay.pledge_id join users u on u.id = pl.user_id
                     where lower(u.email) = lower($1) order by pay.processing_date limit 1)
        returning amount`,
      [email],
    );
    const row = await db.query<{ billing_start_date: string; cost_per_unit: number; unit: string; impact_description: string }>(
      `select ca.billing_start_date::text, pl.cost_per_unit, ch.unit, r.impact_description
         from pledges pl join users u on u.id = pl.user_id join campaigns ca on ca.id = pl.campaign_id
         join challenges ch on ch.id = pl.challenge_id join recipients r on r.id = pl.recipient_id
        where lower(u.email) = lower($1) and pl.pledge_status = 'Confirmed'`,
      [email],
    );
    facts = { ...row.rows[0]!, amount: Number(paid.rows[0]!.amount), cost_per_unit: Number(row.rows[0]!.cost_per_unit) };
  } finally {
    await db.end();
  }
  const impact = pageImpactLine({ receivedMinor: asMinor(facts.amount), costPerUnitMinor: asMinor(facts.cost_per_unit), unit: facts.unit, country: 'NZ' })!;
  const weeks = pageWeeksLine({ billingStart: facts.billing_start_date, weeksTotal: 4, country: 'NZ', now: new Date() }).text;

  // The owner uploads a cover and posts the suggested update, edited.
  await rememberSignIn(page);
  await page.goto('/my-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Your challenge page' })).toBeVisible();
  await page.getByLabel(/Choose a cover/).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: coverPng() });
  await expect(page.getByText('Cover saved.')).toBeVisible();
  await expect(page.locator('.cp-cover-edit picture.cp-banner img')).toHaveAttribute('width', '1500');
  // A picture too small for a cover is refused with the reason.
  await page.getByLabel(/Choose a cover/).setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: coverPng(600, 200) });
  await expect(page.getByText('Cover photo: at least 900 × 300 pixels (it is shown wide, cropped to 3:1)')).toBeVisible();

  await page.getByRole('button', { name: 'Use the suggested update' }).click();
  const box = page.getByRole('textbox', { name: /Your update/ });
  const suggested = await box.inputValue();
  expect(suggested).toMatch(new RegExp(`: ${Math.round(facts.amount / facts.cost_per_unit)} ${facts.unit} skipped, \\$[\\d.,]+ given so far`));
  await box.fill(`${suggested} Thanks for reading!`);
  await page.getByRole('button', { name: 'Post the update' }).click();
  await expect(page.getByText('Update posted.')).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`my-page-${width}.png`), fullPage: true });
  }

  // Signed out, at both widths: the cover, the charity's line, the impact, the weeks and the update.
  for (const width of [360, 1280]) {
    const visitor = await browser.newContext({ viewport: { width, height: 800 } });
    const p = await visitor.newPage();
    await p.goto(`/p/${slug}`);
    await appStarted(p);
    const cover = p.locator('picture.cp-banner');
    await expect(cover.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\.avif\?size=card 750w, .*\.avif 1500w$/);
    await expect(cover.locator('img')).toBeVisible();
    expect(await cover.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif/);
    await expect(p.getByText(facts.impact_description)).toBeVisible();
    await expect(p.getByText(impact)).toBeVisible();
    await expect(p.getByText(weeks, { exact: true })).toBeVisible();
    await expect(p.getByText(/week 0/i)).toHaveCount(0);
    await expect(p.getByRole('region', { name: 'Updates' }).getByText(`${suggested} Thanks for reading!`)).toBeVisible();
    await visitor.close();
  }
  // The cover's bytes are served as AVIF.
  const html = await (await request.get(`/p/${slug}`)).text();
  const avif = html.match(/\/api\/pages\/[a-z0-9-]+\/cover\/[0-9a-f]{16}\.avif/)?.[0];
  expect(avif, 'the server-rendered page names its cover').toBeTruthy();
  expect((await request.get(avif!)).headers()['content-type']).toBe('image/avif');

  // Nothing of the page moves as it, its cover and the gift form load.
  for (const width of [360, 1280]) expect(await layoutShiftOf(browser, `/p/${slug}`, width), `layout shift at ${width} px`).toBe(0);
});
