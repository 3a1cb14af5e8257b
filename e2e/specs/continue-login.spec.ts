import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from '../support/mail.ts';

// "No second password" (decision 168): after registering and activating from the mailed link, the
// browser that registered is offered "Continue as {first name}" on the login page: one press and the
// donor is signed in and on with the pledge. Any other browser sees the ordinary login only.

const PASSWORD = 'a long and memorable passphrase';
const SHOTS = path.resolve(import.meta.dirname, '../.artifacts/screens/continue-login');
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

/** The login page once it has asked whether this browser may continue. */
async function openLogin(page: Page, url = '/login') {
  const asked = page.waitForResponse((res) => res.url().endsWith('/api/auth/continue') && res.request().method() === 'GET');
  await page.goto(url);
  return (await asked).json() as Promise<{ first_name: string | null }>;
}

test('the browser that registered continues as the donor with one press; another browser logs in as usual', async ({ page, browser }) => {
  const email = `e2e.continue.${Date.now()}@example.org`;

  // The wizard, briefly: NZ, five coffees a week, Youthline, then registration.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/challenge');
  await page.getByRole('button', { name: /New Zealand/ }).click();
  await page.getByRole('button', { name: 'Choose challenges' }).click();
  await page.getByRole('listitem').filter({ hasText: 'Coffees' }).getByRole('button', { name: 'Join' }).click();
  await page.getByRole('button', { name: 'Calculate pledge amount' }).click();
  await page.getByLabel('Number of coffees per week').fill('5');
  await page.getByLabel('Cost of each one ($)').fill('3.50');
  await page.getByRole('button', { name: 'Choose cause' }).click();
  await page.getByRole('listitem').filter({ hasText: 'Youthline' }).getByRole('button', { name: 'Choose' }).click();
  await page.getByRole('button', { name: 'Payment and details' }).click();
  await page.getByLabel('First name*').fill('Wiremu');
  await page.getByLabel('Last name*').fill('Tane');
  await page.getByLabel('Country*').selectOption('NZ');
  await page.getByLabel('Email*').fill(email);
  await page.getByLabel('Password*', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password*').fill(PASSWORD);
  await page.getByLabel(/I agree to be contacted/).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/activate/);

  // Before activation, the login page offers nothing to continue.
  expect((await openLogin(page)).first_name).toBeNull();
  await expect(page.getByRole('button', { name: /^Continue as/ })).toHaveCount(0);

  // The mailed link activates, and the login page that follows offers "Continue as Wiremu".
  const mail = await waitForMail(email, /^Activate your Uplift account$/);
  const link = /https?:\/\/\S+\/activate\?token=[\w%-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const offered = page.waitForResponse((res) => res.url().endsWith('/api/auth/continue') && res.request().method() === 'GET');
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page).toHaveURL(/\/login/);
  expect((await (await offered).json()) as unknown).toEqual({ first_name: 'Wiremu' });
  const continueButton = page.getByRole('button', { name: 'Continue as Wiremu' });
  await expect(continueButton).toBeVisible();
  // The ordinary form stays below it.
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, '1280-login-continue.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling at 360 px').toBeLessThanOrEqual(360);
  await page.screenshot({ path: path.join(SHOTS, '360-login-continue.png'), fullPage: true });

  // A second browser: the ordinary login only, and no way to continue.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const stranger = await other.newPage();
  expect((await openLogin(stranger)).first_name).toBeNull();
  await expect(stranger.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(stranger.getByRole('button', { name: /^Continue as/ })).toHaveCount(0);
  expect((await stranger.request.post('/api/auth/continue')).status()).toBe(401);
  await other.close();

  // One press: signed in and on with the Pending pledge, at its payment step.
  await continueButton.click();
  await expect(page).toHaveURL(/\/challenge\?step=4/);
  await expect(stepHeading(page, 'Payment and details')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your pledge' })).toContainText('Youthline');
  await page.screenshot({ path: path.join(SHOTS, '360-after-continue.png'), fullPage: true });

  // Used once: the login page offers it no more in this browser either.
  expect((await (await page.request.get('/api/auth/continue')).json()) as unknown).toEqual({ first_name: null });
});
