import { expect, test, type Page } from '@playwright/test';
import { appStarted } from '../support/hydration.ts';
import { waitForMail } from '../support/mail.ts';

// At 360 px nothing scrolls sideways, even with a long email address on the screen (docs/decisions/156):
// a 60-character address is one unbreakable word to the browser unless the text may wrap anywhere.
// This walks every screen a donor, a participant and a friend reach, with such an address.

const WIDTH = 360;
const PASSWORD = 'a long and memorable passphrase';

/** A 60-character address: a long local part, then @example.org. */
function longEmail(who: string): string {
  const local = `e2e.${who}.${Date.now()}.`;
  return `${local.padEnd(48, 'x')}@example.org`;
}

/** How far the page scrolls sideways: the document's width, which must stay the viewport's. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(width, `${where} (${page.url()}) is ${width} px wide`).toBeLessThanOrEqual(WIDTH);
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

test('a donor, a participant and a friend with 60-character addresses never scroll sideways at 360 px', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: WIDTH, height: 780 });
  const email = longEmail('donor');
  expect(email).toHaveLength(60);
  const stamp = Date.now();

  // The donor: the wizard, registration, activation, login, payment, thank-you.
  await page.goto('/challenge');
  await appStarted(page);
  await page.getByRole('button', { name: /New Zealand/ }).click();
  await expectNoSidewaysScroll(page, 'wizard step 1');
  await page.getByRole('button', { name: 'Choose challenges' }).click();
  await page.getByRole('listitem').filter({ hasText: 'Coffees' }).getByRole('button', { name: 'Join' }).click();
  await expectNoSidewaysScroll(page, 'wizard step 2');
  await page.getByRole('button', { name: 'Calculate pledge amount' }).click();
  await page.getByLabel('Number of coffees per week').fill('5');
  await page.getByLabel('Cost of each one ($)').fill('3.50');
  await expectNoSidewaysScroll(page, 'wizard step 3');
  await page.getByRole('button', { name: 'Choose cause' }).click();
  await page.getByRole('listitem').filter({ hasText: 'Youthline' }).getByRole('button', { name: 'Choose' }).click();
  await expectNoSidewaysScroll(page, 'wizard step 4');
  await page.getByRole('button', { name: 'Payment and details' }).click();
  await expect(stepHeading(page, 'Payment and details')).toBeVisible();
  await page.getByLabel('First name*').fill('Aroha');
  await page.getByLabel('Last name*').fill('Ngata');
  await page.getByLabel('Email*').fill(email);
  await page.getByLabel('Password*', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password*').fill(PASSWORD);
  await page.getByLabel(/I agree to be contacted/).check();
  await expectNoSidewaysScroll(page, 'wizard step 5, registration');
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByText(`We have sent your activation token to ${email}.`)).toBeVisible();
  await expectNoSidewaysScroll(page, '/activate after registering');
  const mail = await waitForMail(email, /^Activate your Uplift account$/);
  const token = mail.text.split('\n').find((l) => /^[\w-]{43}$/.test(l.trim()))!.trim();
  await page.getByLabel('Activation token').fill(token);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expectNoSidewaysScroll(page, '/login after activating');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(stepHeading(page, 'Payment and details')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the payment step');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, Aroha!' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoSidewaysScroll(page, 'the thank-you page');

  for (const path of ['/summary', '/account']) {
    await page.goto(path);
    await appStarted(page);
    await expectNoSidewaysScroll(page, path);
  }

  // The participant: a page and a team, and their public pages.
  const slug = `wide-${stamp}`;
  const teamSlug = `wide-team-${stamp}`;
  await page.goto('/my-page');
  await page.getByLabel('Your page’s address').fill(slug);
  await expect(page.getByText('That address is free')).toBeVisible();
  await page.getByRole('button', { name: 'Create my page' }).click();
  await page.getByRole('button', { name: 'Publish my page' }).click();
  await expect(page.getByText('Your page is public.', { exact: true })).toBeVisible();
  await page.getByLabel('Team name').fill('Wide Harbour');
  await page.getByLabel('The team’s address').fill(teamSlug);
  await expect(page.getByText('That address is free')).toBeVisible();
  await page.getByRole('button', { name: 'Start a team' }).click();
  await expect(page.getByRole('heading', { name: 'Your team' })).toBeVisible();
  await expectNoSidewaysScroll(page, '/my-page');
  for (const path of [`/p/${slug}`, `/t/${teamSlug}`]) {
    await page.goto(path);
    await appStarted(page);
    await expectNoSidewaysScroll(page, path);
  }

  // A friend with no account gives with a long address: the form and its success card.
  const friendContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: WIDTH, height: 780 } });
  const friend = await friendContext.newPage();
  await friend.goto(`/p/${slug}`);
  await appStarted(friend);
  const friendEmail = longEmail('friend');
  const form = friend.getByRole('region', { name: /^Give to / });
  await form.getByLabel('Amount ($)').fill('25');
  await form.getByLabel('Your name').fill('Tui Friend');
  await form.getByLabel('Your email').fill(friendEmail);
  await expectNoSidewaysScroll(friend, 'the gift form');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await form.getByLabel('Card number').fill('4242424242424242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('CVC').press('Enter');
  await expect(form.getByText(/has gone through/)).toBeVisible();
  await expect(form.getByText(friendEmail)).toBeVisible();
  await expectNoSidewaysScroll(friend, 'the gift’s success card');
  await friendContext.close();
});
