import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { formatLongDate } from '@uplift/core/calendar';
import { movedPaymentDate } from '@uplift/core/skip';
import { expectJson, registerConfirmedDonor } from '../support/donor.ts';
import { icsText, runBilling } from '../support/files.ts';
import { waitForMail } from '../support/mail.ts';
import { rememberSignIn } from '../support/session.ts';

// Skipping one week (decision 134), in Chromium: a donor skips week 2 on /summary, sees the moved
// date on the calendar, downloads the .ics with the new date, and gets the mail; then the billing
// CLI charges nothing for week 2 on its date and charges the moved payment a week after the last.

type Payment = { processing_date: string; payment_status: string; skipped_from: string | null };

test('a donor skips week 2: the calendar, the .ics and the mail show the moved date, and billing follows it', async ({ page }) => {
  const donor = await registerConfirmedDonor(page.request, {
    email: `e2e.skip.${Date.now()}@example.org`,
    firstName: 'Tama',
    lastName: 'Ngata',
    address: '3 Kauri Lane, Hamilton',
  });
  expect(donor.dates).toHaveLength(4);
  const week2 = donor.dates[1]!;
  const moved = movedPaymentDate(donor.dates);

  await rememberSignIn(page);
  await page.goto('/summary');
  // Four weeks, then five once a week is skipped (its payment moves after the last).
  const calendar = page.getByRole('region', { name: /^Your (four|five) weeks$/ });
  await expect(calendar.getByRole('button', { name: 'Skip week 3' })).toBeVisible();
  await calendar.getByRole('button', { name: 'Skip week 2' }).click();

  await expect(page.getByText(`Week 2 is skipped. That payment will be taken on ${formatLongDate(moved)} instead`)).toBeVisible();
  const weeks = calendar.locator('li.calendar-week');
  await expect(weeks).toHaveCount(5);
  await expect(page.getByRole('heading', { level: 2, name: 'Your five weeks' })).toBeVisible();
  await expect(weeks.nth(1)).toContainText(`Skipped: this week’s payment will be taken on ${formatLongDate(moved)} instead`);
  await expect(weeks.nth(1).getByRole('button', { name: 'Undo skip' })).toBeVisible();
  await expect(weeks.nth(4)).toContainText(`on ${formatLongDate(moved)}: Upcoming (moved from week 2)`);
  // One skip per pledge: no other week offers one now.
  await expect(calendar.getByRole('button', { name: /^Skip week/ })).toHaveCount(0);
  await expect(page.getByText('Last weekly payment').locator('..')).toContainText(formatLongDate(moved));
  await page.screenshot({ path: 'test-results/skip-week-summary.png', fullPage: true });

  // The .ics has the moved date and not week 2's.
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Add to calendar' }).click()]);
  const ics = icsText(await readFile((await file.path())!, 'utf8'));
  expect(ics.dates).toContain(moved);
  expect(ics.dates).not.toContain(week2);

  const mail = await waitForMail(donor.email, /You have skipped a week/);
  expect(mail.text).toContain(`will not take a payment on ${formatLongDate(week2)}`);
  expect(mail.text).toContain(`will be taken on ${formatLongDate(moved)} instead`);

  // Billing on week 2's date takes week 1 only; a week after the last, the moved payment.
  const auth = { authorization: `Bearer ${donor.token}` };
  const list = async () => expectJson<Payment[]>(await page.request.get('/api/payment/', { headers: auth }));
  const billed = await runBilling(week2);
  expect(billed.code, billed.output).toBe(0);
  expect((await list()).map((p) => [p.processing_date, p.payment_status])).toEqual([
    [donor.dates[0], 'Success'],
    [donor.dates[2], 'Pending'],
    [donor.dates[3], 'Pending'],
    [moved, 'Pending'],
  ]);
  const last = await runBilling(moved);
  expect(last.code, last.output).toBe(0);
  const after = await list();
  expect(after.map((p) => p.payment_status)).toEqual(['Success', 'Success', 'Success', 'Success']);
  expect(after.at(-1)).toMatchObject({ processing_date: moved, skipped_from: week2 });

  await page.reload();
  await expect(weeks.nth(4)).toContainText(`on ${formatLongDate(moved)}: Paid (moved from week 2)`);
  await expect(weeks.nth(1).getByRole('button', { name: 'Undo skip' })).toHaveCount(0);
});
