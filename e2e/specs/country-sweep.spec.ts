import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { addDays, formatDayMonthYear, formatLongDate, paymentDates, todayInCountry, type IsoDate } from '@uplift/core/calendar';
import { joinButtonText } from '@uplift/core/countdown';
import { calendarDays, countrySlips } from '@uplift/core/country-check';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@uplift/core/countries';
import { placesNamed } from '@uplift/core/country-content';
import { formatMoney, toMinor } from '@uplift/core/money';
import { adminAccessToken, logInAsAdmin, type ServerClock } from '../support/admin.ts';
import { ROOT, startApp, type RunningApp } from '../support/app.ts';
import { RECIPIENTS } from '../../apps/api/src/db/seed-data.ts';
import { expectJson } from '../support/donor.ts';
import { icsText, pdfText, pngFacts } from '../support/files.ts';
import { attachmentOf, waitForMail } from '../support/mail.ts';

// The country sweep (docs/decisions/090-country-data-flow.md). One app of its own runs
// with its clock at 2026-11-23T20:00Z — Tuesday the 24th in Auckland, Monday the 23rd in
// London — and so does the browser. For an NZ and a UK donor, every donor-facing output in
// OUTPUTS is produced, read as text and handed to one checker (countrySlips from core): only
// that donor's currency symbol and code, amounts with two decimals, and only dates of the
// campaign country's calendar. Each output also names what it must show for its country (its
// "today", its total over the weeks that remain), so a date taken in the wrong zone fails.
//
// Nor may any output name another country's charity (from the seed data) or a place another
// country's page names (its example pledges, core's country-content): the UK landing
// page once said "In partnership with Youthline" (docs/decisions/121-impact-units-and-country-content.md).
//
// Adding an output is one entry in OUTPUTS: a `read` that produces it for the donor and returns
// its text (files through their parsers: PDF text with pdf.js, .ics with ical.js, CSV and JSON
// as text, a preview image's words from its PNG text chunk), and the facts it must show. Admin
// outputs (the campaign report and its CSV) are checked per campaign country the same way.

const NOW = '2026-11-23T20:00:00.000Z';
const PASSWORD = 'a long and memorable passphrase';
const SHOTS = path.resolve(import.meta.dirname, '../.artifacts/screens/country-sweep');

/** Each country's campaign has its first payment on the country's own today. */
const CAMPAIGNS: Record<CountryCode, { campaign_name: string; start_date: IsoDate; end_date: IsoDate }> = {
  NZ: { campaign_name: 'November Uplift Challenge', start_date: '2026-11-17', end_date: '2026-12-21' },
  UK: { campaign_name: 'November Uplift Challenge', start_date: '2026-11-16', end_date: '2026-12-20' },
};

type Campaign = { id: number; campaign_name: string; start_date: IsoDate; end_date: IsoDate; billing_start_date: IsoDate };
type Donor = { email: string; token: string; firstName: string };

/** What the sweep knows about one country's donors; the outputs are produced from it. */
type CountryRun = {
  country: CountryCode;
  today: IsoDate;
  campaign: Campaign;
  /** 5 coffees a week at 3.50 over four weeks: 17.50 a week, 70.00 in all. */
  weeklyMinor: number;
  totalMinor: number;
  /** Paid with 4242 and charged by the billing run. */
  paid: Donor;
  /** Saved a card that is declined when charged: the billing run fails its payment. */
  declined: Donor;
  /** Pledges in the browser (email set when the wizard step 5 output registers them). */
  web: { email: string; firstName: string };
};

type Io = { app: RunningApp; api: APIRequestContext; page: Page; browser: Browser };

type Output = {
  name: string;
  /** Produces the output for this country's donor and returns all of its text. */
  read: (run: CountryRun, io: Io) => Promise<string>;
  /** Texts it must show for this country (checked along with the slips). */
  shows?: (run: CountryRun) => string[];
  /** Dates the text may show besides the campaign's four weeks: labels that look like dates (a wording version), a moved payment's day. */
  labels?: (text: string, run: CountryRun) => IsoDate[];
};

const money = (run: CountryRun, minor: number, code = false) => formatMoney(minor, run.country, { code });

/** The charities and places only the other countries name: none may appear in this country's outputs. */
function foreignNames(country: CountryCode): string[] {
  const others = COUNTRY_CODES.filter((c) => c !== country);
  return [...RECIPIENTS.filter((r) => r.country !== country).map((r) => r.recipient_name), ...others.flatMap(placesNamed)];
}

