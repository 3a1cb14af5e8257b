import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatDayMonthYear, formatLongDate, remainingPaymentDates, todayInCountry } from '@uplift/core/calendar';
import { pledgeTotalMinor } from '@uplift/core/calculator';
import { feeCoverMinor, feeCoverOffer } from '@uplift/core/fees';
import { asMinor, formatMoney, fromMinor } from '@uplift/core/money';
import { DONOR_PASSWORD, expectJson } from '../support/donor.ts';
import { waitForMail } from '../support/mail.ts';

// Covering the card fee, as the donor sees it (product-rules §15 "What each screen shows";
// docs/decisions/135, 144): a UK donor of £16.00 a week who ticks the box is charged £16.68, and
// the wizard's fee table, the thank-you page and /summary all say £16.68. Screenshots at 1280 px
// and 360 px go to e2e/.artifacts/screens/fee-cover.

const SHOTS = path.resolve(import.meta.dirname, '../.artifacts/screens/fee-cover');
const WEEKLY = asMinor(1600);
const COVER = feeCoverMinor(WEEKLY, 'UK');
const CHARGED = asMinor(WEEKLY + COVER);
const gbp = (minor: number, code = false) => formatMoney(minor, 'UK', { code });

/** Checks nothing runs off the side at 1280 px and 360 px and photographs the region (or the page). */
async function shots(page: Page, name: string, region?: Locator) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width);
    const file = path.join(SHOTS, `${width}-${name}.png`);
    if (region) {
      await region.scrollIntoViewIfNeeded();
      await region.screenshot({ path: file });
    } else {
      await page.screenshot({ path: file, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A UK donor with a Pending pledge of 8 coffees a week at £2.00 (£16.00 a week), activated through the API. */
async function ukDonorWithPendingPledge(request: APIRequestContext) {
  const campaign = await expectJson<{ id: number; billing_start_date: string }>(await request.get('/api/campaign/closest/UK'));
  const [challenge] = await expectJson<{ id: number }[]>(await request.get('/api/challenge/campaign/UK'));
  const [recipient] = await expectJson<{ id: number; recipient_name: string }[]>(await request.get('/api/recipient/campaign/UK'));
  const dates = remainingPaymentDates(campaign.billing_start_date, todayInCountry('UK', new Date()));
  const totalMinor = pledgeTotalMinor({ numberOfUnits: 8, costPerUnitMinor: 200, period: 'weekly', remainingWeeks: dates.length });
  const email = `e2e.fee-cover.${Date.now()}@example.org`;
  const registered = await request.post('/api/auth/register', {
    data: {
      first_name: 'Harriet',
      last_name: 'Cole',
      user_address: '4 Mill Lane, Leeds',
      country: 'UK',
      email,
      password: DONOR_PASSWORD,
      opt_in_uplift_comms: false,
      opt_in_charity_comms: false,
      terms_accepted: true,
      campaign_id: campaign.id,
      challenge_id: challenge!.id,
      recipient_id: recipient!.id,
      number_of_units: 8,
      cost_per_unit: 2,
      confirmed_amount: fromMinor(totalMinor),
      period: 'weekly',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await waitForMail(email, /activate/i);
  const token = decodeURIComponent(/activate\?token=([^\s&]+)/.exec(mail.text)![1]!);
  await expectJson(await request.get(`/api/auth/activate?activation_token=${encodeURIComponent(token)}`));
  return { email, dates, totalMinor, charity: recipient!.recipient_name };
}

test('a UK donor who covers the card fee sees the £16.68 charged in the fee table, on the thank-you page and on /summary', async ({ page, request }) => {
  const donor = await ukDonorWithPendingPledge(request);
  expect(donor.dates, 'the seeded UK campaign has its four weeks to come').toHaveLength(4);
  expect(donor.totalMinor).toBe(4 * WEEKLY);
  const coverTotal = 4 * COVER;

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await page.getByLabel('Email').fill(donor.email);
  await page.getByLabel('Password').fill(DONOR_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/challenge\?step=4/);

  // The wizard: ticked, every line of the fee table charges £16.68, its fee is that charge's, and the lines add up.
  const summary = page.getByRole('region', { name: 'Your pledge' });
  await page.getByRole('checkbox', { name: feeCoverOffer(WEEKLY, 'UK') }).check();
  await expect(page.getByTestId('charge-line')).toContainText(`We will charge ${gbp(CHARGED, true)} each week`);
  const rows = summary.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(4);
  for (const [i, date] of donor.dates.entries()) {
    await expect(rows.nth(i).getByRole('cell')).toHaveText([formatDayMonthYear(date), gbp(CHARGED), gbp(COVER), gbp(WEEKLY)]);
  }
  await expect(page.getByTestId('pledge-summary-total')).toHaveText(`${gbp(donor.totalMinor, true)} to the charity + ${gbp(coverTotal, true)} card fee cover`);
  await page.getByLabel('New card').check();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await shots(page, '1-payment-step', summary);
  await page.getByRole('button', { name: 'Finish' }).click();

  // The thank-you page and its recap.
  await expect(page).toHaveURL(/\/SubmitPage$/);
  await expect(page.getByTestId('first-payment')).toHaveText(`Your first weekly payment of ${gbp(CHARGED, true)} will be taken on ${formatDayMonthYear(donor.dates[0]!)}.`);
  const recap = page.getByTestId('pledge-recap');
  await expect(recap).toContainText(`Each week${gbp(CHARGED, true)}`);
  await expect(recap).toContainText(`In all${gbp(donor.totalMinor, true)} to the charity + ${gbp(coverTotal, true)} card fee cover`);
  await expect(recap).toContainText(`Charity${donor.charity}`);
  await shots(page, '2-thank-you');

  // The pledge-confirmed mail says the same.
  const confirmed = await waitForMail(donor.email, /^Your Uplift pledge is confirmed$/);
  expect(confirmed.text).toContain(`${formatDayMonthYear(donor.dates[0]!)}: ${gbp(CHARGED, true)}`);
  expect(confirmed.text).toContain(`pledged ${gbp(donor.totalMinor, true)} to ${donor.charity} + ${gbp(coverTotal, true)} card fee cover.`);

  // /summary: the next payment and each week of the calendar.
  await page.goto('/summary');
  await expect(page.getByText('Next payment').locator('xpath=following-sibling::dd')).toHaveText(`${gbp(CHARGED)} on ${formatLongDate(donor.dates[0]!)}`);
  const calendar = page.getByRole('region', { name: 'Your four weeks' });
  await expect(calendar.locator('.calendar-payment strong')).toHaveText(Array(4).fill(gbp(CHARGED)));
  await expect(calendar.getByRole('img', { name: `payment day: ${gbp(CHARGED)} due` })).toHaveCount(4);
  await shots(page, '3-summary');
  await shots(page, '4-summary-calendar', calendar);
});
