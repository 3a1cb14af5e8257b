import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectJson, registerConfirmedDonor } from '../support/donor.ts';
import { appStarted } from '../support/hydration.ts';
import { initialScripts } from '../support/initial-js.ts';
import { rememberSignIn } from '../support/session.ts';

// Friends give too (docs/decisions/142): a donor with a confirmed pledge makes and publishes their
// challenge page and starts a team in /my-page; a signed-out visitor gets /p/{slug} rendered on the
// server, head tags and data in the raw HTML, and the browser hydrates it without asking again.

const DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

/** Axe's serious and critical findings on the page as it is now. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('a donor publishes a page and starts a team; /p/{slug} arrives rendered on the server', async ({ page, browser, request }) => {
  const stamp = Date.now();
  const slug = `mere-${stamp}`;
  const teamSlug = `harbour-${stamp}`;
  const donor = await registerConfirmedDonor(page.request, { email: `e2e.page.${stamp}@example.org`, firstName: 'Mere', lastName: 'Tawhiri', address: '1 Queen Street, Auckland' });

  await rememberSignIn(page);
  await page.goto('/summary');
  await page.getByRole('link', { name: 'Ask friends to back you' }).click();
  await expect(page).toHaveURL(/\/my-page$/);

  // The address is checked as it is typed.
  const address = page.getByLabel('Your page’s address');
  await address.fill('admin');
  await expect(page.getByText('Address: that word is reserved, choose another')).toBeVisible();
  await address.fill(slug);
  await expect(page.getByText('That address is free')).toBeVisible();
  await page.getByRole('button', { name: 'Create my page' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your challenge page' })).toBeVisible();
  await expect(page.getByText('Not public yet: only you can see it.')).toBeVisible();
  await expect(page.getByLabel('Display name')).toHaveValue('Mere T.');
  const story = 'Giving up coffee for a month. <b>No HTML</b> here, just text.';
  await page.getByLabel('Your story').fill(story);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  // A draft is not public.
  expect((await request.get(`/p/${slug}`)).status()).toBe(404);

  await page.getByRole('button', { name: 'Publish my page' }).click();
  await expect(page.getByText('Your page is public.', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `/p/${slug}` })).toBeVisible();

  await page.getByLabel('Team name').fill('Harbour Coffee Quitters');
  await page.getByLabel('The team’s address').fill(teamSlug);
  await expect(page.getByText('That address is free')).toBeVisible();
  await page.getByRole('button', { name: 'Start a team' }).click();
  await expect(page.getByRole('heading', { name: 'Your team' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Harbour Coffee Quitters' })).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`my-page-${width}.png`), fullPage: true });
    expect(await accessibilityProblems(page), `/my-page at ${width} px`).toEqual([]);
  }

  // Signed out: the raw HTML carries the head tags and the page, before any JavaScript.
  const res = await request.get(`/p/${slug}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const title = `Mere T.'s challenge for ${donor.recipientName} · Uplift`;
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/'/g, "'").replace(/"/g, '&quot;');
  expect(html).toContain(`<title>${attr(title)}</title>`);
  expect(html).toContain(`<link rel="canonical" href="${new URL(`/p/${slug}`, res.url()).href}" />`);
  expect(html).toContain(`<meta property="og:title" content="${attr(title)}" />`);
  expect(html).toMatch(/<meta name="description" content="Mere T\. has raised \$[\d,.]+ of a \$[\d,.]+ goal for /);
  expect(html).toContain('<meta name="twitter:card"');
  // The preview names the page's own card (docs/decisions/143), which is served as a PNG.
  const image = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
  expect(image).toMatch(new RegExp(`/share-image/page-${slug}-[0-9a-f]{16}\\.png$`));
  const card = await request.get(new URL(image!).pathname);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/png');
  expect(html).not.toContain('noindex');
  // The story is text: its markup arrives escaped, never as elements.
  expect(html).toContain('&lt;b&gt;No HTML&lt;/b&gt;');
  expect(html).toContain(`"display_name":"Mere T."`);

  const missing = await request.get(`/p/no-such-page-${stamp}`);
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('noindex');

  // The initial JavaScript of /p/{slug} (counted as e2e/specs/performance-budget.spec.ts counts it).
  const scripts = initialScripts(html, DIST);
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  expect(total, scripts.map((s) => `${s.file} ${(s.gzip / 1024).toFixed(1)} KB`).join(', ')).toBeLessThanOrEqual(100 * 1024);

  // A signed-out browser hydrates from the embedded data: no second read of the page.
  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  const reads: string[] = [];
  tab.on('request', (r) => {
    if (r.url().includes(`/api/pages/${slug}`)) reads.push(r.url());
  });
  const errors: string[] = [];
  tab.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await tab.goto(`/p/${slug}`);
  await appStarted(tab);
  await expect(tab.getByRole('heading', { level: 1, name: `Mere T.’s challenge for ${donor.recipientName}` })).toBeVisible();
  await expect(tab.getByText(story)).toBeVisible();
  await expect(tab.getByRole('progressbar', { name: 'Raised towards the goal' })).toBeVisible();
  expect(reads).toEqual([]);
  expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
  for (const width of [360, 1280]) {
    await tab.setViewportSize({ width, height: 900 });
    await tab.screenshot({ path: test.info().outputPath(`page-${width}.png`), fullPage: true });
    expect(await accessibilityProblems(tab), `/p/{slug} at ${width} px`).toEqual([]);
  }

  await tab.getByRole('link', { name: 'Harbour Coffee Quitters' }).click();
  await expect(tab.getByRole('heading', { level: 1, name: 'Team Harbour Coffee Quitters' })).toBeVisible();
  await expect(tab.getByRole('link', { name: 'Mere T.' })).toBeVisible();
  for (const width of [360, 1280]) {
    await tab.setViewportSize({ width, height: 900 });
    await tab.screenshot({ path: test.info().outputPath(`team-${width}.png`), fullPage: true });
    expect(await accessibilityProblems(tab), `/t/{slug} at ${width} px`).toEqual([]);
  }
  const teamHtml = await (await request.get(`/t/${teamSlug}`)).text();
  expect(teamHtml).toContain('<title>Team Harbour Coffee Quitters · Uplift</title>');
  await visitor.close();

  const mine = await expectJson<{ team: { slug: string; captain: boolean } }>(await page.request.get('/api/my-page', { headers: { authorization: `Bearer ${donor.token}` } }));
  expect(mine.team).toEqual({ slug: teamSlug, name: 'Harbour Coffee Quitters', captain: true, hidden: false, moderation_reason: null });
});
