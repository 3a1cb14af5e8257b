import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatDayMonthYear, remainingPaymentDates, todayInCountry } from '@uplift/core/calendar';
import { pledgeTotalMinor } from '@uplift/core/calculator';
import { joinButtonText } from '@uplift/core/countdown';
import { formatMoney, fromMinor } from '@uplift/core/money';
import { appStarted } from '../support/hydration.ts';
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

test('a visitor walks every step of the wizard, registers, activates with a typed token, logs in and pays', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 900 });
  const campaign = await nzCampaign(page.request);
  const { dates, totalMinor } = coffeePledge(campaign);
  const total = formatMoney(totalMinor, 'NZ');

  // Straight to the wizard, with nothing chosen: every gate is met on the way. (The landing
  // page's Join carries its choices in: the first-pledge test below walks that way.)
  await page.goto('/challenge');
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

  // Step 5 for a visitor: registration, whose Register is the one action (no Finish until logged in, docs/decisions/157).
  await expect(stepHeading(page, 'Payment and details')).toBeVisible();
  await expect(page.getByText(`${formatMoney(totalMinor, 'NZ', { code: true })} for Youthline`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish' })).toHaveCount(0);
  await shot(page, '5-register');

  // The browser's back button walks the steps.
  await page.goBack();
  await expect(stepHeading(page, 'Choose cause')).toBeVisible();
  await page.goForward();
  await expect(stepHeading(page, 'Payment and details')).toBeVisible();

  const email = newEmail('visitor');
  await page.getByLabel('First name*').fill('Aroha');
  await page.getByLabel('Last name*').fill('Ngata');
  // The country starts on the campaign's (decision 124).
  await expect(page.getByLabel('Country*')).toHaveValue('NZ');
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

  // Logging in with a Pending pledge lands on the payment step. The email is filled in already.
  await expect(page.getByLabel('Email')).toHaveValue(email);
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
  await expect(page.getByRole('link', { name: /Share on Facebook/ })).toHaveAttribute('href', /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=http%3A%2F%2F127\.0\.0\.1%3A\d+%2F%3Fcountry%3DNZ%26via%3Dfacebook$/);
  await expect(page.getByRole('link', { name: /Share on X/ })).toHaveAttribute('href', /^https:\/\/twitter\.com\/intent\/tweet\?url=http%3A%2F%2F127\.0\.0\.1%3A\d+%2F%3Fcountry%3DNZ%26via%3Dx&text=/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?country=NZ&via=copy$/);
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
  // What to do next, and the message once only.
  await expect(dialog).toContainText('Try another card, or ask your bank why it refused this one.');
  await expect(page.getByText('Your card was declined.')).toHaveCount(1);
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
  // No saved card yet: none is offered, the new card is chosen (docs/decisions/157).
  await expect(page.getByLabel('Saved card')).toHaveCount(0);
  await expect(page.getByLabel('New card')).toBeChecked();
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

/**
 * What a first pledge costs the donor: documents loaded, screens (addresses shown, in-app routes
 * too), fields typed or chosen, and buttons or keys pressed. Counted through these helpers.
 */
function journeyCounter(page: Page) {
  const count = { loads: 0, screens: 0, typed: 0, presses: 0 };
  let shown = '';
  page.on('load', () => (count.loads += 1));
  // A screen is a new address in the tab, loaded or routed in the app; the same address committed
  // twice by one document load counts once.
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame() || frame.url() === shown) return;
    shown = frame.url();
    count.screens += 1;
  });
  return {
    count,
    type: async (field: Locator, value: string) => {
      count.typed += 1;
      await field.fill(value);
    },
    press: async (target: Locator) => {
      count.presses += 1;
      await target.click();
    },
    key: async (key: string) => {
      count.presses += 1;
      await page.keyboard.press(key);
    },
  };
}

/**
 * The same journey measured on the code before decision 124 (commit d05a139, 1280 px, counted as
 * below): landing page, Join, choose the NZ campaign and Next, Join coffees and Next, type 5 and
 * 3.50 and Next, choose Youthline and Next, register (first and last name, country, email,
 * password twice, terms), open the mailed link and press Activate, log in (email and password),
 * type the card (number, expiry, CVC) and Finish.
 * Screens: /, /challenge, ?step=1, ?step=2, ?step=3, ?step=4, /activate, /activate?token=…,
 * /login, /challenge?step=4, /SubmitPage.
 */
const BEFORE = { loads: 2, screens: 11, typed: 13, presses: 13 };

