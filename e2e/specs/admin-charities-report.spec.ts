import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { COUNTRIES } from '@uplift/core/countries';
import { formatMoney, toMinor } from '@uplift/core/money';
import type { CampaignReport } from '@uplift/core/schemas/campaign-report';
import { adminAccessToken, logInAsAdmin } from '../support/admin.ts';
import { registerConfirmedDonor } from '../support/donor.ts';
import { runBilling } from '../support/files.ts';

// Decisions 053 and 056 end to end: the admin adds a charity with a logo and it is offered at once in the
// wizard's step 4; the report of the seeded NZ campaign shows the API's figures (which match the
// public totals) and its CSV downloads. Screenshots at 1280 px and 360 px.

const SHOTS = path.resolve(import.meta.dirname, '../.artifacts/screens/admin-charities-report');
// A 1×1 green PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mNgaPgPAAGDAYBXqQ2pAAAAAElFTkSuQmCC', 'base64');

async function shot(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width);
  await page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`), fullPage: true });
}

test('the admin adds a charity with a logo; the wizard offers it at once; disabled it is gone; then deleted', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const name = `Harbour Food Bank ${Date.now()}`;
  await logInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Charities' }).click();
  await expect(page).toHaveURL(/\/admin-charities$/);
  await expect(page.getByRole('region', { name: 'Charities' }).getByText('Youthline')).toBeVisible();

  // Refused first: an http link and no logo, each in red beside its field.
  await page.getByRole('button', { name: 'Add charity' }).click();
  await expect(page.getByRole('heading', { name: 'Add a charity' })).toBeFocused();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel(/Impact cost/).fill('12.50');
  await page.getByLabel('Impact unit', { exact: true }).fill('meals');
  await page.getByLabel('Impact unit for one').fill('meal');
  await expect(page.getByTestId('impact-preview')).toHaveText(/Every \$12\.50 gives 1 meal/);
  await page.getByLabel('Impact description').fill('Meals for families across the harbour.');
  await page.getByLabel('Description', { exact: true }).fill('Food parcels for families across the harbour.');
  await page.getByLabel('More-info link').fill('http://harbourfood.example.org');
  await page.getByRole('button', { name: 'Save charity' }).click();
  await expect(page.getByRole('alert').first()).toContainText('Could not add charity');
  await expect(page.getByText('The more-info link must be a web address starting with https://')).toBeVisible();
  await expect(page.getByText('Please upload a logo (PNG, SVG or WebP, at most 200 KB)')).toBeVisible();
  await shot(page, 'charity-errors');

  await page.getByLabel('More-info link').fill('https://harbourfood.example.org');
  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Save charity' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added ${name}` })).toBeVisible();
  const row = page.getByRole('region', { name: 'Charities' }).locator('tbody tr').filter({ hasText: name });
  // The impact sentence, from the cost and the singular unit (not "$12.50 per meals").
  await expect(row).toContainText('Every $12.50 gives 1 meal');
  const logo = row.locator('img');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  const logoSrc = await logo.getAttribute('src');
  await shot(page, 'charities');
  await page.setViewportSize({ width: 360, height: 800 });
  await shot(page, 'charities');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The wizard's step 4 offers it, with its logo.
  await page.goto('/challenge?step=0');
  await page.getByRole('button', { name: /New Zealand/ }).click();
  await page.getByRole('button', { name: 'Choose challenges' }).click();
  await page.getByRole('listitem').filter({ hasText: 'Coffees' }).getByRole('button', { name: 'Join' }).click();
  await page.getByRole('button', { name: 'Calculate pledge amount' }).click();
  await page.getByLabel('Number of coffees per week').fill('5');
  await page.getByLabel('Cost of each one ($)').fill('3.50');
  await page.getByRole('button', { name: 'Choose cause' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose cause' })).toBeVisible();
  const offered = page.getByRole('listitem').filter({ hasText: name });
  await expect(offered).toBeVisible();
  await expect(offered.locator(`img[src="${logoSrc}"]`)).toHaveCount(1);

  // Disabled, it is offered no more (no stale cache).
  await page.goto('/admin-charities');
  await page.getByRole('button', { name: `Disable ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} is disabled` })).toBeVisible();
  await page.goto('/challenge?step=3');
  await expect(page.getByRole('heading', { level: 2, name: 'Choose cause' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Youthline' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);

  // Nobody pledged to it, so it can be deleted (after a confirmation).
  await page.goto('/admin-charities');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('button', { name: 'Delete charity' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deleted ${name}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Charities' }).getByText(name)).toHaveCount(0);
});

test('the report of the seeded NZ campaign shows the figures, refuses a payout above what is owed, records one, and downloads as CSV', async ({ page, request }) => {
  // A donor to Youthline (the first NZ charity) is charged once, so something is owed to it (decision 122).
  const donor = await registerConfirmedDonor(request, { email: `e2e.payout.${Date.now()}@example.org`, firstName: 'Wiremu', lastName: 'Parata', address: '3 Kauri Lane, Hamilton' });
  expect(donor.recipientName).toBe('Youthline');
  const billed = await runBilling(donor.dates[0]!);
  expect(billed.code, billed.output).toBe(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  const token = await adminAccessToken(page.request);
  const active = (await (await page.request.get('/api/campaign/active')).json()) as { id: number; country: string; campaign_name: string }[];
  const campaign = active.find((c) => c.country === 'NZ')!;
  const url = `/api/admin/campaigns/${campaign.id}/report`;

  await page.goto('/admin-campaign');
  await page.getByRole('link', { name: `Report of campaign ${campaign.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-campaign/${campaign.id}/report$`));
  const charities = page.getByRole('region', { name: 'Figures per charity' });
  await expect(charities).toBeVisible();

  // More than is still owed to Youthline is refused, and the message at the amount says how much that is.
  const before = (await (await page.request.get(url, { headers: { authorization: `Bearer ${token}` } })).json()) as CampaignReport;
  const owed = before.charities.find((c) => c.recipient_name === 'Youthline')!.owed;
  expect(owed).toBeGreaterThanOrEqual(5.25);
  await page.getByLabel('Charity', { exact: true }).selectOption({ label: 'Youthline' });
  const amount = page.getByLabel(/Amount/);
  await expect(amount).toHaveAccessibleDescription(`Still owed to Youthline: ${formatMoney(toMinor(owed), 'NZ')}`);
  await amount.fill('500');
  await page.getByLabel('Date paid').fill('2026-12-01');
  await page.getByLabel('Reference').fill(`E2E-TOO-MUCH-${Date.now()}`);
  await page.getByRole('button', { name: 'Record payout' }).click();
  const tooMuch = `You can record at most ${formatMoney(toMinor(owed), 'NZ')}: that is what is still owed to Youthline for this campaign.`;
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(new RegExp(tooMuch.replace(/[$.]/g, '\\$&')));
  await expect(page.getByRole('alert')).toContainText('Could not record payout');
  await expect(amount).toBeFocused();

  // Record a payout to Youthline; paid out and owed follow.
  await amount.fill('5.25');
  await page.getByLabel('Reference').fill(`E2E-${Date.now()}`);
  await page.getByRole('button', { name: 'Record payout' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Recorded $5.25 to Youthline' })).toBeVisible();

  const report = (await (await page.request.get(url, { headers: { authorization: `Bearer ${token}` } })).json()) as CampaignReport;
  const publicAmount = (await (await page.request.get('/api/pledge/total/campaign-amount/NZ')).json()) as number;
  expect(report.total.pledged).toBe(publicAmount);
  const money = (n: number) => formatMoney(toMinor(n), 'NZ');
  const youthline = report.charities.find((c) => c.recipient_name === 'Youthline')!;
  expect(youthline.paid_out).toBeGreaterThanOrEqual(5.25);
  const youthlineRow = charities.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Youthline' }) });
  await expect(youthlineRow.getByRole('cell')).toHaveText([
    String(youthline.pledges),
    String(youthline.donors),
    money(youthline.pledged),
    money(youthline.collected),
    money(youthline.refunded),
    money(youthline.failed),
    money(youthline.cancelled),
    money(youthline.fee_cover),
    money(youthline.fees),
    money(youthline.friends_gifts),
    money(youthline.net),
    money(youthline.paid_out),
    money(youthline.owed),
    money(youthline.owed_back),
  ]);
  const totalRow = charities.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Total' }) });
  await expect(totalRow.getByRole('cell').nth(2)).toHaveText(money(report.total.pledged));
  await expect(page.getByRole('img', { name: /Pledges made and money collected per day/ })).toBeVisible();
  await shot(page, 'report');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`uplift-report-campaign-${campaign.id}.csv`);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  const currency = COUNTRIES.NZ.currency;
  expect(lines[0]).toContain(`Pledged (${currency})`);
  expect(lines.find((l) => l.startsWith('Charity,Youthline,'))).toBe(
    `Charity,Youthline,${youthline.pledges},${youthline.donors},${[youthline.pledged, youthline.collected, youthline.refunded, youthline.failed, youthline.cancelled, youthline.fee_cover, youthline.fees].map((n) => n.toFixed(2)).join(',')},${youthline.friends_gift_count},${[youthline.friends_gifts, youthline.net, youthline.paid_out, youthline.owed, youthline.owed_back].map((n) => n.toFixed(2)).join(',')}`,
  );

  // Reloaded at 360 px, so the chart is drawn for that width (not shrunk after the fact).
  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  await expect(page.getByRole('img', { name: /Pledges made and money collected per day/ })).toBeVisible();
  await shot(page, 'report');
});
