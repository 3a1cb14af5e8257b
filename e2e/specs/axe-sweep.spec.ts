import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { logInAsAdmin } from '../support/admin.ts';
import { DONOR_PASSWORD, expectJson, registerConfirmedDonor, registerDonor } from '../support/donor.ts';
import { seedPageWithGift } from '../support/fundraising.ts';
import { appStarted } from '../support/hydration.ts';
import { waitForMail } from '../support/mail.ts';
import { rememberSignIn } from '../support/session.ts';
import { wizardToRegistration } from '../support/wizard.ts';

// The accessibility sweep (docs/decisions/157): axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA
// rules (label in name included) over every screen a visitor, a donor, a participant and an admin
// sees, each at 360 and 1280 px, in the light and the dark colour scheme, folded parts (<details>)
// opened. A screen fails with every violation listed as "screen @ width scheme: rule id (impact)
// target — help", so one run says everything that is wrong.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const WIDTHS = [360, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;

type Who = 'visitor' | 'donor' | 'pending' | 'participant' | 'admin';
type Screen = { name: string; who: Who; open: (page: Page) => Promise<void> };

/** Opens `path` and waits for the app to start and the page's h1 to show. */
const at =
  (path: string | (() => string), ready?: (page: Page) => Promise<void>) =>
  async (page: Page): Promise<void> => {
    await page.goto(typeof path === 'string' ? path : path());
    await appStarted(page);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    if (ready) await ready(page);
  };

const stamp = Date.now();
const slug = `axe-${stamp}`;
const teamSlug = `axe-team-${stamp}`;
let reportPath = '/admin-campaign';

const SCREENS: Screen[] = [
  { name: 'landing NZ', who: 'visitor', open: at('/?country=NZ') },
  { name: 'landing UK', who: 'visitor', open: at('/?country=UK') },
  { name: 'about', who: 'visitor', open: at('/about') },
  { name: 'privacy policy', who: 'visitor', open: at('/privacy-policy') },
  { name: 'not found', who: 'visitor', open: at('/no/such/page') },
  { name: 'login', who: 'visitor', open: at('/login') },
  { name: 'activate', who: 'visitor', open: at('/activate') },
  { name: 'password recovery', who: 'visitor', open: at('/password-recovery') },
  { name: 'reset password', who: 'visitor', open: at('/reset-password?token=not-a-real-token') },
  { name: 'unsubscribe (a broken link)', who: 'visitor', open: at('/unsubscribe?token=not-a-real-token') },
  { name: 'wizard, first step', who: 'visitor', open: at('/challenge') },
  { name: 'wizard, registration', who: 'visitor', open: wizardToRegistration },
  { name: 'leaderboard', who: 'visitor', open: at('/leaderboard?country=NZ') },
  { name: 'challenge page', who: 'visitor', open: at(() => `/p/${slug}`) },
  { name: 'team page', who: 'visitor', open: at(() => `/t/${teamSlug}`) },
  { name: 'summary', who: 'donor', open: at('/summary') },
  { name: 'thank you', who: 'donor', open: at('/SubmitPage') },
  { name: 'view pledge', who: 'donor', open: at('/viewPledge') },
  { name: 'account', who: 'donor', open: at('/account') },
  { name: 'wizard, nothing waiting', who: 'donor', open: at('/challenge?step=4') },
  { name: 'wizard, payment', who: 'pending', open: at('/challenge?step=4', (p) => expect(p.getByRole('form', { name: 'Payment' })).toBeVisible()) },
  { name: 'my page', who: 'participant', open: at('/my-page') },
  { name: 'admin home', who: 'admin', open: at('/admin') },
  { name: 'admin campaigns', who: 'admin', open: at('/admin-campaign') },
  { name: 'admin campaign report', who: 'admin', open: at(() => reportPath) },
  { name: 'admin users', who: 'admin', open: at('/user-list') },
  { name: 'admin charities', who: 'admin', open: at('/admin-charities') },
  { name: 'admin challenges', who: 'admin', open: at('/admin-challenges') },
  { name: 'admin system', who: 'admin', open: at('/admin-system') },
  { name: 'admin reports', who: 'admin', open: at('/admin-reports') },
  { name: 'admin testimonials', who: 'admin', open: at('/admin-testimonials') },
];

/**
 * Every WCAG A/AA violation on the page as it is now, one line each. Label in name (WCAG 2.5.3,
 * level A) is one of axe's experimental rules, off by default: it is switched on here, so a button
 * whose accessible name does not start with the words it shows is found too.
 */