for (const width of [1280, 360]) {
  test(`at ${width} px: a first pledge from the landing page, counting the stops (decision 124)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    const { count, type, press, key } = journeyCounter(page);
    const campaign = await nzCampaign(page.request);
    const { dates, totalMinor } = coffeePledge(campaign);

    // The landing page: the visitor picks coffees in the challenge switcher, then joins.
    await page.goto('/?country=NZ');
    await appStarted(page);
    await press(page.getByRole('tab', { name: 'Coffees' }));
    await expect(page.getByRole('tab', { name: 'Coffees' })).toHaveAttribute('aria-selected', 'true');
    await press(page.getByRole('link', { name: joinButtonText(campaign.campaign_name) }));

    // The wizard opens on the calculator, with the NZ campaign and coffees chosen.
    await expect(stepHeading(page, 'Calculate pledge amount')).toBeVisible();
    await expect(page).toHaveURL(/\/challenge\?step=2$/);
    // A figure that is not one is named on its field, not turned silently into $0.00.
    await page.getByLabel('Number of coffees per week').fill('five');
    await expect(page.getByText('Enter the number of coffees as a whole number, like 5')).toBeVisible();
    await shot(page, '3-calculator-field-error');
    await type(page.getByLabel('Number of coffees per week'), '5');
    await expect(page.getByText('Enter the number of coffees as a whole number, like 5')).toHaveCount(0);
    await type(page.getByLabel('Cost of each one ($)'), '3.50');
    await expect(page.getByTestId('pledge-total')).toHaveText(formatMoney(totalMinor, 'NZ'));
    // Enter in the last field moves on.
    await key('Enter');

    // The charity, chosen with the keyboard: the focus ring stays on the chosen card's button.
    await expect(stepHeading(page, 'Choose cause')).toBeVisible();
    const youthline = page.getByRole('listitem').filter({ hasText: 'Youthline' }).getByRole('button', { name: /^(Choose|Chosen)$/ });
    await youthline.focus();
    await key('Space');
    await expect(youthline).toHaveAttribute('aria-pressed', 'true');
    await expect(youthline).toBeFocused();
    expect(await youthline.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await shot(page, '4-charity-keyboard');
    await press(page.getByRole('button', { name: 'Payment and details' }));

    // Registration: the country starts on the campaign's.
    await expect(stepHeading(page, 'Payment and details')).toBeVisible();
    await expect(page.getByLabel('Country*')).toHaveValue('NZ');
    const email = newEmail(`first-${width}`);
    await type(page.getByLabel('First name*'), 'Aroha');
    await type(page.getByLabel('Last name*'), 'Ngata');
    await type(page.getByLabel('Email*'), email);
    await type(page.getByLabel('Password*', { exact: true }), PASSWORD);
    await type(page.getByLabel('Confirm password*'), PASSWORD);
    await press(page.getByLabel(/I agree to be contacted/));
    await shot(page, '5-register-country');
    await press(page.getByRole('button', { name: 'Register' }));
    await expect(page).toHaveURL(/\/activate$/);

    // The mailed link activates on opening; the login has the email filled in.
    const mail = await waitForMail(email, /^Activate your Uplift account$/);
    const link = mail.text.split(/\s+/).find((word) => word.includes('/activate?token='));
    expect(link, mail.text).toBeTruthy();
    await page.goto(link!);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your account is activated. Please log in.' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password')).toBeFocused();
    await shot(page, '5-login-prefilled');
    await type(page.getByLabel('Password'), PASSWORD);
    await press(page.getByRole('button', { name: 'Login' }));

    // Back on the payment step: a new card (none saved), the weekly charge right above Finish.
    await expect(page).toHaveURL(/\/challenge\?step=4$/);
    await expect(page.getByLabel('New card')).toBeChecked();
    await expect(page.getByTestId('charge-line')).toHaveText(
      `We will charge ${formatMoney(1750, 'NZ')} NZD each week (${dates.length === 4 ? 'four' : dates.length} payments), the first on ${formatDayMonthYear(dates[0]!)}.`,
    );
    const finish = page.getByRole('button', { name: 'Finish' });
    const cancel = page.getByRole('button', { name: 'Cancel' });
    const tops = await Promise.all([page.getByLabel('CVC'), page.getByTestId('charge-line'), finish, cancel].map(async (l) => (await l.boundingBox())!.y));
    // Top to bottom: card fields, the charge, Finish, then Cancel.
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    expect(new Set(tops).size).toBe(4);
    await type(page.getByLabel('Card number'), '4242 4242 4242 4242');
    await type(page.getByLabel('Expiry (MM/YY)'), '12/34');
    await type(page.getByLabel('CVC'), '123');
    await shot(page, '5-payment-order');
    await press(finish);

    // The thank-you page recaps the pledge and offers WhatsApp too.
    await expect(page).toHaveURL(/\/SubmitPage$/);
    const recap = page.getByRole('region', { name: 'Your pledge' });
    await expect(recap).toContainText('Youthline');
    await expect(recap).toContainText(`${formatMoney(1750, 'NZ')} NZD`);
    await expect(recap).toContainText(`${formatMoney(totalMinor, 'NZ')} NZD`);
    await expect(recap).toContainText(formatDayMonthYear(dates[0]!));
    await expect(recap).toContainText(formatDayMonthYear(dates.at(-1)!));
    await expect(page.getByRole('link', { name: /Share on WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
    await shot(page, '6-thank-you-recap');

    // Fewer stops than before. The second login is gone as typing: the email is filled in (and
    // the registration's country too). The mailed link needs no Activate press. The wizard skips
    // step 1 and the challenge choice, made on the landing page (a pick there, one press, instead
    // of four), and Enter moves on from the calculator. The same two documents load.
    expect(count).toEqual({
      loads: BEFORE.loads,
      screens: BEFORE.screens - 1, // no ?step=1: /challenge goes straight on to ?step=2 (replaced)
      typed: BEFORE.typed - 2, // no email at login, no country at registration
      presses: BEFORE.presses - 4, // no campaign, no Next ×2 (steps 1 and 2), no Activate
    });
  });
}
