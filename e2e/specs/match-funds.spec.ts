import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { logInAsAdmin } from '../support/admin.ts';
import { expectJson, registerConfirmedDonor } from '../support/donor.ts';
import { appStarted } from '../support/hydration.ts';

// Match funds, done when (docs/product-rules.md §23, docs/decisions/160 and 162): an admin adds a
// 1:1 match of $50 on the campaign (narrowed to one page, so no other spec's gifts meet it); a friend
// gives $25 and sees $50 land; a second friend gives $40 and sees $25 matched, and the form then
// says the match is used up; the report and the sponsor's CSV show $50 owed. The admin uploads the
// sponsor's logo (decision 169): the list names the page it is narrowed to, the page shows the logo
// from our origin (the CSP lets it load) with its size set, and the leaderboard shows the matched
// line beside the page's raised. Screenshots at 360 and 1280 px (e2e/.artifacts/match-funds-*.png).

/** A 192 × 64 PNG logo: an orange band with a dark square, so the encoded picture is not empty. */
function logoPng(): Promise<Buffer> {
  const width = 192;
  const height = 64;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const dark = i % width < 64;
    pixels.set(dark ? [30, 30, 60] : [240, 140, 20], i * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

const SHOTS = 'e2e/.artifacts';

async function shoot(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/match-funds-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A friend with no account, in a browser of their own, on the page's form. */
async function friendOnPage(browser: Browser, slug: string) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 900 } });
  const friend = await context.newPage();
  await friend.goto(`/p/${slug}`);
  await appStarted(friend);
  const form = friend.getByRole('region', { name: 'Give to Mere K.' });
  return { context, friend, form, offer: form.getByRole('group', { name: 'Acme’s match' }) };
}

