import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { remainingPaymentDates, todayInCountry } from '@uplift/core/calendar';
import { pledgeTotalMinor } from '@uplift/core/calculator';
import { fromMinor } from '@uplift/core/money';
import { logInAsAdmin } from '../support/admin.ts';
import { waitForMail, type SentMail } from '../support/mail.ts';

// Accounts end to end (decision 010): activation from the mailed link, login and its routing, a
// session that survives a reload, logout, recovery and reset with their redirects.

const PASSWORD = 'a long and memorable passphrase';

/** A pledge the server accepts: 2 coffees a week at 5.00 over the NZ campaign's remaining weeks. */
async function validNzPledge(request: APIRequestContext) {
  const campaign = (await (await request.get('/api/campaign/closest/NZ')).json()) as { id: number; billing_start_date: string };
  const [challenge] = (await (await request.get('/api/challenge/campaign/NZ')).json()) as { id: number }[];
  const [recipient] = (await (await request.get('/api/recipient/campaign/NZ')).json()) as { id: number }[];
  const weeks = remainingPaymentDates(campaign.billing_start_date, todayInCountry('NZ', new Date())).length;
  const total = pledgeTotalMinor({ numberOfUnits: 2, costPerUnitMinor: 500, period: 'weekly', remainingWeeks: weeks });
  return {
    campaign_id: campaign.id,
    challenge_id: challenge!.id,
    recipient_id: recipient!.id,
    number_of_units: 2,
    cost_per_unit: 5,
    confirmed_amount: fromMinor(total),
    period: 'weekly' as const,
  };
}

let counter = 0;

/** Registers a new donor through the API (not yet activated) and returns the email. */
async function registerDonor(request: APIRequestContext): Promise<string> {
  counter += 1;
  const email = `e2e.accounts.${Date.now()}.${counter}@example.org`;
  const res = await request.post('/api/auth/register', {
    data: {
      first_name: 'Aroha',
      last_name: 'Ngata',
      user_address: '1 Queen Street, Auckland',
      country: 'NZ',
      email,
      password: PASSWORD,
      opt_in_uplift_comms: false,
      opt_in_charity_comms: false,
      terms_accepted: true,
      ...(await validNzPledge(request)),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

function tokenIn(mail: SentMail): string {
  const line = mail.text.split('\n').find((l) => /^[\w-]{43}$/.test(l.trim()));
  expect(line, mail.text).toBeTruthy();
  return line!.trim();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('activate from the mailed link, log in (routed by pledge status), reload keeps the session, logout ends it', async ({ page }) => {
  const email = await registerDonor(page.request);
  const mail = await waitForMail(email, /^Activate your Uplift account$/);
  const token = tokenIn(mail);
  const link = mail.text.match(/https?:\/\/\S+\/activate\?token=\S+/)?.[0];
  expect(link).toContain(`/activate?token=${token}`);

  // Before activation, login says what to do.
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('not activated');

  // The activation page: a masked token field and a hint, for a token typed by hand.
  await page.goto('/activate');
  const field = page.getByLabel('Activation token');
  await expect(field).toHaveAttribute('type', 'password');
  await expect(page.getByText('Check your email')).toBeVisible();
  // The mailed link activates at once, without the button (decision 124).
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account is activated. Please log in.')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Password').press('Enter');
  // Registration left a Pending pledge: the wizard's last step.
  await expect(page).toHaveURL(/\/challenge\?step=4$/);
  expect(await page.evaluate(() => localStorage.getItem('uplift.authenticated'))).toBe('true');

  // A reload restores the session through the refresh cookie.
  const restored = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
  await page.reload();
  expect((await restored).status()).toBe(200);

  // Logout (the navbar's call) ends it: the next reload cannot restore it.
  expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
  await page.reload();
  expect((await refused).status()).toBe(401);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('uplift.authenticated'))).toBeNull();
});

test("a wrong password shows 'Login details incorrect', like an unknown email", async ({ page }) => {
  await logIn(page, process.env.E2E_ADMIN_EMAIL!, 'not the password');
  await expect(page.getByRole('alert')).toHaveText('Login details incorrect');
  await logIn(page, 'nobody.at.all@example.org', 'not the password');
  await expect(page.getByRole('alert')).toHaveText('Login details incorrect');
  await expect(page).toHaveURL(/\/login$/);
});

test('the admin is asked for the second factor after the password, then reaches the admin page', async ({ page }) => {
  await logInAsAdmin(page);
  await expect(page).toHaveURL(/\/admin$/);
});

test('recover and reset the password, with their messages and redirects, then log in with the new one', async ({ page }) => {
  const email = await registerDonor(page.request);
  const activation = tokenIn(await waitForMail(email, /^Activate/));
  expect((await page.request.get(`/api/auth/activate?activation_token=${activation}`)).status()).toBe(200);

  await page.goto('/password-recovery');
  await page.getByRole('button', { name: 'Recover' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Recover' }).click();
  await expect(page.getByText('Please check your email. You will now be redirected to the password reset page...')).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);

  const token = tokenIn(await waitForMail(email, /^Reset your Uplift password$/));
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Token is required')).toBeVisible();
  await page.getByLabel('Reset token').fill(token);
  await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await page.getByLabel('Confirm new password').fill('a different passphrase');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('a brand new passphrase');
  await page.getByLabel('Confirm new password').press('Enter');
  await expect(page.getByText('You have successfully changed your password. You will be redirected to the login page...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The used token is spent.
  const again = await page.request.post('/api/auth/reset', { data: { reset_token: token, new_password: 'yet another passphrase' } });
  expect(again.status()).toBe(400);

  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Login details incorrect');
  await logIn(page, email, 'a brand new passphrase');
  await expect(page).toHaveURL(/\/challenge\?step=4$/);
});

test('a signed-in user who opens password recovery is sent home', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/password-recovery');
  await expect(page).toHaveURL(/\/$/);
});