async function violations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ runOnly: { type: 'tag', values: WCAG_TAGS }, rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.impact ?? 'n/a'}) ${n.target.join(' ')} — ${v.help}`));
}

/** Waits until the browser has painted twice: a resize or a colour scheme has been laid out. */
const settled = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/** A donor's browser context, signed in (an API login's refresh cookie and the app's flag). */
async function signedIn(browser: Browser, login: (request: APIRequestContext) => Promise<unknown>): Promise<BrowserContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page.request);
  await rememberSignIn(page);
  await page.close();
  return context;
}

/** Registers, activates and signs in a donor whose pledge still waits for a card (the wizard's payment step). */
async function pendingDonor(request: APIRequestContext, email: string): Promise<void> {
  await registerDonor(request, { email, firstName: 'Tama', lastName: 'Rewi', address: '3 Cuba Street, Wellington' });
  const mail = await waitForMail(email, /activate/i);
  const token = decodeURIComponent(/activate\?token=([^\s&]+)/.exec(mail.text)![1]!);
  await expectJson(await request.get(`/api/auth/activate?activation_token=${encodeURIComponent(token)}`));
  await expectJson(await request.post('/api/auth/login', { data: { email, password: DONOR_PASSWORD } }));
}

const contexts = new Map<Who, BrowserContext>();

/**
 * The browser context of `who`, made at its first screen and kept for the next (a failed screen
 * starts a new worker, which makes its own): a visitor's, a donor with a confirmed pledge, a donor
 * whose pledge waits for a card, a donor with a published page (a friend's gift on it) and a team,
 * and an admin past the second factor.
 */
async function contextOf(browser: Browser, who: Who): Promise<BrowserContext> {
  const made = contexts.get(who);
  if (made) return made;
  const email = `e2e.axe.${who}.${stamp}@example.org`;
  let context: BrowserContext;
  if (who === 'visitor') context = await browser.newContext();
  else if (who === 'donor') context = await signedIn(browser, (r) => registerConfirmedDonor(r, { email, firstName: 'Aroha', lastName: 'Ngata', address: '12 Kōwhai Road' }));
  else if (who === 'pending') context = await signedIn(browser, (r) => pendingDonor(r, email));
  else if (who === 'participant') {
    context = await signedIn(browser, async (r) => {
      const donor = await registerConfirmedDonor(r, { email, firstName: 'Mere', lastName: 'Tawhiri', address: '1 Queen Street' });
      await seedPageWithGift(email, { slug, displayName: 'Mere T.', giftMinor: 2500, message: 'Go Mere!' });
      await expectJson(await r.post('/api/teams', { headers: { authorization: `Bearer ${donor.token}` }, data: { slug: teamSlug, name: 'Harbour walkers' } }));
    });
  } else {
    context = await browser.newContext();
    const page = await context.newPage();
    await logInAsAdmin(page);
    const campaign = await expectJson<{ id: number }>(await page.request.get('/api/campaign/closest/NZ'));
    reportPath = `/admin-campaign/${campaign.id}/report`;
    await page.close();
  }
  contexts.set(who, context);
  return context;
}

test.afterAll(async () => {
  for (const context of contexts.values()) await context.close();
  contexts.clear();
});

for (const screen of SCREENS) {
  test(`axe (WCAG 2.2 A and AA) finds nothing on ${screen.name} (${screen.who}) at 360 and 1280 px, light and dark`, async ({ browser }) => {
    test.setTimeout(180_000);
    // The team page shows the participant's team: made with the participant.
    if (screen.name === 'team page' || screen.name === 'challenge page') await contextOf(browser, 'participant');
    const page = await (await contextOf(browser, screen.who)).newPage();
    try {
      const found: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 860 });
        await page.emulateMedia({ colorScheme: 'light' });
        await screen.open(page);
        // What is folded is checked too.
        await page.locator('details:not([open])').evaluateAll((folded) => folded.forEach((d) => ((d as HTMLDetailsElement).open = true)));
        for (const colorScheme of SCHEMES) {
          await page.emulateMedia({ colorScheme });
          await settled(page);
          found.push(...(await violations(page, `${screen.name} @ ${width}px ${colorScheme}`)));
        }
      }
      expect(found, `axe violations on ${screen.name}`).toEqual([]);
    } finally {
      await page.close();
    }
  });
}
