import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { remainingPaymentDates, todayInCountry } from '@uplift/core/calendar';
import { pledgeTotalMinor } from '@uplift/core/calculator';
import { fromMinor } from '@uplift/core/money';
import { TESTIMONIAL_MESSAGES } from '@uplift/core/schemas/testimonials';
import { adminAccessToken, logInAsAdmin } from '../support/admin.ts';
import { DONOR_PASSWORD, expectJson, registerConfirmedDonor } from '../support/donor.ts';
import { appStarted } from '../support/hydration.ts';
import { waitForMail } from '../support/mail.ts';
import { rememberSignIn } from '../support/session.ts';

// Honest social proof (docs/decisions/167): testimonials only as admins entered them with the
// person's consent, and no section without any; from the thank-you page a page made and published
// in one step, then the leaderboard question; a UK pledge told before payment that no Gift Aid is
// added. Screenshots in e2e/.artifacts/screens/social-proof, at 1280 and 360 px.

const SHOTS = path.resolve(import.meta.dirname, '../.artifacts/screens/social-proof');

async function shot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

type Testimonial = { id: number; country: 'NZ' | 'UK' };

/** Deletes every testimonial of `country` through the admin API, so a landing starts with none. */
async function clearTestimonials(request: APIRequestContext, token: string, country: 'NZ' | 'UK') {
  const headers = { authorization: `Bearer ${token}` };
  const all = await expectJson<Testimonial[]>(await request.get('/api/admin/testimonials', { headers }));
  for (const t of all.filter((t) => t.country === country)) await expectJson(await request.delete(`/api/admin/testimonials/${t.id}`, { headers }));
}

/** Letters only (a first name's), different each run. */
const stampLetters = () =>
  Date.now()
    .toString(26)
    .replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]!)
    .slice(-6);

