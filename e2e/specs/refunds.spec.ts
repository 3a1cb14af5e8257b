import { expect, test } from '@playwright/test';
import { formatLongDate } from '@uplift/core/calendar';
import { splitPayments } from '@uplift/core/calculator';
import { decimalText, formatMoney } from '@uplift/core/money';
import type { CampaignReport } from '@uplift/core/schemas/campaign-report';
import { adminAccessToken, logInAsAdmin } from '../support/admin.ts';
import { registerConfirmedDonor } from '../support/donor.ts';
import { pdfText, runBilling } from '../support/files.ts';
import { attachmentOf, waitForMail } from '../support/mail.ts';
import { rememberSignIn } from '../support/session.ts';

// Refunds end to end (docs/decisions/132-refunds.md): a donor's first week is charged by a billing
// run; the admin refunds half of it from the user table's Payments; the donor gets "Your refund of
// $x" with the corrected receipt, their summary says "Partly refunded", and the campaign report's
// refunded and net figures move by the refund; the system page shows the billing run that charged it.

test('the admin refunds half of a paid week; the donor is mailed and sees it; the report moves', async ({ page, browser }) => {
  const stamp = Date.now();
  const lastName = `Refundson${stamp}`;
  // The donor's session is the page's own (its request context holds the refresh cookie).
  const donor = await registerConfirmedDonor(page.request, { email: `e2e.refund.${stamp}@example.org`, firstName: 'Tama', lastName, address: '8 Totara Street, Nelson' });
  const billingStart = donor.dates[0]!;
  const paymentMinor = splitPayments(donor.totalMinor, donor.dates.length)[0]!;
  const halfMinor = Math.floor(paymentMinor / 2);
  const money = (minor: number) => formatMoney(minor, 'NZ');
  const billed = await runBilling(billingStart);
  expect(billed.code, billed.output).toBe(0);
  await waitForMail(donor.email, /^Receipt: your/);

  // The admin works in a browser of their own.
  const adminContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const admin = await adminContext.newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(admin);
  const token = await adminAccessToken(admin.request);
  const auth = { authorization: `Bearer ${token}` };
  const campaign = donor.campaignId;
  const report = async () => (await (await admin.request.get(`/api/admin/campaigns/${campaign}/report`, { headers: auth })).json()) as CampaignReport;
  const before = await report();

  await admin.goto('/user-list');
  await admin.getByLabel('Search by name or email').fill(lastName);
  const row = admin.getByRole('row').filter({ hasText: donor.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Payments of Tama ${lastName}` }).click();
  const payments = admin.getByRole('dialog', { name: `Payments of Tama ${lastName}` });
  await expect(payments).toBeVisible();
  await payments.getByRole('button', { name: `Refund the payment of ${formatLongDate(billingStart)}` }).click();

  const dialog = admin.getByRole('dialog', { name: `Refund payment of ${formatLongDate(billingStart)}` });
  const amount = dialog.getByLabel('Amount to refund');
  // Prefilled with all that is left of the payment.
  await expect(amount).toHaveValue(decimalText(paymentMinor));
  await amount.fill(decimalText(halfMinor));
  await dialog.getByLabel('Reason').fill('The donor asked for half of the first week back');
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(payments.getByRole('status').filter({ hasText: `Refunded ${money(halfMinor)} of the payment of ${formatLongDate(billingStart)}.` })).toBeVisible();
  await expect(payments.getByText(`Partly refunded: ${money(halfMinor)}`)).toBeVisible();

  // The mail, with the corrected receipt.
  const mail = await waitForMail(donor.email, /^Your refund of/);
  expect(mail.subject).toBe(`Your refund of ${money(halfMinor)}`);
  const pdf = (await pdfText(attachmentOf(mail, 'application/pdf'))).replace(/\s+/g, ' ');
  expect(pdf).toContain('Corrected donation receipt');
  expect(pdf).toMatch(/NZ-\d{4}-\d{6}-R1/);

  // The report: refunded and net move by the refund; collected stays what was charged.
  const after = await report();
  expect(after.total.collected).toBe(before.total.collected);
  expect(Math.round((after.total.refunded - before.total.refunded) * 100)).toBe(halfMinor);
  expect(Math.round((before.total.net - after.total.net) * 100)).toBe(halfMinor);
  await admin.goto(`/admin-campaign/${campaign}/report`);
  const totalRow = admin.getByRole('region', { name: 'Figures per charity' }).getByRole('row').filter({ hasText: 'Total' });
  await expect(totalRow).toContainText(money(Math.round(after.total.refunded * 100)));

  // The system page shows the billing run that made the charge: the latest, finished, with it among its charges.
  await admin.goto('/admin-system');
  const billingRow = admin.getByRole('table', { name: 'The system’s parts and their state' }).getByRole('row').filter({ hasText: 'Billing runs' });
  await expect(billingRow).toContainText(/Last run .*: finished, [1-9]\d* charged/);
  await adminContext.close();

  // The donor's summary says so.
  await rememberSignIn(page);
  await page.goto('/summary');
  const calendar = page.getByRole('region', { name: 'Your four weeks' });
  await expect(calendar.getByText(`Partly refunded: ${money(halfMinor)} back`)).toBeVisible();
  await expect(page.getByText('Impact so far').locator('..')).toContainText(money(paymentMinor - halfMinor));
});
