import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DONOR_PASSWORD, registerConfirmedDonor } from '../support/donor.ts';
import { waitForMail } from '../support/mail.ts';
import { rememberSignIn } from '../support/session.ts';

// My account (decision 083): the donor changes their email (by the link mailed to the new address;
// nothing changes before) and their password (with the current one; other sessions end).
// The donor is set up through the API; the flows under test run in the browser.

/** Opens /account with the refresh cookie the API login left in this page's context. */
async function openAccount(page: Page) {
  await rememberSignIn(page);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
}

const loginStatus = async (request: APIRequestContext, email: string, password: string) =>
  (await request.post('/api/auth/login', { data: { email, password } })).status();

test('a donor changes their email with the link mailed to the new address, and nothing changes before', async ({ page, playwright }) => {
  const email = `e2e.email.${Date.now()}@example.org`;
  const newEmail = `e2e.new.${Date.now()}@example.org`;
  await registerConfirmedDonor(page.request, { email, firstName: 'Tāne', lastName: 'Rāwiri', address: '2 Kauri Street, Nelson' });
  await openAccount(page);

  const form = page.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New email').fill(newEmail);
  await form.getByLabel('Your password').fill(DONOR_PASSWORD);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByText('We have sent a confirmation link to your new email address.')).toBeVisible();
  await expect(form.getByText(`(waiting for confirmation of ${newEmail})`)).toBeVisible();

  // Until the link is used, the old address is the account's.
  const fresh = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    expect(await loginStatus(fresh, newEmail, DONOR_PASSWORD)).toBe(401);
    expect(await loginStatus(fresh, email, DONOR_PASSWORD)).toBe(200);

    const mail = await waitForMail(newEmail, /^Confirm your new Uplift email address$/);
    const link = /\/account\?email_token=[^\s"<]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByText('Your email address has been changed. Use it the next time you log in.')).toBeVisible();

    expect(await loginStatus(fresh, newEmail, DONOR_PASSWORD)).toBe(200);
    expect(await loginStatus(fresh, email, DONOR_PASSWORD)).toBe(401);
  } finally {
    await fresh.dispose();
  }
  await page.getByRole('link', { name: 'Go to my account' }).click();
  await expect(page.getByRole('form', { name: 'Change email' }).getByText(`Your email: ${newEmail}`)).toBeVisible();
});

test('a donor changes their password with the current one; another browser is signed out on its next refresh', async ({ page, browser }) => {
  const email = `e2e.password.${Date.now()}@example.org`;
  const newPassword = 'another long passphrase for uplift';
  await registerConfirmedDonor(page.request, { email, firstName: 'Mere', lastName: 'Tautahi', address: '9 Totara Avenue, Napier' });
  await openAccount(page);

  // A second browser, signed in through the login form.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await otherPage.goto('/login');
    await otherPage.getByLabel('Email').fill(email);
    await otherPage.getByLabel('Password').fill(DONOR_PASSWORD);
    await otherPage.getByRole('button', { name: 'Login' }).click();
    await expect(otherPage).not.toHaveURL(/\/login/);
    await otherPage.goto('/account');
    await expect(otherPage.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Change password' });
    // A wrong current password changes nothing and says so at the field.
    await form.getByLabel('Current password').fill('not my password at all');
    await form.getByLabel('New password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Current password')).toBeFocused();

    await form.getByLabel('Current password').fill(DONOR_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Your password has been changed. You have been logged out everywhere else.')).toBeVisible();

    // The other browser is signed out when it next refreshes; this one stays signed in.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();

    expect(await loginStatus(other.request, email, DONOR_PASSWORD)).toBe(401);
    expect(await loginStatus(other.request, email, newPassword)).toBe(200);
  } finally {
    await other.close();
  }
});
