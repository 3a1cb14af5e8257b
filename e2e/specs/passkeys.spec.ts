import { expect, test, type APIRequestContext } from '@playwright/test';
import { startApp, type RunningApp } from '../support/app.ts';
import { DONOR_PASSWORD, registerConfirmedDonor } from '../support/donor.ts';

// Passkeys in Chromium (docs/decisions/131-passkeys-and-secrets-at-rest.md): a virtual
// authenticator (CDP WebAuthn domain) with a resident key and user verification. The app runs on
// its own at http://localhost:<port>: a WebAuthn relying party ID cannot be an IP address.

let app: RunningApp;
let api: APIRequestContext;
let mailDir: string | undefined;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  app = await startApp({}, { hostname: 'localhost' });
  api = await playwright.request.newContext({ baseURL: app.baseUrl });
  // The donor helpers read this app's mail.
  mailDir = process.env.E2E_MAIL_DIR;
  process.env.E2E_MAIL_DIR = app.mailDir;
});

test.afterAll(async () => {
  process.env.E2E_MAIL_DIR = mailDir;
  await api?.dispose();
  await app?.stop();
});

test('add a passkey in /account, log out, and sign in with the passkey alone', async ({ page, context }) => {
  const email = `e2e.passkey.${Date.now()}@example.org`;
  await registerConfirmedDonor(api, { email, firstName: 'Mere', lastName: 'Passkey', address: '9 Totara Avenue, Hamilton' });

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
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await section.getByLabel('Passkey name').fill('Virtual authenticator');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  // A passkey signs in without the password: it is added only once the password is typed again (docs/decisions/151).
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirm.getByLabel('Your password').fill(DONOR_PASSWORD);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(section.getByText('Passkey “Virtual authenticator” added. You can now log in with it.')).toBeVisible();
  const list = section.getByRole('list', { name: 'Your passkeys' });
  await expect(list).toContainText('Virtual authenticator');
  await expect(list).toContainText('Not used yet');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);

  // No email, no password: the passkey alone. (From the home page: logging out on /account left a
  // way back to it in /login's history state, and a same-URL goto would keep it.)
  await page.goto(`${app.baseUrl}/`);
  await page.goto(`${app.baseUrl}/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/summary$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kia ora Mere!' })).toBeVisible();

  await page.goto(`${app.baseUrl}/account#passkeys`);
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('list', { name: 'Your passkeys' })).toContainText('Last used');
});