test('an admin adds a testimonial with consent and the landing shows it; a landing without any has no section', async ({ page, browser, request }) => {
  const token = await adminAccessToken(request);
  await clearTestimonials(request, token, 'NZ');
  await clearTestimonials(request, token, 'UK');

  // Without any: no section, no made-up quotes.
  const visitor = await browser.newPage();
  await visitor.goto('/?country=NZ');
  await appStarted(visitor);
  await expect(visitor.getByRole('heading', { name: /So, why/ })).toBeVisible();
  await visitor.getByRole('heading', { name: /So, why/ }).scrollIntoViewIfNeeded();
  await expect(visitor.getByText('From people who took part')).toHaveCount(0);
  await expect(visitor.getByTestId('testimonials')).toHaveCount(0);

  // The admin's screen: consent is required, with its date.
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  await page.goto('/admin-testimonials');
  await expect(page.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeVisible();
  await expect(page.getByText('No testimonials yet: the landing shows none.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Add a testimonial' });
  const quote = `Skipping takeaways for a month fed a family in our street. ${stampLetters()}`;
  await form.getByLabel('Name', { exact: true }).fill('Aroha K.');
  await form.getByLabel('Country', { exact: true }).selectOption('NZ');
  await form.getByLabel('Quote', { exact: true }).fill(quote);
  await form.getByRole('button', { name: 'Add the testimonial' }).click();
  await expect(form.getByText(TESTIMONIAL_MESSAGES.consentRequired)).toBeVisible();
  await form.getByLabel('The person agreed to be quoted').check();
  await form.getByLabel('Date of consent').fill('2026-11-20');
  await form.getByRole('button', { name: 'Add the testimonial' }).click();
  await expect(page.getByText('Added Aroha K.’s testimonial.')).toBeVisible();
  const table = page.getByRole('region', { name: 'Testimonials' });
  await expect(table.getByRole('row', { name: /Aroha K\./ })).toContainText('2026-11-20');
  await shot(page, 'admin-testimonials');

  // The NZ landing shows it; the UK landing, with none of its own, has no section.
  await visitor.goto('/?country=NZ');
  const band = visitor.getByTestId('testimonials');
  await expect(band).toContainText(`“${quote}”`);
  await expect(band).toContainText('Aroha K.');
  await expect(band.getByRole('heading', { name: 'From people who took part' })).toBeVisible();
  await band.scrollIntoViewIfNeeded();
  await shot(visitor, 'landing-testimonial');
  await visitor.goto('/?country=UK');
  await appStarted(visitor);
  await expect(visitor.getByRole('heading', { name: /So, why/ })).toBeVisible();
  await expect(visitor.getByTestId('testimonials')).toHaveCount(0);

  // The audit names the addition; the landing goes back to none for the specs that follow.
  await page.goto('/admin');
  await expect(page.getByText('Added a testimonial').first()).toBeVisible();
  await clearTestimonials(request, token, 'NZ');
});

test('from the thank-you page a donor makes a prefilled page, publishes it in one step and answers the leaderboard question', async ({ page }) => {
  const first = `Tui${stampLetters()}`;
  const email = `e2e.social-proof.${Date.now()}@example.org`;
  const donor = await registerConfirmedDonor(page.request, { email, firstName: first, lastName: 'Rangi', address: '8 Rātā Street, Nelson' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await rememberSignIn(page, '/SubmitPage');
  await page.goto('/SubmitPage');
  const invite = page.getByRole('region', { name: 'Ask friends to back you' });
  await expect(invite).toContainText(`friends can give to ${donor.recipientName} on it.`);
  await shot(page, 'thank-you-invite');
  await invite.getByRole('link', { name: 'Make my challenge page' }).click();

  await expect(page).toHaveURL(/\/my-page\?start=thanks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Make your challenge page' })).toBeVisible();
  const slug = `${first.toLowerCase()}-gives-up-coffees`;
  await expect(page.getByLabel('Your page’s address')).toHaveValue(slug);
  await expect(page.getByLabel('Display name')).toHaveValue(`${first} R.`);
  await expect(page.getByLabel('Your story')).toHaveValue(new RegExp(`giving up coffees and giving what I save to ${donor.recipientName}`));
  await expect(page.getByText('That address is free')).toBeVisible();
  await shot(page, 'prefilled-page');
  await page.getByRole('button', { name: 'Publish my page' }).click();

  // Published in that one step, then one question.
  await expect(page.getByText(/^Public at/)).toContainText(`/p/${slug}`);
  const question = page.getByRole('group', { name: /Show it on the leaderboard too/ });
  await expect(question).toBeVisible();
  await shot(page, 'leaderboard-question');
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Your page is on the leaderboard.')).toBeVisible();
  await expect(page.getByLabel('Show my page on the leaderboards')).toBeChecked();
  const mine = await expectJson<{ public: boolean; on_leaderboard: boolean }>(await page.request.get('/api/my-page', { headers: { authorization: `Bearer ${donor.token}` } }));
  expect(mine).toMatchObject({ public: true, on_leaderboard: true });

  // The confirmed-pledge mail carries the same invitation.
  const mail = await waitForMail(email, /pledge is confirmed/);
  expect(mail.text).toMatch(/Make my challenge page: http\S*\/my-page\?start=thanks/);
});

test('a UK pledge is told on the payment step, before Finish, that Gift Aid cannot be claimed and why', async ({ page, request }) => {
  const campaign = await expectJson<{ id: number; billing_start_date: string }>(await request.get('/api/campaign/closest/UK'));
  const [challenge] = await expectJson<{ id: number }[]>(await request.get('/api/challenge/campaign/UK'));
  const [recipient] = await expectJson<{ id: number }[]>(await request.get('/api/recipient/campaign/UK'));
  const dates = remainingPaymentDates(campaign.billing_start_date, todayInCountry('UK', new Date()));
  const totalMinor = pledgeTotalMinor({ numberOfUnits: 5, costPerUnitMinor: 300, period: 'weekly', remainingWeeks: dates.length });
  const email = `e2e.gift-aid.${Date.now()}@example.org`;
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
      number_of_units: 5,
      cost_per_unit: 3,
      confirmed_amount: fromMinor(totalMinor),
      period: 'weekly',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await waitForMail(email, /activate/i);
  const token = decodeURIComponent(/activate\?token=([^\s&]+)/.exec(mail.text)![1]!);
  await expectJson(await request.get(`/api/auth/activate?activation_token=${encodeURIComponent(token)}`));

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DONOR_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/challenge\?step=4/);
  const line = page.getByTestId('gift-aid-line');
  await expect(line).toHaveText(
    'Uplift Charitable Trust is a New Zealand charity, so this pledge is not eligible for Gift Aid. Only a charity registered with HMRC can claim Gift Aid.',
  );
  // Before Finish: the line comes above the button.
  const lineBox = (await line.boundingBox())!;
  const finishBox = (await page.getByRole('button', { name: 'Finish' }).boundingBox())!;
  expect(lineBox.y).toBeLessThan(finishBox.y);
  await line.scrollIntoViewIfNeeded();
  await shot(page, 'uk-gift-aid');
});
