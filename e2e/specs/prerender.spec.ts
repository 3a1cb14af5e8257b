import { expect, test } from '@playwright/test';
import { appStarted } from '../support/hydration.ts';

// Decision 023: the public pages arrive as HTML (prerendered), readable and shareable without
// JavaScript; the live landing page carries the current countdown and the Join link.

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('/ shows the headline, the countdown text and the Join link', async ({ page, request }) => {
    const campaign = (await (await request.get('/api/campaign/closest/NZ')).json()) as { campaign_name: string };
    await page.goto('/?country=NZ');
    await expect(page.getByRole('heading', { level: 1, name: 'Give up a little for a month. Lift up a lot.' })).toBeVisible();
    // Below 10 pledges the line invites instead (docs/decisions/167).
    await expect(page.getByTestId('countdown')).toHaveText(/^The campaign has started(, join .+|: be one of the first to pledge and join .+)!$/);
    const join = page.getByRole('link', { name: `Join the ${campaign.campaign_name}` });
    await expect(join).toBeVisible();
    await expect(join).toHaveAttribute('href', '/challenge');
    // Below the fold is in the HTML too.
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Privacy policy');
  });

  test('/?country=UK renders the UK page (countdown before the start, no NZ flash)', async ({ page }) => {
    await page.goto('/?country=UK');
    await expect(page.locator('.landing')).toHaveAttribute('data-country', 'UK');
    await expect(page.getByTestId('countdown')).toHaveText(/^Starting in \d+ days?$/);
  });

  test('about, privacy policy and the 404 page are readable', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Uplift' })).toBeVisible();
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Oops...' })).toBeVisible();
  });
});

test('the prerendered landing page hydrates without errors and stays interactive', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/?country=NZ');
  await appStarted(page);
  await page.getByRole('button', { name: 'UK (United Kingdom)' }).click();
  await expect(page.getByTestId('countdown')).toHaveText(/^Starting in \d+ days?$/);
  expect(errors).toEqual([]);
});

test('a country chosen on the page is remembered by the server (no flash on the next visit)', async ({ page }) => {
  await page.goto('/?country=NZ');
  await appStarted(page);
  await page.getByRole('button', { name: 'UK (United Kingdom)' }).click();
  await expect(page.getByTestId('countdown')).toHaveText(/^Starting in/);
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('data-country="UK"');
});

test('after an in-app navigation the served page\'s canonical link is gone, so sharing names the page shown', async ({ page, baseURL }) => {
  await page.goto('/about');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/about`);
  await appStarted(page); // the link now navigates in the app
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Uplift', exact: true }).click();
  await expect(page).toHaveTitle('Give up a little, lift up a lot · Uplift');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});

test('head tags, robots.txt and sitemap.xml', async ({ request, baseURL }) => {
  const home = await (await request.get('/?country=UK')).text();
  expect(home).toContain('<title>Give up a little, lift up a lot · Uplift</title>');
  expect(home).toContain(`<link rel="canonical" href="${baseURL}/?country=UK" />`);
  expect(home).toMatch(/<meta property="og:title" content="[^"]+" \/>/);
  expect(home).toMatch(/<meta name="twitter:card" content="[^"]+" \/>/);
  const about = await (await request.get('/about')).text();
  expect(about).toContain('<title>About · Uplift</title>');
  expect(about).toContain(`<link rel="canonical" href="${baseURL}/about" />`);

  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  for (const path of ['/', '/about', '/privacy-policy']) expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
});

/** The content of a <meta property|name="…"> tag in an HTML document. */
const metaContent = (html: string, key: string) => html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`))?.[1];

test('every public page names its country\'s 1200×630 preview card, which the server answers as a PNG', async ({ request, baseURL }) => {
  const pages = [
    { url: '/?country=NZ', country: 'NZ' },
    { url: '/?country=UK', country: 'UK' },
    { url: '/about?country=UK', country: 'UK' },
    { url: '/privacy-policy', country: 'NZ' },
    { url: '/no-such-page', country: 'NZ' },
  ];
  for (const { url, country } of pages) {
    const html = await (await request.get(url)).text();
    const image = metaContent(html, 'og:image');
    expect(image, url).toMatch(new RegExp(`^${baseURL}/share-image/${country}\\.png\\?v=[0-9a-f]{16}$`));
    expect(metaContent(html, 'twitter:image'), url).toBe(image);
    expect(metaContent(html, 'twitter:card'), url).toBe('summary_large_image');
    expect(metaContent(html, 'og:image:width'), url).toBe('1200');
    expect(metaContent(html, 'og:image:height'), url).toBe('630');
    expect(metaContent(html, 'og:image:alt'), url).toContain(country === 'NZ' ? 'New Zealand' : 'United Kingdom');

    const png = await request.get(image!.replace(baseURL!, ''));
    expect(png.headers()['content-type']).toBe('image/png');
    const body = await png.body();
    // PNG signature, then the IHDR chunk's width and height.
    expect(body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([1200, 630]);
  }
});

test('a public page carries its CSS in the HTML: no stylesheet is fetched, before or after hydrating', async ({ page }) => {
  const stylesheets: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet' || r.url().endsWith('.css')) stylesheets.push(r.url());
  });
  await page.goto('/?country=NZ');
  await appStarted(page);
  expect(stylesheets).toEqual([]);
  // Back from a client-side visit to /about (which loads its own CSS), the landing page's is not fetched again.
  await page.getByRole('link', { name: 'About' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Uplift' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  stylesheets.length = 0;
  await page.goBack();
  await expect(page.getByTestId('countdown')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(stylesheets).toEqual([]);
  await expect(page.locator('.hero')).toHaveCSS('background-image', /linear-gradient/);
});
