import { expect, test, type Page } from '@playwright/test';
import { formatLongDate } from '@uplift/core/calendar';
import { splitPayments } from '@uplift/core/calculator';
import { formatMoney } from '@uplift/core/money';
import { MSG } from '@uplift/core/messages';
import { DONOR_PASSWORD, expectJson, registerConfirmedDonor } from '../support/donor.ts';
import { runBilling } from '../support/files.ts';
import { waitForMail } from '../support/mail.ts';
import { rememberSignIn } from '../support/session.ts';

// The pledge summary (decision 042): after paying, /summary shows the calendar, amounts, card and
// impact; a billing run grows the impact so far; the modal cancels; signed out goes to /login.
// Everything before the summary is set up through the API, as a donor's browser would.

const FIRST_NAME = 'Mere';

type Donor = { email: string; token: string; billingStart: string; paymentMinor: number; recipientName: string };

const json = expectJson;

/** A donor with a confirmed pledge; the page's request context logs in, so the browser gets the refresh cookie. */
async function donorWithConfirmedPledge(page: Page): Promise<Donor> {
  const donor = await registerConfirmedDonor(page.request, {
    email: `e2e.summary.${Date.now()}@example.org`,
    firstName: FIRST_NAME,
    lastName: 'Tawhiri',
    address: '1 Queen Street, Auckland',
  });
  return {
    email: donor.email,
    token: donor.token,
    billingStart: donor.dates[0]!,
    paymentMinor: splitPayments(donor.totalMinor, donor.dates.length)[0]!,
    recipientName: donor.recipientName,
  };
}


test('after paying, the summary shows the pledge; a billing run grows the impact; the modal cancels it', async ({ page, request }) => {
  const donor = await donorWithConfirmedPledge(page);
  const money = (minor: number) => formatMoney(minor, 'NZ');
  // The login above set the refresh cookie; the saved flag makes the app restore the session.
  await rememberSignIn(page);
  await page.goto('/summary');

  await expect(page.getByRole('heading', { level: 1, name: `Kia ora ${FIRST_NAME}!` })).toBeVisible();
  await expect(page.getByText(/days? to go/)).toBeVisible();
  const calendar = page.getByRole('region', { name: 'Your four weeks' });
  for (const week of [1, 2, 3, 4]) await expect(calendar.getByRole('heading', { name: `Week ${week}` })).toBeVisible();
  await expect(calendar.getByText('Upcoming', { exact: true })).toHaveCount(4);
  await expect(page.getByText('Impact so far').locator('..')).toContainText('$0.00');
  await expect(page.getByText('Next payment').locator('..')).toContainText(`${money(donor.paymentMinor)} on ${formatLongDate(donor.billingStart)}`);
  await expect(page.getByText('Visa card ending 4242')).toBeAttached();
  await expect(page.getByText('•••• 4242')).toBeVisible();
  await expect(page.getByText('Expires 12/34')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your impact' })).toContainText(donor.recipientName);

  // The first weekly payment is taken by the billing run for its date.
  const billing = await runBilling(donor.billingStart);
  expect(billing.code, billing.output).toBe(0);
  await waitForMail(donor.email, /^Receipt: your/);
  await page.reload();
  await expect(page.getByText('Impact so far').locator('..')).toContainText(money(donor.paymentMinor));
  await expect(calendar.getByText('Paid', { exact: true })).toHaveCount(1);

  // The modal: Escape closes it, and focus stays inside while it is open.
  const openLink = page.getByRole('button', { name: MSG.cancelPledgeLink });
  await openLink.click();
  const dialog = page.getByRole('dialog', { name: MSG.cancelPledgeTitle(FIRST_NAME) });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This will cancel your 3 remaining payments');
  await expect(dialog).toContainText(MSG.cancelPledgeQuestion);
  await expect(dialog.getByRole('button', { name: MSG.cancelPledgeBack })).toBeFocused();
  const focusInDialog = () => page.evaluate(() => Boolean(document.querySelector('dialog[open]')?.contains(document.activeElement)));
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await focusInDialog(), `focus after ${key}`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(openLink).toBeFocused();

  await openLink.click();
  await dialog.getByRole('button', { name: MSG.cancelPledgeConfirm }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your pledge has been cancelled')).toBeVisible();
  await waitForMail(donor.email, /pledge has been cancelled/);

  // The server agrees: the pledge is Cancelled, the paid payment stands, the rest are Cancelled.
  // Asked from a sign-in of its own: the cancel logged the browser out, which ends at once every
  // token of that sign-in, the one the donor's API login shared with it included.
  expect((await page.request.get('/api/pledge/closest', { headers: { authorization: `Bearer ${donor.token}` } })).status()).toBe(401);
  const { access_token } = await json<{ access_token: string }>(await request.post('/api/auth/login', { data: { email: donor.email, password: DONOR_PASSWORD } }));
  const auth = { authorization: `Bearer ${access_token}` };
  const pledge = await json<{ pledge_status: string }>(await page.request.get('/api/pledge/closest', { headers: auth }));
  expect(pledge.pledge_status).toBe('Cancelled');
  const payments = await json<{ payment_status: string }[]>(await page.request.get('/api/payment/', { headers: auth }));
  expect(payments.map((p) => p.payment_status)).toEqual(['Success', 'Cancelled', 'Cancelled', 'Cancelled']);

  // Signed out by the cancel: the summary now sends the visitor to /login.
  await page.goto('/summary');
  await expect(page).toHaveURL(/\/login$/);
});

test('a logged-out visitor on /summary goes to /login', async ({ page }) => {
  await page.goto('/summary');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
});
