import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { todayInCountry, type IsoDate } from '@uplift/core/calendar';
import { COUNTRY_CODES, type CountryCode } from '@uplift/core/countries';
import { adminAccessToken, logInAsAdmin, type ServerClock } from '../support/admin.ts';
import { startApp, type RunningApp } from '../support/app.ts';
import { DONOR_PASSWORD, registerConfirmedDonor } from '../support/donor.ts';
import { appStarted } from '../support/hydration.ts';

// The visual check (docs/decisions/125-visual-baselines.md): every page at 360 and 1280 px,
// compared with the baselines committed beside this file, so a layout slip is seen before it
// lands. One app of its own on a test clock, the browser on the same instant and with motion
// reduced, and the same donors, campaigns and names every run: what changes on a page is what
// the code changed. After a deliberate change of look: `npm run test:visual:update`, then look
// at every changed picture before committing it.

const NOW = '2026-11-23T20:00:00.000Z';
const WIDTHS = [360, 1280] as const;

const CAMPAIGNS: Record<CountryCode, { campaign_name: string; start_date: IsoDate; end_date: IsoDate }> = {
  NZ: { campaign_name: 'November Uplift Challenge', start_date: '2026-11-17', end_date: '2026-12-21' },
  UK: { campaign_name: 'November Uplift Challenge', start_date: '2026-11-16', end_date: '2026-12-20' },
};

/** The donor whose summary and account are photographed. */
const DONOR = { email: 'aroha.ngata@example.nz', firstName: 'Aroha', lastName: 'Ngata', address: '12 Kōwhai Road, Wellington 6011' };

/** What differs between runs by design, painted over: the app's address holds its random port. */
const UNSTEADY = ['.copy-link-row input'];

type Shot = { name: string; path: string | (() => string); who: 'visitor' | 'donor' | 'admin'; ready: (page: Page) => Promise<void> };

