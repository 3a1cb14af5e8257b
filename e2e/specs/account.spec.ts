import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { formatLongDate } from '@uplift/core/calendar';
import { splitPayments } from '@uplift/core/calculator';
import { formatMoney } from '@uplift/core/money';
import { DONOR_PASSWORD, expectJson, registerConfirmedDonor } from '../support/donor.ts';
import { pdfText, runBilling } from '../support/files.ts';
import { waitForMail } from '../support/mail.ts';
import { rememberSignIn } from '../support/session.ts';

// My account (decision 083): a donor downloads the receipt, withdraws charity news, downloads their
// data, deletes the account and cannot log in. The pledge and a first payment are set up through
// the API and the billing command, as in summary.spec.ts.

async function download(page: Page, button: string): Promise<{ name: string; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).first().click()]);
  return { name: file.suggestedFilename(), body: await readFile((await file.path())!) };
}

test('a donor downloads the receipt, withdraws charity news, downloads their data, deletes the account and cannot log in', async ({ page }) => {
  const email = `e2e.account.${Date.now()}@example.org`;
  const donor = await registerConfirmedDonor(page.request, { email, firstName: 'Hana', lastName: 'Kereama', address: '5 Rimu Road, Nelson', optInCharity: true });
  const first = donor.dates[0]!;
  const amount = formatMoney(splitPayments(donor.totalMinor, donor.dates.length)[0]!, 'NZ', { code: true });
  const billed = await runBilling(first);
  expect(billed.code, billed.output).toBe(0);
  await waitForMail(email, /Receipt/);

  await rememberSignIn(page);
  await page.goto('/summary');
  await page.getByRole('link', { name: /My account/ }).first().click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();

  // The receipt: its number on the page and in the PDF, with the name and the amount.
  const receipts = page.getByRole('region', { name: 'Receipts and calendar' });
  const number = (await receipts.getByRole('cell', { name: /^NZ-\d{4}-\d{6}$/ }).first().textContent())!;
  await expect(receipts.getByRole('cell', { name: formatLongDate(first) })).toBeVisible();
  const pdf = await download(page, 'Download receipt (PDF)');
  expect(pdf.name).toMatch(/\.pdf$/);
  const text = await pdfText(pdf.body);
  expect(text).toContain('Hana Kereama');
  expect(text).toContain(number);
  expect(text).toContain(amount);
  expect(text).toContain('Donation receipt');

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `e2e/.artifacts/account-${width}.png`, fullPage: true });
  }

  // Charity news withdrawn: the page says so, and the event is on record.
  const consents = page.getByRole('region', { name: 'My consents' });
  const charityNews = consents.getByRole('checkbox', { name: 'News from my chosen charity' });
  await expect(charityNews).toBeChecked();
  await charityNews.click(); // saved at once; the box follows the saved state
  await expect(consents.getByText(/^Withdrawn on /)).toBeVisible();
  await expect(charityNews).not.toBeChecked();

  // My data: one JSON file with the profile, the withdrawal and the receipt.
  const data = await download(page, 'Download my data (JSON)');
  const exported = JSON.parse(data.body.toString('utf8')) as {
    profile: { email: string; opt_in_charity_comms: boolean };
    consent_events: { consent: string; given: string }[];
    payments: { receipt_number: string | null }[];
    saved_cards: { last4: string }[];
  };
  expect(exported.profile).toMatchObject({ email, opt_in_charity_comms: false });
  expect(exported.consent_events.at(-1)).toMatchObject({ consent: 'charity_news', given: 'withdrawn' });
  expect(exported.payments.map((p) => p.receipt_number)).toContain(number);
  expect(exported.saved_cards).toEqual([expect.objectContaining({ last4: '4242' })]);

  // Delete: the password, then the account is gone and signed out.
  const remove = page.getByRole('region', { name: 'Delete my account' });
  await remove.getByLabel('Your password').fill(DONOR_PASSWORD);
  await remove.getByRole('button', { name: 'Delete my account' }).click();
  // Signed out: the account page now sends the visitor to /login.
  await expect(page).toHaveURL(/\/login$/);
  await waitForMail(email, /has been deleted/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DONOR_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login details incorrect')).toBeVisible();
  const api = await page.request.post('/api/auth/login', { data: { email, password: DONOR_PASSWORD } });
  expect(api.status()).toBe(401);
  await expectJson(await page.request.get('/api/campaign/closest/NZ'));
});

test('the privacy policy links each right to where it is exercised', async ({ page }) => {
  await page.goto('/privacy-policy');
  const rights = page.locator('h2:has-text("Your rights") + p + ul');
  for (const [name, hash] of [
    ['My details', '#details'],
    ['Download my data', '#data'],
    ['My consents', '#consents'],
    ['Delete my account', '#delete'],
    ['Receipts', '#receipts'],
  ] as const) {
    await expect(rights.getByRole('link', { name, exact: true }).first()).toHaveAttribute('href', `/account${hash}`);
  }
});
