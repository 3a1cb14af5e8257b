import { gzipSync } from 'node:zlib';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { COUNTRY_CONTENT } from '@uplift/core/country-content';
import { RETENTION } from '@uplift/core/retention';
import { adminAccessToken } from '../support/admin.ts';
import { appStarted } from '../support/hydration.ts';
import { rememberSignIn } from '../support/session.ts';

// The public site (decisions 020–022) against the seeded demo data: an NZ campaign that started 3 days
// ago and a UK campaign starting in 5 days. Other specs may add pledges or campaigns before this
// one runs, so figures are read from the API rather than assumed.

type Campaign = { id: number; campaign_name: string; start_date: string };

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.ok(), `${url} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

const money = (amount: number, symbol: string) =>
  `${symbol}${amount.toLocaleString('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function expectedStartedText(request: APIRequestContext, country: 'NZ' | 'UK', symbol: string): Promise<string> {
  const count = await json<number>(request, `/api/pledge/total/campaign/${country}`);
  const amount = await json<number>(request, `/api/pledge/total/campaign-amount/${country}`);
  if (count <= 0) return "The campaign has started, join heaps of others who've pledged heaps!";
  // Fewer than 10: an invitation with the count and no sum (docs/decisions/167).
  if (count < 10) return `The campaign has started: be one of the first to pledge and join ${count} ${count === 1 ? 'other' : 'others'}!`;
  return `The campaign has started, join ${count} others who've pledged ${money(amount, symbol)}!`;
}

const countdown = (page: Page) => page.getByTestId('countdown');
const countrySelector = (page: Page) => page.getByRole('group', { name: 'Country', exact: true });

async function expectEveryBlock(page: Page, country: { code: 'NZ' | 'UK'; name: string; fee: string }) {
  await expect(page.getByRole('heading', { level: 1, name: 'Give up a little for a month. Lift up a lot.' })).toBeVisible();
  // The country's own partners (docs/decisions/121-impact-units-and-country-content.md).
  const partners = page.locator('.partners');
  for (const partner of COUNTRY_CONTENT[country.code].partners) await expect(partners.getByRole('img', { name: `${partner.name} (opens in a new tab)` })).toBeVisible();
  await expect(partners.getByRole('img')).toHaveCount(COUNTRY_CONTENT[country.code].partners.length);
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  for (const step of ['Give Up', 'Free Up', 'Uplift']) await expect(page.getByRole('heading', { level: 3, name: step, exact: true })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Challenges' }).getByRole('tab')).toHaveCount(6);
  await expect(page.getByRole('heading', { name: 'What could you free up?' })).toBeVisible();
  await expect(page.getByRole('slider')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'So, why Uplift?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Pledges across ${country.name}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Example pledges' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('heading', { name: 'Who is Uplift?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Concerned about money?' })).toBeVisible();
  for (const box of ['Secure', 'Weekly Payments', 'Control', 'Fees']) await expect(page.getByRole('heading', { level: 3, name: box, exact: true })).toBeVisible();
  await expect(page.getByText(country.fee)).toBeVisible();
}

for (const width of [360, 1280]) {
  test.describe(`landing at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test('NZ: started countdown with the live totals, every block, and Join leads to /challenge', async ({ page, request }) => {
      const expected = await expectedStartedText(request, 'NZ', '$');
      const campaign = await json<Campaign>(request, '/api/campaign/closest/NZ');
      await page.goto('/?country=NZ');
      await expect(countdown(page)).toHaveText(expected);
      await expectEveryBlock(page, { code: 'NZ', name: 'New Zealand', fee: '2.9% + $0.30 per payment' });
      await expect(page.getByRole('group', { name: '1 of 4: Coffees' })).toContainText('$70.00');

      const [month, ...rest] = campaign.campaign_name.split(' ');
      await page.getByRole('link', { name: `Join the ${month} ${rest.join(' ')}` }).click();
      await expect(page).toHaveURL(/\/challenge$/);
    });

    test('UK: switching country shows the countdown before the start, in pounds, and is remembered', async ({ page }) => {
      await page.goto('/?country=NZ');
      await appStarted(page);
      await expect(countdown(page)).toContainText('The campaign has started');
      if (width < 850) await page.getByRole('button', { name: 'Open menu' }).click();
      await countrySelector(page).getByRole('button', { name: /^UK/ }).click();
      await expect(countdown(page)).toHaveText('Starting in 5 days');
      // Choosing closes the mobile menu; reopen it to see the selection.
      if (width < 850) await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(countrySelector(page).getByRole('button', { name: /^UK/ })).toHaveAttribute('aria-pressed', 'true');
      await expectEveryBlock(page, { code: 'UK', name: 'the United Kingdom', fee: '2.9% + £0.20 per payment' });
      await expect(page.getByRole('group', { name: '1 of 4: Coffees' })).toContainText('£70.00');
      // UK commutes in miles at 45p (product-rules §14).
      await expect(page.getByRole('group', { name: '3 of 4: Commutes' })).toContainText('A 5-mile drive, 10 trips a week, at 45p a mile');
      await expect(page.getByRole('group', { name: '3 of 4: Commutes' })).toContainText('£90.00');
      await expect(page.getByRole('link', { name: /^Join the / })).toBeVisible();

      // A later visit without ?country= remembers the choice.
      await page.goto('/');
      await expect(countdown(page)).toHaveText('Starting in 5 days');
    });
  });
}

test.describe('landing behaviour', () => {
  test('the totals refresh while the page stays open', async ({ page }) => {
    let count = 41;
    await page.clock.install();
    await page.route('**/api/pledge/total/campaign/NZ', (route) => route.fulfill({ json: count }));
    await page.route('**/api/pledge/total/campaign-amount/NZ', (route) => route.fulfill({ json: 2870.5 }));
    await page.goto('/?country=NZ');
    // The prerendered page shows the server's totals; the browser's first refresh reads the route.
    await expect(countdown(page)).toHaveText(/^The campaign has started/);
    await appStarted(page); // its refresh timer is set
    await page.clock.runFor(16_000);
    await expect(countdown(page)).toHaveText("The campaign has started, join 41 others who've pledged $2,870.50!");
    count = 42;
    await page.clock.runFor(16_000);
    await expect(countdown(page)).toHaveText("The campaign has started, join 42 others who've pledged $2,870.50!");
  });

  test('the challenge switcher works by keyboard', async ({ page }) => {
    await page.goto('/?country=NZ');
    // The page arrives server-rendered: keys do nothing until its code has loaded and hydrated it.
    await appStarted(page);
    const tabs = page.getByRole('tablist', { name: 'Challenges' });
    await tabs.getByRole('tab', { name: 'Coffees' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Food deliveries' })).toBeFocused();
    await expect(tabs.getByRole('tab', { name: 'Food deliveries' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('Give up food deliveries');
    // The hydrated ids are the prerendered ones: the panel is labelled by the tab now selected.
    await expect(page.getByRole('tabpanel', { name: 'Food deliveries' })).toBeVisible();
    await expect(tabs.getByRole('tab', { name: 'Food deliveries' })).toHaveAttribute('aria-controls', (await page.getByRole('tabpanel').getAttribute('id'))!);
    await page.keyboard.press('End');
    await expect(page.getByRole('tabpanel')).toContainText('Give up commutes');
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Coffees' })).toHaveAttribute('aria-selected', 'true');
    // Tab leaves the tab list for the panel: one stop for the six icons.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel')).toBeFocused();
  });

  test('the slideshow plays every 4.2 s and stays put once paused', async ({ page }) => {
    await page.clock.install();
    await page.goto('/?country=NZ');
    const slide = (n: number, title: string) => page.getByRole('group', { name: `${n} of 4: ${title}` });
    await expect(slide(1, 'Coffees')).toHaveAttribute('data-selected', 'true');
    await appStarted(page); // the slideshow's timer is set
    await page.clock.runFor(4_400);
    await expect(slide(2, 'Food deliveries')).toHaveAttribute('data-selected', 'true');

    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toHaveAttribute('aria-pressed', 'true');
    await page.clock.runFor(10_000);
    await expect(slide(2, 'Food deliveries')).toHaveAttribute('data-selected', 'true');

    await page.getByRole('button', { name: 'Next example' }).click();
    await expect(slide(3, 'Commutes')).toHaveAttribute('data-selected', 'true');
    await expect(slide(3, 'Commutes')).toContainText('$120.00');
  });

  test('the impact map toggles between NZ and UK', async ({ page }) => {
    await page.goto('/?country=NZ');
    await appStarted(page);
    await page.getByRole('heading', { name: 'Pledges across New Zealand' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('img', { name: /^Map of New Zealand/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Map of New Zealand/ }).locator('path.map-land')).toHaveAttribute('d', /^M/);
    await page.getByRole('group', { name: 'Map country' }).getByRole('button', { name: 'United Kingdom' }).click();
    await expect(page.getByRole('img', { name: /^Map of the United Kingdom/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Example pledges' })).toContainText('London');
    await expect(page.getByRole('list', { name: 'Example pledges' })).toContainText('£');
  });

  test('back to top appears after scrolling 300 px and returns to the top', async ({ page }) => {
    await page.goto('/?country=NZ');
    await appStarted(page);
    await expect(page.getByRole('button', { name: 'Back to top' })).toHaveCount(0);
    await page.mouse.wheel(0, 1200);
    await expect(page.getByRole('button', { name: 'Back to top' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('button', { name: 'Back to top' })).toHaveCount(0);
  });

  test('the landing page first load ships at most 150 KB of gzipped JavaScript', async ({ page }) => {
    const scripts: Promise<number>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => gzipSync(b).length));
    });
    await page.goto('/?country=NZ');
    await expect(countdown(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    const total = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    test.info().annotations.push({ type: 'landing first-load JS (gzip)', description: `${(total / 1024).toFixed(1)} KB` });
    expect(total).toBeLessThanOrEqual(150 * 1024);
  });
});

test.describe('navbar', () => {
  test('anonymous: About, Contact, View my Pledge, the campaign link and the country selector on home only', async ({ page, request }) => {
    const campaign = await json<Campaign>(request, '/api/campaign/closest/NZ');
    const label = campaign.campaign_name.split(' ').slice(0, 2).join(' ');
    await page.goto('/?country=NZ');
    await appStarted(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '#contact');
    await expect(nav.getByRole('link', { name: 'View my Pledge' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
    await expect(countrySelector(page)).toBeVisible();

    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('contentinfo')).toBeInViewport();

    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(/\/challenge$/);
    // Not on /challenge itself, and no country selector away from home.
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    await expect(countrySelector(page)).toHaveCount(0);

    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Uplift' })).toBeVisible();
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  });

  test('View my Pledge goes to /login when logged out', async ({ page }) => {
    await page.goto('/viewPledge');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('an admin sees Admin and Log Out; logging out clears the session and goes home', async ({ page }) => {
    await adminAccessToken(page.request);
    // The refresh cookie came with that login; the saved flag lets the app restore the session.
    await rememberSignIn(page, '/about');
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(nav.getByText('Campaign Coming Soon!')).toHaveCount(0);

    await nav.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('uplift.authenticated'))).toBeNull();
    // The session is gone on the server too: a reload does not bring it back.
    await page.reload();
    await expect(nav.getByRole('link', { name: 'View my Pledge' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
  });

  test.describe('at 360 px', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the menu opens with the toggle and closes after choosing', async ({ page }) => {
      await page.goto('/?country=NZ');
      await appStarted(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'About' })).toBeHidden();
      await nav.getByRole('button', { name: 'Open menu' }).click();
      await expect(nav.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
      await nav.getByRole('link', { name: 'About' }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(nav.getByRole('link', { name: 'About' })).toBeHidden();
    });
  });
});

test.describe('pages', () => {
  test('about: the story and the team', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Uplift' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our story' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our team' })).toBeVisible();
    await expect(page.locator('.team-member')).toHaveCount(6);
  });

  test('privacy policy: every point product-rules §1 lists', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    const policy = page.getByRole('article');
    await expect(policy.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    await expect(policy).toContainText('operated by the Uplift Charitable Trust');
    await expect(policy).toContainText('Privacy Act 2020');
    await expect(policy).toContainText('UK General Data Protection Regulation');
    await expect(policy).toContainText('Data Protection Act 2018');
    await expect(policy).toContainText('Your card details are collected and held by our payment provider');
    await expect(policy).toContainText('Only if you opt in, we share your name, email address, and the amounts and dates of your payments');
    for (const right of ['access', 'correct', 'delete']) await expect(policy.getByRole('listitem').filter({ hasText: right }).first()).toBeVisible();
    await expect(policy.getByRole('link', { name: 'hello@uplift.org.nz' })).toHaveAttribute('href', 'mailto:hello@uplift.org.nz');
  });

  test('privacy policy states the periods the retention job keeps data for (docs/decisions/128)', async ({ page }) => {
    await page.goto('/privacy-policy');
    const kept = page.getByRole('article').getByRole('listitem');
    await expect(kept.filter({ hasText: 'Pledge and payment records' })).toContainText(`${RETENTION.donationRecordYears} years after your last payment`);
    await expect(kept.filter({ hasText: 'Emails we send you' })).toContainText(`${RETENTION.sentMailDays} days (${RETENTION.failedMailDays} days if they could not be delivered)`);
    await expect(kept.filter({ hasText: 'sign-in sessions' })).toContainText(`${RETENTION.tokenGraceDays} days after they end`);
    await expect(kept.filter({ hasText: 'Records of sign-in attempts' })).toContainText(`${RETENTION.rateLimitHours} hours`);
  });

  test("any other path shows the 404 page headed 'Oops...'", async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Oops...' })).toBeVisible();
  });

  for (const path of ['/?country=NZ', '/?country=UK', '/about', '/privacy-policy', '/no/such/page']) {
    for (const width of [360, 1280]) {
      test(`axe finds no serious or critical problems on ${path} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 860 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (path.startsWith('/?')) await expect(countdown(page)).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
      });
    }
  }
});
