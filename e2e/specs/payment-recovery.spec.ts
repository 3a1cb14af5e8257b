import { expect, test, type Page } from '@playwright/test';
import { splitPayments } from '@uplift/core/calculator';
import { formatMoney } from '@uplift/core/money';
import { DONOR_PASSWORD, registerConfirmedDonor } from '../support/donor.ts';
import { runBilling } from '../support/files.ts';
import { waitForMail } from '../support/mail.ts';
import { rememberSignIn } from '../support/session.ts';

// Payments that recover (decisions 044–047), in Chromium with the built-in test provider's Stripe test
// cards: a bank that wants the donor to confirm (4000 0027 6000 3184), reached from the mailed
// link through the login; and a declined card (4000 0000 0000 0341) changed for 4242 and paid now.

const money = (minor: number) => formatMoney(minor, 'NZ');


async function donorWithCard(page: Page, card: string, tag: string) {
  const donor = await registerConfirmedDonor(page.request, {
    email: `e2e.recovery.${tag}.${Date.now()}@example.org`,
    firstName: 'Hemi',
    lastName: 'Walker',
    address: '2 Victoria Street, Wellington',
    card,
  });
  return { ...donor, paymentMinor: splitPayments(donor.totalMinor, donor.dates.length)[0]! };
}

async function shot(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/recovery-${name}-${width}.png`, fullPage: true });
  }
}

test('a bank that wants to confirm: the mailed link, login, the bank step, paid with a receipt', async ({ page, browser }) => {
  const donor = await donorWithCard(page, '4000 0027 6000 3184', '3184');
  const billed = await runBilling(donor.dates[0]!);
  expect(billed.code, billed.output).toBe(0);

  const mail = await waitForMail(donor.email, /Your bank wants to confirm/);
  expect(mail.text).toContain('confirm it is really you');
  const link = /https?:\/\/\S+\/summary\?pay=\d+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const { pathname, search } = new URL(link!);

  // A fresh browser, signed out: the link asks for login first, then opens the action.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(pathname + search);
  await expect(fresh).toHaveURL(/\/login/);
  await fresh.getByLabel('Email').fill(donor.email);
  await fresh.getByLabel('Password').fill(DONOR_PASSWORD);
  await fresh.getByRole('button', { name: 'Login' }).click();

  const dialog = fresh.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your bank wants to confirm this payment with you before it goes through.');
  await shot(fresh, 'authenticate');
  await dialog.getByRole('button', { name: 'Confirm with your bank' }).click();
  await expect(dialog).toContainText('Test mode:');
  await dialog.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(dialog).toContainText(`Thank you! Your ${money(donor.paymentMinor)} payment has gone through.`);
  await dialog.getByRole('button', { name: 'Done' }).click();

  const calendar = fresh.getByRole('region', { name: 'Your four weeks' });
  await expect(calendar.getByText('Paid', { exact: true })).toHaveCount(1);
  await expect(calendar.getByRole('button', { name: 'Confirm with your bank' })).toHaveCount(0);
  await expect(fresh.getByText('Impact so far').locator('..')).toContainText(money(donor.paymentMinor));
  const receipt = await waitForMail(donor.email, /^Receipt/);
  expect(receipt.text).toContain('has gone through');
  await context.close();
});

test('a declined card: change card to 4242, then pay the failed week now', async ({ page }) => {
  const donor = await donorWithCard(page, '4000 0000 0000 0341', '0341');
  const billed = await runBilling(donor.dates[0]!);
  expect(billed.code, billed.output).toBe(0);
  await waitForMail(donor.email, /did not go through/);

  await rememberSignIn(page);
  await page.goto('/summary');
  const calendar = page.getByRole('region', { name: 'Your four weeks' });
  await expect(calendar.getByText('Your bank declined this payment.')).toBeVisible();
  await shot(page, 'failed-week');

  await page.getByRole('button', { name: 'Change card' }).click();
  const change = page.getByRole('dialog', { name: 'Change card' });
  await change.getByLabel('Card number').fill('4242 4242 4242 4242');
  await change.getByLabel('Expiry (MM/YY)').fill('12/34');
  await change.getByLabel('CVC').fill('123');
  await shot(page, 'change-card');
  await change.getByRole('button', { name: 'Save new card' }).click();
  await expect(change).toContainText('Your remaining payments will use your new card.');
  await change.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('•••• 4242')).toBeVisible();

  await calendar.getByRole('button', { name: 'Pay now' }).click();
  const pay = page.getByRole('dialog');
  await pay.getByRole('button', { name: `Pay ${money(donor.paymentMinor)} now` }).click();
  await expect(pay).toContainText('has gone through');
  await pay.getByRole('button', { name: 'Done' }).click();
  await expect(calendar.getByText('Paid', { exact: true })).toHaveCount(1);
  await expect(calendar.getByText('Failed', { exact: true })).toHaveCount(0);
  await waitForMail(donor.email, /^Receipt/);
});

test("the card-expiry mail's link opens Change card; a card the bank must confirm is saved after its step", async ({ page }) => {
  await donorWithCard(page, '4242 4242 4242 4242', 'expiry');
  await rememberSignIn(page);
  await page.goto('/summary?card=change');
  const change = page.getByRole('dialog', { name: 'Change card' });
  await change.getByLabel('Card number').fill('4000 0025 0000 3155');
  await change.getByLabel('Expiry (MM/YY)').fill('12/34');
  await change.getByLabel('CVC').fill('123');
  await change.getByRole('button', { name: 'Save new card' }).click();
  const bank = page.getByRole('dialog', { name: 'Confirm this card with your bank' });
  await shot(page, 'change-card-bank-step');
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(change).toContainText('Your remaining payments will use your new card.');
  await shot(page, 'change-card-saved');
  await change.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('•••• 3155')).toBeVisible();
  await expect(page).toHaveURL(/\/summary$/);
});