async function give(form: ReturnType<Page['getByRole']>, who: { amount: string; name: string; email: string }) {
  await form.getByLabel('Amount ($)').fill(who.amount);
  await form.getByLabel('Your name').fill(who.name);
  await form.getByLabel('Your email').fill(who.email);
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await form.getByLabel('Card number').fill('4242424242424242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('CVC').press('Enter');
  await expect(form.getByText(new RegExp(`Your gift of \\$${who.amount}\\.00 to Mere K\\.’s challenge has gone through`))).toBeVisible();
}

test('an admin adds a 1:1 match of $50; friends give $25 and $40; $50 is matched, the form says it is used up; the report and the sponsor CSV owe $50', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const slug = `mere-${stamp}`;
  const donor = await registerConfirmedDonor(page.request, { email: `e2e.match.${stamp}@example.org`, firstName: 'Mere', lastName: 'Kahu', address: '9 Kowhai Street, Whanganui' });
  const auth = { authorization: `Bearer ${donor.token}` };
  await expectJson(await page.request.post('/api/my-page', { headers: auth, data: { slug } }));
  await expectJson(await page.request.patch('/api/my-page', { headers: auth, data: { published: true, on_leaderboard: true } }));

  // The admin: from the campaign's report to its Matches screen; a 1:1 match of $50 on friends' gifts to the page.
  const adminContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await admin.goto(`/admin-campaign/${donor.campaignId}/report`);
  await admin.getByRole('link', { name: 'Add, edit, pause or end matches' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Matches' })).toBeVisible();
  await admin.getByRole('button', { name: 'Add match' }).click();
  await expect(admin.getByLabel('Sponsor name')).toHaveAccessibleDescription('Sponsor name: write the name givers will read');
  await admin.getByLabel('Sponsor name').fill('Acme');
  await admin.getByLabel('Cap ($)').fill('50');
  await admin.getByLabel('What it matches').selectOption('gifts');
  await admin.getByLabel('Where').selectOption('page');
  await admin.getByLabel('Page address').fill(slug);
  await admin.getByRole('button', { name: 'Add match' }).click();
  await expect(admin.getByText('Added Acme’s match: doubles gifts until $50.00 is used')).toBeVisible();
  const matchRow = admin.getByRole('region', { name: 'Matches' }).getByRole('row', { name: /Acme/ });
  await expect(matchRow).toContainText('$50.00');
  // Named by the page's name and address, not "page 12".
  await expect(matchRow.getByRole('link', { name: `/p/${slug}` })).toHaveAttribute('href', `/p/${slug}`);

  // The sponsor's logo: a file, from Edit; the API stores it re-encoded and serves it from our origin.
  await matchRow.getByRole('button', { name: 'Edit Acme’s match' }).click();
  await admin.getByLabel('Sponsor logo').setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: await logoPng() });
  await admin.getByRole('button', { name: 'Upload logo' }).click();
  await expect(admin.getByText('Logo saved for Acme’s match')).toBeVisible();
  await expect(admin.getByAltText('Acme’s logo')).toHaveAttribute('src', /^\/api\/matches\/\d+\/logo\?v=[0-9a-f]{16}$/);
  await admin.getByRole('button', { name: 'Cancel' }).click();
  await shoot(admin, 'admin');

  // The first friend reads the offer before choosing, gives $25 and sees $50 land.
  const first = await friendOnPage(browser, slug);
  await expect(first.offer).toHaveText('Your $25.00 becomes $50.00: Acme doubles gifts until $50.00 is used; $50.00 left');
  // The logo beside the offer: loaded (the page's CSP allows our own images), its box set before it loads.
  const logo = first.offer.getByRole('img', { name: 'Acme' });
  await expect(logo).toHaveAttribute('width', '96');
  await expect(logo).toHaveAttribute('height', '32');
  await expect(logo).toHaveAttribute('loading', 'lazy');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await first.form.getByRole('button', { name: '$10.00' }).click();
  await expect(first.offer).toHaveText('Your $10.00 becomes $20.00: Acme doubles gifts until $50.00 is used; $50.00 left');
  await shoot(first.friend, 'offer');
  await give(first.form, { amount: '25', name: 'Aroha Friend', email: `e2e.match.friend1.${stamp}@example.org` });
  await expect(first.form.getByText('Acme’s match added $25.00: Mere K.’s challenge gets $50.00.')).toBeVisible();
  await expect(first.friend.getByText('+ $25.00 matched by Acme')).toBeVisible();
  await shoot(first.friend, 'thanks');
  await first.context.close();

  // The second friend gives $40: only $25 is left, so $25 is matched; then the form says it is used up.
  const second = await friendOnPage(browser, slug);
  await expect(second.offer).toHaveText('Your $25.00 becomes $50.00: Acme doubles gifts until $50.00 is used; $25.00 left');
  await second.form.getByLabel('Amount ($)').fill('40');
  await expect(second.offer).toHaveText('Your $40.00 becomes $65.00: Acme matches $25.00, the last of its $50.00');
  await give(second.form, { amount: '40', name: 'Hemi Friend', email: `e2e.match.friend2.${stamp}@example.org` });
  await expect(second.form.getByText('Acme’s match added $25.00: Mere K.’s challenge gets $65.00.')).toBeVisible();
  await second.friend.reload();
  await appStarted(second.friend);
  await expect(second.offer).toHaveText("Acme's match is used up; your gift still goes in full");
  await expect(second.friend.getByText('+ $50.00 matched by Acme')).toBeVisible();
  // Beside the matched line on the page too.
  await expect(second.friend.locator('.match-raised img')).toHaveAttribute('src', /^\/api\/matches\/\d+\/logo\?v=/);
  await shoot(second.friend, 'used-up');

  // The leaderboard: the page's raised, and the match as its own line beside it.
  await second.friend.goto('/leaderboard?country=NZ');
  await appStarted(second.friend);
  const entry = second.friend.getByRole('list', { name: 'Top participants' }).getByRole('listitem').filter({ has: second.friend.getByRole('link', { name: 'Mere K.' }) });
  await expect(entry).toContainText('+ $50.00 matched');
  await shoot(second.friend, 'leaderboard');
  await second.context.close();

  const shown = await expectJson<{ raised: { gifts: number; matched: number; total: number }; match: { left_minor: number } }>(await page.request.get(`/api/pages/${slug}`));
  expect(shown.raised).toMatchObject({ gifts: 6500, matched: 5000 });
  expect(shown.match.left_minor).toBe(0);

  // The report: Acme matched $50, nothing left, $50 owed to the pledge's charity; the sponsor's CSV says the same.
  await admin.goto(`/admin-campaign/${donor.campaignId}/report`);
  const block = admin.getByRole('region', { name: 'Matches and what sponsors owe' });
  const row = block.getByRole('row', { name: /Acme/ });
  await expect(row.getByRole('cell')).toHaveText(['$50.00', '$50.00', '$0.00', `${donor.recipientName}: $50.00`, 'Download sponsor CSV']);
  await row.scrollIntoViewIfNeeded();
  await shoot(admin, 'report');
  const [download] = await Promise.all([admin.waitForEvent('download'), row.getByRole('button', { name: 'Download Acme’s sponsor CSV' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(3);
  const matched = lines.slice(1).map((l) => l.split(',').at(-1));
  expect(matched).toEqual(['25.00', '25.00']);
  expect(csv).not.toContain('Friend');
  expect(csv).not.toContain('@example.org');

  // Ended, so the page's offer goes (and no later gift meets it).
  await admin.getByRole('link', { name: 'Add, edit, pause or end matches' }).click();
  await admin.getByRole('button', { name: 'End Acme’s match' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'End the match' }).click();
  await expect(admin.getByText('Acme’s match is ended')).toBeVisible();
  await adminContext.close();
});