const heading = (page: Page, name: string | RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

/** The landing with its leaderboard, which loads after the first paint (docs/decisions/140-leaderboards.md). */
const landingReady = async (page: Page) => {
  await heading(page, /Give up a little/);
  await expect(page.getByRole('region', { name: 'Leaderboard' }).getByTestId('leaderboard-empty')).toBeVisible();
};

let app: RunningApp;
let api: APIRequestContext;
let reportPath = '';
/** The app's test clock, estimated: the admin's TOTP codes follow it. */
let appClock: ServerClock;

const SHOTS: Shot[] = [
  { name: 'landing-nz', path: '/?country=NZ', who: 'visitor', ready: (p) => landingReady(p) },
  { name: 'landing-uk', path: '/?country=UK', who: 'visitor', ready: (p) => landingReady(p) },
  { name: 'about', path: '/about', who: 'visitor', ready: (p) => heading(p, /.+/) },
  { name: 'privacy-policy', path: '/privacy-policy', who: 'visitor', ready: (p) => heading(p, /Privacy/) },
  { name: 'not-found', path: '/no-such-page', who: 'visitor', ready: (p) => heading(p, 'Oops...') },
  { name: 'login', path: '/login', who: 'visitor', ready: (p) => expect(p.getByRole('button', { name: 'Login' })).toBeVisible() },
  { name: 'password-recovery', path: '/password-recovery', who: 'visitor', ready: (p) => expect(p.getByLabel('Email')).toBeVisible() },
  { name: 'activate', path: '/activate', who: 'visitor', ready: (p) => heading(p, /.+/) },
  { name: 'wizard-start', path: '/challenge', who: 'visitor', ready: (p) => expect(p.getByRole('heading', { level: 2 }).first()).toBeVisible() },
  { name: 'summary', path: '/summary', who: 'donor', ready: (p) => expect(p.getByRole('region', { name: 'Your four weeks' }).getByRole('heading', { name: 'Week 4' })).toBeVisible() },
  { name: 'thank-you', path: '/SubmitPage', who: 'donor', ready: (p) => expect(p.getByTestId('thank-you-moment')).toBeVisible() },
  { name: 'account', path: '/account', who: 'donor', ready: (p) => heading(p, /account/i) },
  { name: 'admin-campaigns', path: '/admin-campaign', who: 'admin', ready: (p) => expect(p.getByRole('table').first()).toBeVisible() },
  { name: 'admin-report', path: () => reportPath, who: 'admin', ready: (p) => expect(p.getByRole('table').first()).toBeVisible() },
  { name: 'admin-users', path: '/user-list', who: 'admin', ready: (p) => expect(p.getByRole('table').first()).toBeVisible() },
  { name: 'admin-charities', path: '/admin-charities', who: 'admin', ready: (p) => expect(p.getByRole('table').first()).toBeVisible() },
  { name: 'admin-challenges', path: '/admin-challenges', who: 'admin', ready: (p) => expect(p.getByRole('table').first()).toBeVisible() },
];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const startedAt = Date.now();
  app = await startApp({ TEST_CLOCK_START: NOW, SEED_DEMO: 'false' });
  api = await playwright.request.newContext({ baseURL: app.baseUrl });
  appClock = () => new Date(Date.parse(NOW) + Date.now() - startedAt);
  const adminToken = await adminAccessToken(api, { email: app.env.ADMIN_EMAIL!, password: app.env.ADMIN_PASSWORD! }, appClock);
  const ids: Partial<Record<CountryCode, { id: number; billing_start_date: IsoDate }>> = {};
  for (const country of COUNTRY_CODES) {
    const created = await api.post('/api/campaign', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { ...CAMPAIGNS[country], billing_start_date: todayInCountry(country, new Date(NOW)), country, billing_cycle: 'Weekly', is_active: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    ids[country] = (await created.json()) as { id: number; billing_start_date: IsoDate };
  }
  await registerConfirmedDonor(api, DONOR, { now: new Date(NOW), mailDir: app.mailDir });
  reportPath = `/admin-campaign/${ids.NZ!.id}/report`;
});

test.afterAll(async () => {
  await api?.dispose();
  await app?.stop();
});

/** A browser context on the app's instant, signed in as `who`. */
async function contextFor(browser: Browser, who: Shot['who']): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', timezoneId: 'Pacific/Auckland', locale: 'en-NZ' });
  await context.clock.setFixedTime(new Date(NOW));
  const page = await context.newPage();
  if (who === 'donor') {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DONOR.email);
    await page.getByLabel('Password').fill(DONOR_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/summary/);
  }
  if (who === 'admin') {
    await logInAsAdmin(page, { email: app.env.ADMIN_EMAIL!, password: app.env.ADMIN_PASSWORD! }, appClock);
  }
  await page.close();
  return context;
}

for (const who of ['visitor', 'donor', 'admin'] as const) {
  test(`every ${who} page looks as its baseline at 360 and 1280 px`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await contextFor(browser, who);
    try {
      const page = await context.newPage();
      for (const shot of SHOTS.filter((s) => s.who === who)) {
        for (const width of WIDTHS) {
          await test.step(`${shot.name} at ${width} px`, async () => {
            await page.setViewportSize({ width, height: 900 });
            await page.goto(typeof shot.path === 'string' ? shot.path : shot.path());
            await appStarted(page);
            await shot.ready(page);
            // Lazy pictures and the map load as they scroll into view: bring every one in first.
            await page.evaluate(async () => {
              for (let y = 0; y < document.body.scrollHeight; y += 600) {
                window.scrollTo(0, y);
                await new Promise((r) => setTimeout(r, 60));
              }
              window.scrollTo(0, 0);
            });
            await page.waitForLoadState('networkidle');
            await expect.soft(page).toHaveScreenshot(`${shot.name}-${width}.png`, {
              fullPage: true,
              animations: 'disabled',
              caret: 'hide',
              maxDiffPixelRatio: 0.002,
              mask: UNSTEADY.map((selector) => page.locator(selector)),
            });
          });
        }
      }
    } finally {
      await context.close();
    }
  });
}
