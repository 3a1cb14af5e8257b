import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectJson, registerConfirmedDonor } from '../support/donor.ts';
import { appStarted } from '../support/hydration.ts';
import { rememberSignIn } from '../support/session.ts';

// Every public page arrives as HTML and hydrates (docs/decisions/023, 142): the browser's first
// render must match the server's to the character, or React throws away the page's HTML and
// renders it again (React error #418, "hydration failed"; #423 and #425 are its older cousins).
// This walks every server-rendered page in both countries, and the client-rendered routes a
// visitor reaches from them, and fails on any such error.

const PAGES_DIR = path.resolve(import.meta.dirname, '../../apps/web/dist-ssr/pages');
const HYDRATION = /hydrat|#418|#423|#425|did not match|server rendered/i;

/** Collects the page's errors that speak of hydration. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => {
    if (HYDRATION.test(`${e.message} ${e.stack ?? ''}`)) errors.push(`pageerror: ${e.message}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && HYDRATION.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return errors;
}

test('every public route hydrates without a mismatch, in both countries', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const pageSlug = `hydrate-${stamp}`;
  const teamSlug = `hydrate-team-${stamp}`;
  const donor = await registerConfirmedDonor(page.request, { email: `e2e.hydrate.${stamp}@example.org`, firstName: 'Aroha', lastName: 'Ngata', address: '1 Queen Street, Auckland' });
  const auth = { authorization: `Bearer ${donor.token}` };
  await expectJson(await page.request.post('/api/my-page', { headers: auth, data: { slug: pageSlug, story: 'A month without coffee.' } }));
  await expectJson(await page.request.patch('/api/my-page', { headers: auth, data: { published: true } }));
  await expectJson(await page.request.post('/api/teams', { headers: auth, data: { slug: teamSlug, name: 'Hydration Harbour', story: 'We give up coffee together.' } }));

  // The prerendered templates (dist-ssr/pages, one per PUBLIC_PAGES entry of apps/web/src/app/public-pages.ts),
  // each with the addresses that serve it: a new public page fails here until it is walked too.
  const served: Record<string, string[]> = {
    'home.html': ['/?country=NZ', '/?country=UK'],
    'about.html': ['/about?country=NZ', '/about?country=UK'],
    'privacy-policy.html': ['/privacy-policy?country=NZ', '/privacy-policy?country=UK'],
    'challenge-page.html': [`/p/${pageSlug}?country=NZ`, `/p/${pageSlug}?country=UK`, '/p/no-such-page-here'],
    'team-page.html': [`/t/${teamSlug}?country=NZ`, `/t/${teamSlug}?country=UK`, '/t/no-such-team-here'],
    'not-found.html': ['/no-such-page?country=NZ', '/no-such-page?country=UK'],
  };
  expect(readdirSync(PAGES_DIR).filter((f) => f.endsWith('.html')).sort()).toEqual(Object.keys(served).sort());
  // The app's own routes a visitor reaches from them (the SPA shell: rendered in the browser only).
  const clientRoutes = ['/leaderboard?country=NZ', '/leaderboard?country=UK', '/login', '/activate', '/password-recovery', '/reset-password', '/unsubscribe', '/challenge', '/viewPledge'];

  const problems: string[] = [];
  for (const route of [...Object.values(served).flat(), ...clientRoutes]) {
    // A fresh visitor each time: no remembered country or session carries from one page to the next.
    const context = await browser.newContext();
    const tab = await context.newPage();
    const errors = hydrationErrors(tab);
    await tab.goto(route);
    await appStarted(tab);
    problems.push(...errors.map((e) => `${route} → ${e}`));
    await context.close();
  }

  // The team's captain, signed in: the session is restored while the page loads, and the first
  // render must still be the server's (signed out), whatever the refresh answered by then.
  await rememberSignIn(page);
  const errors = hydrationErrors(page);
  for (const route of Object.values(served).flat()) {
    const before = errors.length;
    await page.goto(route);
    await appStarted(page);
    problems.push(...errors.slice(before).map((e) => `signed in: ${route} → ${e}`));
  }
  expect(problems).toEqual([]);
});
