import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatDayMonthYear, remainingPaymentDates, todayInCountry } from '@uplift/core/calendar';
import { pledgeTotalMinor } from '@uplift/core/calculator';
import { joinButtonText } from '@uplift/core/countdown';
import { formatMoney, fromMinor } from '@uplift/core/money';
import { waitForMail, type SentMail } from '../support/mail.ts';

// The pledge journey (decision 033): the wizard's five steps and their gating, registration,
// activation from the mail, login, the payment step with the test provider's cards, and the
// thank-you page. Screenshots of every step at 1280 px and 360 px go to e2e/.artifacts/screens.

const PASSWORD = 'a long and memorable passphrase';
const SHOTS = path.resolve(import.meta.dirname, '../.artifacts/screens/pledge-journey');

type Campaign = { id: number; campaign_name: string; country: 'NZ' | 'UK'; billing_start_date: string };

async function nzCampaign(request: APIRequestContext): Promise<Campaign> {
  const campaigns = (await (await request.get('/api/campaign/active')).json()) as Campaign[];
  const nz = campaigns.find((c) => c.country === 'NZ');
  expect(nz, 'the seeded NZ campaign').toBeTruthy();
  return nz!;
}

/** 5 coffees a week at 3.50 over the NZ campaign's remaining weeks. */
function coffeePledge(campaign: Campaign) {
  const dates = remainingPaymentDates(campaign.billing_start_date, todayInCountry('NZ', new Date()));
  const totalMinor = pledgeTotalMinor({ numberOfUnits: 5, costPerUnitMinor: 350, period: 'weekly', remainingWeeks: dates.length });
  return { dates, totalMinor };
}