/** The foreign names a text holds, each matched as a whole word ('Mind', not 'mind' or 'Minders'). */
function foreignNamesIn(text: string, country: CountryCode): string[] {
  const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return foreignNames(country).filter((name) => new RegExp(`\\b${escape(name)}\\b`).test(text));
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

/** Everything a screen shows or says: visible text, accessible names, titles, placeholders and meta texts. */
async function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attrs = (selector: string, name: string) => Array.from(document.querySelectorAll(selector), (e) => e.getAttribute(name) ?? '');
    return [
      document.title,
      document.body.innerText,
      ...attrs('[aria-label]', 'aria-label'),
      ...attrs('[title]', 'title'),
      ...attrs('[placeholder]', 'placeholder'),
      ...attrs('meta[content]', 'content'),
    ].join('\n');
  });
}

const mailText = (mail: { subject: string; text: string; html: string }) => [mail.subject, mail.text, mail.html].join('\n');

async function logIn(page: Page, email: string) {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The summary page once its calendar is there, photographed at 1280 and 360 px. */
async function summaryText(page: Page, run: CountryRun, shot: string): Promise<string> {
  await page.goto('/summary');
  const calendar = page.getByRole('region', { name: 'Your four weeks' });
  await expect(calendar.getByRole('heading', { name: 'Week 4' })).toBeVisible();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await calendar.scrollIntoViewIfNeeded();
    await calendar.screenshot({ path: path.join(SHOTS, `${run.country}-${width}-${shot}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return screenText(page);
}

/** A file the donor (or the admin) downloads through the API, as its bytes. */
async function download(api: APIRequestContext, url: string, token: string): Promise<Buffer> {
  const res = await api.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return res.body();
}

async function pledgeIdOf(api: APIRequestContext, donor: Donor): Promise<number> {
  return (await expectJson<{ id: number }>(await api.get('/api/pledge/closest', { headers: { authorization: `Bearer ${donor.token}` } }))).id;
}

const OUTPUTS: Output[] = [
  {
    name: 'landing page',
    read: async (run, { page }) => {
      await page.goto(`/?country=${run.country}`);
      await expect(page.getByRole('link', { name: joinButtonText(run.campaign.campaign_name) }).first()).toBeVisible();
      // Every block below the hero is there: the charities' impact cards and the example pledges.
      await expect(page.locator('.impact-card').first()).toBeVisible();
      await expect(page.getByRole('list', { name: 'Example pledges' }).getByRole('listitem')).toHaveCount(5);
      return screenText(page);
    },
    // Its own charities and places; foreignNamesIn (for every output) checks the others' are absent.
    shows: (run) => [
      ...RECIPIENTS.filter((r) => r.country === run.country).map((r) => r.recipient_name),
      ...placesNamed(run.country),
    ],
  },
  {
    name: 'preview image (og:image of the landing page)',
    read: async (run, { page, api }) => {
      const meta = (key: string) => page.locator(`meta[property="${key}"]`).getAttribute('content');
      const image = new URL((await meta('og:image'))!);
      const png = await api.get(image.pathname + image.search);
      expect(png.headers()['content-type']).toBe('image/png');
      const facts = pngFacts(await png.body());
      expect([facts.width, facts.height]).toEqual([1200, 630]);
      // The live figures, as the totals endpoints give them (the same 5 s cache as the card).
      const count = Number(await (await api.get(`/api/pledge/total/campaign/${run.country}`)).text());
      const amount = Number(await (await api.get(`/api/pledge/total/campaign-amount/${run.country}`)).text());
      expect(count).toBeGreaterThan(1);
      const text = facts.texts.Description ?? '';
      expect(text).toContain(`${count} pledges\n${money(run, toMinor(amount), true)} pledged`);
      return [text, await meta('og:image:alt')].join('\n');
    },
    shows: (run) => [run.campaign.campaign_name, COUNTRIES[run.country].name],
  },
  {
    name: 'wizard step 3: calculator and fee line',
    read: async (run, { page }) => {
      await page.getByRole('link', { name: joinButtonText(run.campaign.campaign_name) }).first().click();
      // Join carries the landing page's country: the wizard opens on step 2 with its campaign chosen (decision 124).
      await expect(stepHeading(page, 'Choose challenges')).toBeVisible();
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByRole('list', { name: 'Campaigns' }).getByRole('button', { name: new RegExp(`^${COUNTRIES[run.country].name}`) })).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('button', { name: 'Choose challenges' }).click();
      await page.getByRole('listitem').filter({ hasText: 'Coffees' }).getByRole('button', { name: 'Join' }).click();
      await page.getByRole('button', { name: 'Calculate pledge amount' }).click();
      await page.getByLabel('Number of coffees per week').fill('5');
      await page.getByLabel(`Cost of each one (${COUNTRIES[run.country].symbol})`).fill('3.50');
      await expect(page.getByTestId('pledge-total')).toHaveText(money(run, run.totalMinor));
      await expect(page.getByText(/Card fees/)).toBeVisible();
      return screenText(page);
    },
    shows: (run) => [money(run, run.totalMinor), 'Card fees'],
  },
  {
    name: 'wizard step 5: registration',
    read: async (_run, { page }) => {
      await page.getByRole('button', { name: 'Choose cause' }).click();
      await page.getByRole('list', { name: 'Charities' }).getByRole('button', { name: 'Choose' }).first().click();
      await page.getByRole('button', { name: 'Payment and details' }).click();
      await expect(stepHeading(page, 'Payment and details')).toBeVisible();
      return screenText(page);
    },
    shows: (run) => [money(run, run.totalMinor, true)],
  },
  {
    name: 'activation mail',
    read: async (run, { page, app }) => {
      run.web.email = `sweep.web.${run.country.toLowerCase()}.${Date.now()}@example.org`;
      await page.getByLabel('First name*').fill(run.web.firstName);
      await page.getByLabel('Last name*').fill('Sweep');
      await page.getByLabel('Country*').selectOption(run.country);
      await page.getByLabel('Email*').fill(run.web.email);
      await page.getByLabel('Password*', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password*').fill(PASSWORD);
      await page.getByLabel(/I agree to be contacted/).check();
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page).toHaveURL(/\/activate/);
      const mail = await waitForMail(run.web.email, /^Activate your Uplift account$/, app.mailDir);
      await page.getByLabel('Activation token').fill(tokenIn(mail.text));
      await page.getByRole('button', { name: 'Activate' }).click();
      await expect(page).toHaveURL(/\/login/);
      return mailText(mail);
    },
    shows: (run) => [`${COUNTRIES[run.country].greeting} ${run.web.firstName},`],
  },
  {
    name: 'wizard step 5: payment summary',
    read: async (run, { page }) => {
      await logIn(page, run.web.email);
      await expect(page).toHaveURL(/\/challenge\?step=4/);
      await expect(page.getByRole('region', { name: 'Your pledge' })).toContainText(money(run, run.totalMinor));
      return screenText(page);
    },
    shows: (run) => [formatDayMonthYear(run.today), money(run, run.weeklyMinor), money(run, run.totalMinor)],
  },
  {
    name: 'thank-you page',
    read: async (_run, { page }) => {
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM/YY)').fill('12/34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Finish' }).click();
      await expect(page).toHaveURL(/\/SubmitPage$/);
      await expect(page.getByTestId('first-payment')).toBeVisible();
      return screenText(page);
    },
    shows: (run) => [formatDayMonthYear(run.today), money(run, run.weeklyMinor, true)],
  },
  {
    name: 'pledge confirmed mail',
    read: async (run, { app }) => mailText(await waitForMail(run.web.email, /^Your Uplift pledge is confirmed$/, app.mailDir)),
    shows: (run) => [`${formatDayMonthYear(run.today)}: ${money(run, run.weeklyMinor, true)}`, COUNTRIES[run.country].currency],
  },
  {
    name: 'calendar file (.ics) of the pledge confirmed mail',
    read: async (run, { app }) => {
      const mail = await waitForMail(run.web.email, /^Your Uplift pledge is confirmed$/, app.mailDir);
      return icsText(attachmentOf(mail, 'text/calendar').toString('utf8')).text;
    },
    // Four all-day events, the first on the country's today.
    shows: (run) => [`${run.today} Uplift payment 1 of 4: ${money(run, run.weeklyMinor, true)}`, 'Uplift payment 4 of 4'],
  },
  {
    name: 'summary with its calendar (first payment due today)',
    read: (run, { page }) => summaryText(page, run, 'calendar-due'),
    shows: (run) => [
      `${COUNTRIES[run.country].greeting} ${run.web.firstName}!`,
      `${formatLongDate(run.today)} (today)`,
      `payment day: ${money(run, run.weeklyMinor)} due today`,
      `payment day: ${money(run, run.weeklyMinor)} due`,
    ],
  },
  {
    name: 'summary with its calendar (first payment paid)',
    read: async (run, { page }) => {
      await logIn(page, run.paid.email);
      await expect(page).not.toHaveURL(/\/login/);
      return summaryText(page, run, 'calendar-paid');
    },
    shows: (run) => [`payment day: ${money(run, run.weeklyMinor)} paid`],
  },
  {
    name: 'receipt mail',
    read: async (run, { app }) => mailText(await waitForMail(run.paid.email, /^Receipt: /, app.mailDir)),
    shows: (run) => [formatLongDate(run.today), money(run, run.weeklyMinor, true)],
  },
  {
    name: 'receipt PDF',
    read: async (run, { api }) => pdfText(await download(api, `/api/account/pledges/${await pledgeIdOf(api, run.paid)}/receipt.pdf`, run.paid.token)),
    shows: (run) => [
      'Donation receipt',
      `${run.country}-2026-`,
      `${formatLongDate(run.today)} ${money(run, run.weeklyMinor, true)}`,
      run.country === 'NZ' ? 'IRD number' : 'not eligible for Gift Aid',
    ],
  },
  {
    name: 'calendar file (.ics) of the remaining payments',
    read: async (run, { api }) => icsText((await download(api, `/api/account/pledges/${await pledgeIdOf(api, run.paid)}/calendar.ics`, run.paid.token)).toString('utf8')).text,
    // The first payment is paid: three events remain, the next one a week after today.
    shows: (run) => [`Uplift payment 2 of 4: ${money(run, run.weeklyMinor, true)}`, 'Uplift payment 4 of 4'],
  },
  {
    name: 'data export (JSON)',
    read: async (run, { api }) => (await download(api, '/api/account/export', run.paid.token)).toString('utf8'),
    shows: (run) => [run.paid.email, `"processing_date":"${run.today}"`],
    // Consent wordings are versioned by the day they were written ("2026-11-23").
    labels: (text) => Array.from(text.matchAll(/"wording_version":"(\d{4}-\d{2}-\d{2})"/g), (m) => m[1] as IsoDate),
  },
  {
    name: 'data export (payments CSV)',
    read: async (run, { api }) => (await download(api, '/api/account/export/payments.csv', run.paid.token)).toString('utf8'),
    shows: (run) => [`${run.today},17.50,Success,${run.country}-2026-`],
  },
  {
    name: 'admin campaign report',
    read: async (run, { app, page }) => {
      await page.context().clearCookies();
      await page.goto('/login');
      await page.evaluate(() => localStorage.clear());
      await logInAsAdmin(page, { email: app.env.ADMIN_EMAIL!, password: app.env.ADMIN_PASSWORD! }, appClock);
      await page.goto(`/admin-campaign/${run.campaign.id}/report`);
      await expect(page.getByRole('region', { name: 'Figures per charity' })).toBeVisible();
      return screenText(page);
    },
    // Three donors' pledges of 70.00 each, all still confirmed.
    shows: (run) => [money(run, 3 * run.totalMinor)],
  },
  {
    name: 'admin campaign report (CSV)',
    read: async (run, { api }) => (await download(api, `/api/admin/campaigns/${run.campaign.id}/report.csv`, adminToken)).toString('utf8'),
    shows: (run) => [`Pledged (${COUNTRIES[run.country].currency})`, `Total,${run.campaign.campaign_name},3,3,210.00,`],
  },
  {
    name: 'payment failed mail',
    read: async (run, { app }) => mailText(await waitForMail(run.declined.email, /did not go through$/, app.mailDir)),
    shows: (run) => [formatLongDate(run.today), money(run, run.weeklyMinor)],
  },
  {
    // The receipt's progress part carries a one-click link (docs/decisions/136): the page it opens, signed out.
    name: 'unsubscribe page of the receipt’s progress link',
    read: async (run, { app, page }) => {
      const receipt = await waitForMail(run.paid.email, /^Receipt: /, app.mailDir);
      const link = receipt.text.match(/https?:\/\/\S+\/unsubscribe\?token=[\w.-]+/)?.[0];
      expect(link, receipt.text).toBeTruthy();
      await page.context().clearCookies();
      await page.goto(new URL(link!).pathname + new URL(link!).search);
      await expect(page.getByRole('button', { name: 'Stop these emails' })).toBeVisible();
      return screenText(page);
    },
  },
  {
    // A skipped week (docs/decisions/134-skip-a-week.md) moves to a week after the last: the mail names the new day.
    name: 'a week skipped: the mail',
    read: async (run, { api, app }) => {
      const skipped = await api.post(`/api/pledge/${await pledgeIdOf(api, run.paid)}/skip`, { headers: { authorization: `Bearer ${run.paid.token}` }, data: { week: 3 } });
      expect(skipped.status(), await skipped.text()).toBe(200);
      return mailText(await waitForMail(run.paid.email, /^You have skipped a week of your pledge$/, app.mailDir));
    },
    shows: (run) => [formatLongDate(movedDate(run)), money(run, run.weeklyMinor)],
    labels: (_text, run) => [movedDate(run)],
  },
  {
    name: 'calendar file (.ics) after a skipped week',
    read: async (run, { api }) => icsText((await download(api, `/api/account/pledges/${await pledgeIdOf(api, run.paid)}/calendar.ics`, run.paid.token)).toString('utf8')).text,
    shows: (run) => [movedDate(run)],
    labels: (_text, run) => [movedDate(run)],
  },
  {
    name: 'pledge cancelled mail',
    read: async (run, { api, app }) => {
      await expectJson(await api.put('/api/pledge/cancel', { headers: { authorization: `Bearer ${run.paid.token}` } }));
      return mailText(await waitForMail(run.paid.email, /pledge has been cancelled$/, app.mailDir));
    },
    shows: (run) => [money(run, run.weeklyMinor)],
  },
  {
    name: 'password reset mail',
    read: async (run, { api, app }) => {
      await expectJson(await api.post('/api/auth/forgot', { data: { email: run.paid.email } }));
      return mailText(await waitForMail(run.paid.email, /^Reset your Uplift password$/, app.mailDir));
    },
    shows: (run) => [`${COUNTRIES[run.country].greeting} ${run.paid.firstName},`],
  },
  // Friends give too (docs/product-rules.md §21): a challenge page and team (of the donor whose
  // payment failed: the paid donor's pledge is cancelled above, and a page needs a Confirmed one), a
  // friend's gift on it with 4242, the friend's receipt, the participant's notice.
  {
    name: 'challenge page (/p/{slug})',
    read: async (run, { api, page }) => {
      const auth = { authorization: `Bearer ${run.declined.token}` };
      await expectJson(await api.post('/api/my-page', { headers: auth, data: { slug: fundraising(run).slug } }));
      await expectJson(await api.patch('/api/my-page', { headers: auth, data: { published: true } }));
      await expectJson(await api.post('/api/teams', { headers: auth, data: { name: `Sweep ${run.country}`, slug: fundraising(run).team } }));
      await page.goto(`/p/${fundraising(run).slug}`);
      await expect(page.getByRole('progressbar', { name: 'Raised towards the goal' })).toBeVisible();
      await shotAt(page, run, 'challenge-page');
      return screenText(page);
    },
    shows: (run) => [`${run.declined.firstName} S.`, money(run, run.totalMinor)],
  },
  {
    name: 'gift form, then its thanks',
    read: async (run, { page }) => {
      const form = page.getByRole('region', { name: `Give to ${run.declined.firstName} S.` });
      await form.getByLabel(`Amount (${COUNTRIES[run.country].symbol})`).fill('25');
      await form.getByLabel('Your name').fill('Sweep Friend');
      await form.getByLabel('Your email').fill(fundraising(run).friend);
      await form.getByLabel('A message (optional)').fill('Go well');
      if (run.country === 'NZ') await form.getByLabel('I want a donation tax credit receipt in my name').check();
      const details = await screenText(page);
      await form.getByRole('button', { name: 'Continue to payment' }).click();
      await form.getByLabel('Card number').fill('4242424242424242');
      await form.getByLabel('Expiry (MM/YY)').fill('12/34');
      await form.getByLabel('CVC').fill('123');
      await form.getByLabel('CVC').press('Enter');
      await expect(form.getByText(/has gone through/)).toBeVisible();
      return `${details}\n${await screenText(page)}`;
    },
    shows: (run) => [`Your gift of ${money(run, 2500)}`],
  },
  {
    name: 'gift receipt mail (to the friend)',
    read: async (run, { app }) => mailText(await waitForMail(fundraising(run).friend, /^Receipt: your /, app.mailDir)),
    shows: (run) => [money(run, 2500), formatLongDate(run.today)],
  },
  {
    name: 'gift receipt (NZ: the tax credit receipt PDF in the friend’s name; UK: the mail says no Gift Aid)',
    read: async (run, { app }) => {
      const mail = await waitForMail(fundraising(run).friend, /^Receipt: your /, app.mailDir);
      return run.country === 'NZ' ? pdfText(attachmentOf(mail, 'application/pdf')) : mailText(mail);
    },
    shows: (run) => (run.country === 'NZ' ? ['Sweep Friend', 'IRD number', money(run, 2500, true)] : ['Gift Aid', money(run, 2500)]),
  },
  {
    name: 'gift notice mail (to the participant)',
    read: async (run, { app }) => mailText(await waitForMail(run.declined.email, /gave .* on your challenge page$/, app.mailDir)),
    shows: (run) => [`Sweep Friend gave ${money(run, 2500)}`],
  },
  {
    name: 'team page (/t/{slug})',
    read: async (run, { page }) => {
      await page.goto(`/t/${fundraising(run).team}`);
      await expect(page.getByRole('heading', { level: 1, name: `Team Sweep ${run.country}` })).toBeVisible();
      await shotAt(page, run, 'team-page');
      return screenText(page);
    },
    // Raised is money received (docs/decisions/161): the friend's gift; the pledge, whose payment
    // was declined, is said as pledged beside it, none of it received.
    shows: (run) => [`${money(run, 2500)} raised`, `${money(run, run.totalMinor)} pledged, ${money(run, 0)} of it received`],
  },
];

const SWEEP_STAMP = Date.now();
/** The addresses of one country's challenge page and team, and its friend's email. */
const fundraising = (run: CountryRun) => ({
  slug: `sweep-${run.country.toLowerCase()}-${SWEEP_STAMP}`,
  team: `sweep-team-${run.country.toLowerCase()}-${SWEEP_STAMP}`,
  friend: `sweep.friend.${run.country.toLowerCase()}.${SWEEP_STAMP}@example.org`,
});

/** The whole page photographed at 1280 and 360 px. */
async function shotAt(page: Page, run: CountryRun, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${run.country}-${width}-${name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Week 3 skipped: its payment moves to a week after the fourth, in the campaign's calendar. */
const movedDate = (run: CountryRun): IsoDate => addDays(paymentDates(run.campaign.billing_start_date)[3]!, 7);

function tokenIn(text: string): string {
  const line = text.split('\n').find((l) => /^[\w-]{43}$/.test(l.trim()));
  expect(line, text).toBeTruthy();
  return line!.trim();
}

/** Registers, activates and logs in a donor through the API; with a card, saves it and confirms the pledge. */
async function apiDonor(io: { api: APIRequestContext; app: RunningApp }, run: Omit<CountryRun, 'paid' | 'declined'>, what: string, card: string): Promise<Donor> {
  const { api, app } = io;
  const email = `sweep.${what}.${run.country.toLowerCase()}.${Date.now()}@example.org`;
  const firstName = run.country === 'NZ' ? 'Aroha' : 'James';
  const [challenge] = await expectJson<{ id: number }[]>(await api.get(`/api/challenge/campaign/${run.country}`));
  const [recipient] = await expectJson<{ id: number }[]>(await api.get(`/api/recipient/campaign/${run.country}`));
  const registered = await api.post('/api/auth/register', {
    data: {
      first_name: firstName,
      last_name: 'Sweep',
      user_address: '',
      country: run.country,
      email,
      password: PASSWORD,
      opt_in_uplift_comms: false,
      opt_in_charity_comms: false,
      terms_accepted: true,
      campaign_id: run.campaign.id,
      challenge_id: challenge!.id,
      recipient_id: recipient!.id,
      number_of_units: 5,
      cost_per_unit: 3.5,
      confirmed_amount: run.totalMinor / 100,
      period: 'weekly',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const activation = tokenIn((await waitForMail(email, /^Activate your Uplift account$/, app.mailDir)).text);
  await expectJson(await api.get(`/api/auth/activate?activation_token=${encodeURIComponent(activation)}`));
  const { access_token: token } = await expectJson<{ access_token: string }>(await api.post('/api/auth/login', { data: { email, password: PASSWORD } }));
  const auth = { authorization: `Bearer ${token}` };
  const { client_secret } = await expectJson<{ client_secret: string }>(await api.get('/api/payment_method/secret', { headers: auth }));
  const setup = await expectJson<{ payment_method: string }>(
    await api.post('/api/test-provider/setup/confirm', { headers: auth, data: { client_secret, number: card, exp_month: 12, exp_year: 2034, cvc: '123' } }),
  );
  const method = await expectJson<{ id: number }>(await api.post('/api/payment_method', { headers: auth, data: { stripe_payment_method_id: setup.payment_method } }));
  await expectJson(await api.put('/api/pledge/confirmed', { headers: auth, data: { payment_method_id: String(method.id) } }));
  return { email, token, firstName };
}

/** npm run billing (no --as-of: "due" is today in each campaign's country, on the app's clock). */
function runBilling(app: RunningApp): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['apps/api/src/cli/billing.ts'], { cwd: ROOT, env: app.env });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

let app: RunningApp;
let api: APIRequestContext;
let adminToken: string;
/** The app's test clock, estimated: the TOTP codes of the admin's sign-ins follow it. */
let appClock: ServerClock;
const runs = {} as Record<CountryCode, CountryRun>;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  const startedAt = Date.now();
  app = await startApp({ TEST_CLOCK_START: NOW, SEED_DEMO: 'false' });
  api = await playwright.request.newContext({ baseURL: app.baseUrl });
  // The app's clock runs from NOW since it started (a few seconds after startedAt): close enough for a TOTP code.
  appClock = () => new Date(Date.parse(NOW) + Date.now() - startedAt);
  adminToken = await adminAccessToken(api, { email: app.env.ADMIN_EMAIL!, password: app.env.ADMIN_PASSWORD! }, appClock);
  const admin = { access_token: adminToken };
  for (const country of COUNTRY_CODES) {
    const today = todayInCountry(country, new Date(NOW));
    const created = await api.post('/api/campaign', {
      headers: { authorization: `Bearer ${admin.access_token}` },
      data: { ...CAMPAIGNS[country], billing_start_date: today, country, billing_cycle: 'Weekly', is_active: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const campaign = (await created.json()) as Campaign;
    const base = { country, today, campaign, weeklyMinor: 1750, totalMinor: 7000, web: { email: '', firstName: country === 'NZ' ? 'Mere' : 'Olivia' } };
    runs[country] = {
      ...base,
      paid: await apiDonor({ api, app }, base, 'paid', '4242 4242 4242 4242'),
      declined: await apiDonor({ api, app }, base, 'declined', '4000 0000 0000 0341'),
    };
  }
  // Charges each country's first payment, due on its own today (the app's scheduled run may have
  // taken some already: billing is exactly-once, and the mails are what the outputs read).
  const billing = await runBilling(app);
  expect(billing.code, billing.output).toBe(0);
  expect(billing.output).toContain(`(NZ ${runs.NZ.today}, UK ${runs.UK.today})`);
});

test.afterAll(async () => {
  await api?.dispose();
  await app?.stop();
});

for (const country of COUNTRY_CODES) {
  test(`a ${COUNTRIES[country].name} donor sees only ${COUNTRIES[country].currency}, ${COUNTRIES[country].symbol} and ${country} dates in every output`, async ({ browser }) => {
    test.setTimeout(240_000);
    const run = runs[country];
    expect(paymentDates(run.campaign.billing_start_date)[0]).toBe(run.today);
    // The dates any output may show: the campaign's own, its four weeks, and today — all in its country.
    const dates = [run.campaign.start_date, run.campaign.end_date, run.today, ...calendarDays(run.campaign.billing_start_date)];
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 900 } });
    await context.clock.setFixedTime(new Date(NOW));
    const page = await context.newPage();
    try {
      for (const output of OUTPUTS) {
        await test.step(output.name, async () => {
          const text = await output.read(run, { app, api, page, browser });
          const allowed = [...dates, ...(output.labels?.(text, run) ?? [])];
          expect.soft(countrySlips(text, { country, today: run.today, dates: allowed }), `${output.name} (${country})`).toEqual([]);
          for (const fact of output.shows?.(run) ?? []) expect.soft(text, `${output.name} (${country}) shows "${fact}"`).toContain(fact);
          expect.soft(foreignNamesIn(text, country), `${output.name} (${country}) names another country's charities or places`).toEqual([]);
        });
      }
    } finally {
      await context.close();
    }
  });
}
