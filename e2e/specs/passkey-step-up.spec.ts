import { expect, test, type APIRequestContext } from '@playwright/test';
import { startApp, type RunningApp } from '../support/app.ts';
import { DONOR_PASSWORD, registerConfirmedDonor } from '../support/donor.ts';
import { waitForMail } from '../support/mail.ts';

// A passkey signs in without the password, so adding one asks for the password again, the owner
// is mailed, and a password reset by mail removes it (docs/decisions/151). Chromium's virtual
// authenticator (CDP WebAuthn domain); the app on http://localhost:<port> (an RP ID is no IP).

let app: RunningApp;
let api: APIRequestContext;
let mailDir: string | undefined;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  app = await startApp({}, { hostname: 'localhost' });
  api = await playwright.request.newContext({ baseURL: app.baseUrl });
  mailDir = process.env.E2E_MAIL_DIR;
  process.env.E2E_MAIL_DIR = app.mailDir;
});

test.afterAll(async () => {
  process.env.E2E_MAIL_DIR = mailDir;
  await api?.dispose();
  await app?.stop();
});

const tokenIn = (text: string) => /^\s*([A-Za-z0-9_-]{40,})\s*$/m.exec(text)![1]!;

test('a passkey is added only after the password is asked, the owner is told, and a reset by mail removes it', async ({ page, context }) => {
  const email = `e2e.stepup.${Date.now()}@example.org`;
  await registerConfirmedDonor(api, { email, firstName: 'Aroha', lastName: 'Stepup', address: '3 Kowhai Road, Nelson' });

  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  await page.goto(`${app.baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DONOR_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/summary$/);

  await page.goto(`${app.baseUrl}/account#passkeys`);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByLabel('Passkey name').fill('Laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();

  // The password first: nothing is made before it is confirmed.
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(confirm).toBeVisible();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(0);
  await confirm.getByLabel('Your password').fill('not my password');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByText('Password is incorrect')).toBeVisible();
  await confirm.getByLabel('Your password').fill(DONOR_PASSWORD);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  await expect(section.getByText('Passkey “Laptop” added. You can now log in with it.')).toBeVisible();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

  // The owner is told.
  const notice = await waitForMail(email, /^A passkey was added to your Uplift account$/);
  expect(notice.text).toContain('A passkey named “Laptop” was added to your account.');

  // The passkey signs in.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
  await page.goto(`${app.baseUrl}/`);
  await page.goto(`${app.baseUrl}/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/summary$/);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);

  // A reset by the mailed link removes it.
  await page.goto(`${app.baseUrl}/password-recovery`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Recover' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  const resetToken = tokenIn((await waitForMail(email, /^Reset your Uplift password$/)).text);
  await page.getByLabel('Reset token').fill(resetToken);
  await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await page.getByLabel('Confirm new password').fill('a brand new passphrase');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const resetNotice = await waitForMail(email, /^Your Uplift password was reset$/);
  expect(resetNotice.text).toContain('1 passkey was removed from your account');

  // The authenticator still holds the credential; the app refuses it.
  await page.goto(`${app.baseUrl}/`);
  await page.goto(`${app.baseUrl}/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('That passkey could not be used to sign in.');
  await expect(page).toHaveURL(/\/login$/);
});