/** Saves a full-page screenshot, after checking nothing runs off the side of the window. */
async function shot(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width);
  await page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`), fullPage: true });
}

let counter = 0;
const newEmail = (what: string) => `e2e.pledge.${what}.${Date.now()}.${++counter}@example.org`;

function tokenIn(mail: SentMail): string {
  const line = mail.text.split('\n').find((l) => /^[\w-]{43}$/.test(l.trim()));
  expect(line, mail.text).toBeTruthy();
  return line!.trim();
}

/** A donor registered (with a Pending coffee pledge) and activated through the API. */
async function activatedDonor(request: APIRequestContext, what: string): Promise<string> {
  const campaign = await nzCampaign(request);
  const [challenge] = (await (await request.get('/api/challenge/campaign/NZ')).json()) as { id: number }[];
  const [recipient] = (await (await request.get('/api/recipient/campaign/NZ')).json()) as { id: number }[];
  const email = newEmail(what);
  const res = await request.post('/api/auth/register', {
    data: {
      first_name: 'Mere',
      last_name: 'Tawhiri',
      user_address: '',
      country: 'NZ',
      email,
      password: PASSWORD,
      opt_in_uplift_comms: false,
      opt_in_charity_comms: false,
      terms_accepted: true,
      campaign_id: campaign.id,
      challenge_id: challenge!.id,
      recipient_id: recipient!.id,
      number_of_units: 5,
      cost_per_unit: 3.5,
      confirmed_amount: fromMinor(coffeePledge(campaign).totalMinor),
      period: 'weekly',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = tokenIn(await waitForMail(email, /^Activate your Uplift account$/));
  const activated = await request.get(`/api/auth/activate?activation_token=${encodeURIComponent(token)}`);
  expect(activated.ok(), await activated.text()).toBe(true);
  return email;
}

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

async function payWithNewCard(page: Page, number: string) {
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Finish' }).click();
}

test('a visitor pledges from the landing page, registers, activates from the mail, logs in and pays', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 900 });
  const campaign = await nzCampaign(page.request);
  const { dates, totalMinor } = coffeePledge(campaign);
  const total = formatMoney(totalMinor, 'NZ');

  await page.goto('/?country=NZ');
  await page.getByRole('link', { name: joinButtonText(campaign.campaign_name) }).click();
  await expect(page).toHaveURL(/\/challenge/);

  // Step 1: a campaign must be chosen.
  await expect(stepHeading(page, 'Choose campaign')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Choose challenges' }).click();
  await expect(page.getByText('Please choose a campaign')).toBeVisible();
  await page.getByRole('button', { name: /New Zealand/ }).click();
  await expect(page.getByRole('button', { name: /New Zealand/ })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, '1-campaign');
  await page.getByRole('button', { name: 'Choose challenges' }).click();

  // Step 2: a challenge must be chosen; the commute's parking rule is checked on the way.
  await expect(stepHeading(page, 'Choose challenges')).toBeVisible();
  await page.getByRole('button', { name: 'Calculate pledge amount' }).click();
  await expect(page.getByText('Please choose a challenge')).toBeVisible();
  await page.getByRole('listitem').filter({ hasText: 'Commutes' }).getByRole('button', { name: 'Join' }).click();
  await page.getByRole('button', { name: 'Calculate pledge amount' }).click();
  await page.getByLabel('Distance of one trip (km)').fill('8');
  await page.getByLabel(/Trips per week/).fill('10');
  await expect(page.getByText("Please check the box if you don't pay for parking")).toBeVisible();
  await page.getByRole('button', { name: 'Choose cause' }).click();
  await expect(stepHeading(page, 'Calculate pledge amount')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('listitem').filter({ hasText: 'Coffees' }).getByRole('button', { name: 'Join' }).click();
  await shot(page, '2-challenge');
  await page.getByRole('button', { name: 'Calculate pledge amount' }).click();

  // Step 3: the calculator and its minimum.
  await page.getByLabel('Number of coffees per week').fill('1');
  await page.getByLabel('Cost of each one ($)').fill('2');
  await expect(page.getByText('Please ensure your pledge is at least $10')).toBeVisible();
  await page.getByRole('button', { name: 'Choose cause' }).click();
  await expect(stepHeading(page, 'Calculate pledge amount')).toBeVisible();
  await page.getByLabel('Number of coffees per week').fill('5');
  await page.getByLabel('Cost of each one ($)').fill('3.50');
  await expect(page.getByTestId('pledge-total')).toHaveText(total);
  await expect(page.getByText('Please ensure your pledge is at least $10')).toHaveCount(0);
  await shot(page, '3-calculator');

  // The wizard survives a reload.
  await page.reload();
  await expect(page.getByLabel('Number of coffees per week')).toHaveValue('5');
  await expect(page.getByTestId('pledge-total')).toHaveText(total);
  await page.getByRole('button', { name: 'Choose cause' }).click();

  // Step 4: a charity must be chosen.
  await expect(stepHeading(page, 'Choose cause')).toBeVisible();
  await page.getByRole('button', { name: 'Payment and details' }).click();
  await expect(page.getByText('Please choose a charity')).toBeVisible();
  await page.getByRole('listitem').filter({ hasText: 'Youthline' }).getByRole('button', { name: 'Choose' }).click();
  await shot(page, '4-charity');
  await page.getByRole('button', { name: 'Payment and details' }).click();

  // Step 5 for a visitor: registration. Finish is not allowed until logged in.
  await expect(stepHeading(page, 'Payment and details')).toBeVisible();
  await expect(page.getByText(`${formatMoney(totalMinor, 'NZ', { code: true })} for Youthline`)).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText(/Please register above/)).toBeVisible();
  await shot(page, '5-register');

  // The browser's back button walks the steps.
  await page.goBack();
  await expect(stepHeading(page, 'Choose cause')).toBeVisible();
  await page.goForward();
  await expect(stepHeading(page, 'Payment and details')).toBeVisible();

  const email = newEmail('visitor');
  await page.getByLabel('First name*').fill('Aroha');
  await page.getByLabel('Last name*').fill('Ngata');
  await page.getByLabel('Country*').selectOption('NZ');
  await page.getByLabel('Email*').fill(email);
  await page.getByLabel('Password*', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password*').fill(PASSWORD);
  await page.getByLabel(/I agree to be contacted/).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/activate/);
  await expect(page.getByText(`Thank you for registering. We have sent your activation token to ${email}.`)).toBeVisible();

  const token = tokenIn(await waitForMail(email, /^Activate your Uplift account$/));
  await page.getByLabel('Activation token').fill(token);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your account is activated. Please log in.')).toBeVisible();

  // Logging in with a Pending pledge lands on the payment step.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/challenge\?step=4/);
  await expect(stepHeading(page, 'Payment and details')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Your pledge' });
  await expect(summary).toContainText(`${total} NZD`);
  await expect(summary).toContainText('Youthline');
  await expect(summary).toContainText(formatDayMonthYear(dates[0]!));
  await expect(page.getByText('No saved payment methods')).toHaveCount(0);
  await expect(page.getByLabel('New card')).toBeChecked();
  await shot(page, '5-payment');

  await payWithNewCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/SubmitPage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, Aroha!' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByTestId('first-payment')).toContainText(`${formatMoney(1750, 'NZ')} NZD`);
  await expect(page.getByTestId('first-payment')).toContainText(formatDayMonthYear(dates[0]!));
  // The networks' documented share URLs, carrying the campaign's landing page (decision 025).
  await expect(page.getByRole('link', { name: /Share on Facebook/ })).toHaveAttribute('href', /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=http%3A%2F%2F127\.0\.0\.1%3A\d+%2F%3Fcountry%3DNZ$/);
  await expect(page.getByRole('link', { name: /Share on X/ })).toHaveAttribute('href', /^https:\/\/twitter\.com\/intent\/tweet\?url=http%3A%2F%2F127\.0\.0\.1%3A\d+%2F%3Fcountry%3DNZ&text=/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?country=NZ$/);
  // What the link unfurls to: the NZ campaign's preview card.
  const shared = await (await page.request.get(copied)).text();
  expect(shared).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/share-image\/NZ\.png\?v=[0-9a-f]{16}" \/>/);
  await shot(page, '6-thank-you');

  const confirmed = await waitForMail(email, /^Your Uplift pledge is confirmed$/);
  expect(confirmed.text).toContain(`${formatDayMonthYear(dates[0]!)}: $17.50 NZD`);
});

test('at 360 px: a declined card shows the red modal, Cancel resets the wizard, and Next on step 4 makes a new pledge', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const email = await activatedDonor(request, 'declined');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/challenge\?step=4/);
  await expect(stepHeading(page, 'Payment and details')).toBeVisible();
  // Narrow windows show dots instead of the step bar.
  await expect(page.getByRole('list', { name: 'Pledge steps' })).toHaveCount(0);
  await expect(page.getByText('Step 5 of 5: Payment and details')).toBeAttached();
  await shot(page, '5-payment');

  await payWithNewCard(page, '4000 0000 0000 0002');
  const dialog = page.getByRole('dialog', { name: 'Your card could not be used' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your card was declined.');
  await shot(page, '5-declined');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/challenge\?step=4/);

  // Cancel deletes the pending pledge and goes back to the first step.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/challenge\?step=0/);
  await expect(stepHeading(page, 'Choose campaign')).toBeVisible();
  await expect(page.getByRole('button', { name: /New Zealand/ })).toHaveAttribute('aria-pressed', 'false');
  const token = await apiToken(request, email);
  const closest = await request.get('/api/pledge/closest', { headers: { authorization: `Bearer ${token}` } });
  expect(closest.status()).toBe(404);
  expect(await closest.json()).toMatchObject({ message: 'No pledges!' });

  // Through the steps again at 360 px; leaving step 4 signed in creates the Pending pledge.
  await page.getByRole('button', { name: /New Zealand/ }).click();
  await shot(page, '1-campaign');
  await page.getByRole('button', { name: 'Choose challenges' }).click();
  await page.getByRole('listitem').filter({ hasText: 'Lunches' }).getByRole('button', { name: 'Join' }).click();
  await shot(page, '2-challenge');
  await page.getByRole('button', { name: 'Calculate pledge amount' }).click();
  await page.getByLabel('Monthly').check();
  await page.getByLabel('Number of lunches per month').fill('6');
  await page.getByLabel('Cost of each one ($)').fill('15');
  await shot(page, '3-calculator');
  await page.getByRole('button', { name: 'Choose cause' }).click();
  await page.getByRole('listitem').filter({ hasText: 'KidsCan' }).getByRole('button', { name: 'Choose' }).click();
  await shot(page, '4-charity');
  await page.getByRole('button', { name: 'Payment and details' }).click();
  await expect(stepHeading(page, 'Payment and details')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your pledge' })).toContainText('KidsCan');
  const pending = await request.get('/api/pledge/closest', { headers: { authorization: `Bearer ${token}` } });
  expect(await pending.json()).toMatchObject({ pledge_status: 'Pending', number_of_units: 6, cost_per_unit: 15, period: 'monthly' });
});

test('a returning donor with a saved card pays with it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await activatedDonor(request, 'saved');
  const auth = { authorization: `Bearer ${await apiToken(request, email)}` };
  const secret = (await (await request.get('/api/payment_method/secret', { headers: auth })).json()) as { client_secret: string };
  const setup = await request.post('/api/test-provider/setup/confirm', {
    headers: auth,
    data: { client_secret: secret.client_secret, number: '5555555555554444', exp_month: 9, exp_year: 2031, cvc: '321' },
  });
  const saved = await request.post('/api/payment_method', {
    headers: auth,
    data: { method_name: 'card', is_enabled: true, stripe_payment_method_id: ((await setup.json()) as { payment_method: string }).payment_method },
  });
  expect(saved.status()).toBe(201);

  await logIn(page, email);
  await expect(page).toHaveURL(/\/challenge\?step=4/);
  await expect(page.getByLabel('Saved card')).toBeChecked();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Please select a payment method')).toBeVisible();
  await page.getByLabel('Mastercard ending 4444, expires 09/2031').check();
  await shot(page, '5-saved-card');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/SubmitPage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, Mere!' })).toBeVisible();
  await expect(page.getByTestId('first-payment')).toContainText('$17.50 NZD');
});

test('a card that asks for authentication is confirmed in a simulated 3-D Secure step', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const email = await activatedDonor(request, 'authenticate');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/challenge\?step=4/);
  await page.getByLabel('Saved card').check();
  await expect(page.getByText('No saved payment methods')).toBeVisible();
  await page.getByLabel('New card').check();
  await payWithNewCard(page, '4000 0025 0000 3155');
  const bank = page.getByRole('dialog', { name: 'Confirm this card with your bank' });
  await expect(bank).toBeVisible();
  await shot(page, '5-authenticate');
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/SubmitPage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, Mere!' })).toBeVisible();
  await expect(page.getByTestId('first-payment')).toContainText('$17.50 NZD');
  await shot(page, '6-thank-you');
});
