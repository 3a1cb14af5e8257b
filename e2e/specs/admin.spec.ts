import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, adminAccessToken, logInAsAdmin } from '../support/admin.ts';
import { DONOR_PASSWORD as PASSWORD, expectJson, registerConfirmedDonor } from '../support/donor.ts';
import { rememberSignIn } from '../support/session.ts';

// Admin end to end (decision 050): the admin logs in, manages campaign rows in place, deactivates past
// campaigns, searches and sorts users and downloads a charity's opted-in donors; a plain user
// is sent to /login. Donors are set up through the API, as their browsers would.

const RUN = Date.now();

type Donor = { email: string; lastName: string; recipientName: string; campaignId: number };

const json = expectJson;

/** A donor opted in to share with the charity, with a confirmed pledge to the first NZ charity. */
async function confirmedDonor(request: APIRequestContext): Promise<Donor> {
  const lastName = `Sharewell${RUN}`;
  const donor = await registerConfirmedDonor(request, {
    email: `e2e.admin.${RUN}@example.org`,
    firstName: 'Hemi',
    lastName,
    address: '5 Charity Lane, Wellington',
    optInCharity: true,
  });
  return { email: donor.email, lastName, recipientName: donor.recipientName, campaignId: donor.campaignId };
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

const campaignRows = (page: Page) => page.getByRole('region', { name: 'Campaigns' }).locator('tbody tr');
const rowNamed = (page: Page, name: string) => campaignRows(page).filter({ hasText: name });

test.describe.serial('admin', () => {
  let donor: Donor;

  test.beforeAll(async ({ request }) => {
    donor = await confirmedDonor(request);
  });

  test('a plain user is sent to /login from the admin pages and sees no Admin link', async ({ page }) => {
    await logIn(page, donor.email, PASSWORD);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await page.goto('/admin-campaign');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });

  test('a logged-out visitor is sent to /login from /user-list', async ({ page }) => {
    await page.goto('/user-list');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the admin adds, edits and deletes a campaign row in place', async ({ page }) => {
    await logInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const menu = page.getByRole('navigation', { name: 'Admin' });
    await expect(menu.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/user-list');
    await expect(menu.getByText('Challenges', { exact: true })).toBeVisible();
    await expect(menu.getByText('Charities', { exact: true })).toBeVisible();
    await menu.getByRole('link', { name: 'Campaign' }).click();
    await expect(page).toHaveURL(/\/admin-campaign$/);
    await expect(campaignRows(page).first()).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText(['ID', 'Campaign Name', 'Country', 'Start Date', 'End Date', 'Billing Start Date', 'Active', 'Goal', 'Actions'].map((t) => new RegExp(t)));

    // Add: a bad row first (the reason shows beside the product-rules §8 text), then a good one.
    await page.getByRole('button', { name: 'Add campaign' }).click();
    const name = page.getByLabel('Campaign name, new campaign', { exact: true });
    await expect(name).toBeFocused();
    await name.fill('Giving Challenge');
    await page.getByRole('button', { name: 'Save new campaign' }).click();
    const error = page.getByRole('alert');
    await expect(error).toContainText('Could not add campaign');
    await expect(error).toContainText('Campaign name must be a month followed by a name');
    await expect(error).toHaveCSS('color', 'rgb(180, 35, 24)');

    const campaignName = `December E2E ${RUN}`;
    await name.fill(campaignName);
    await page.getByLabel('Country, new campaign', { exact: true }).selectOption('UK');
    await page.getByLabel('Start date, new campaign', { exact: true }).fill('2030-12-01');
    await page.getByLabel('End date, new campaign', { exact: true }).fill('2030-12-31');
    await page.getByLabel('Billing start date, new campaign', { exact: true }).fill('2030-12-03');
    await page.getByLabel('Goal in the campaign’s currency, new campaign', { exact: true }).fill('5,000');
    await page.getByRole('button', { name: 'Save new campaign' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added campaign' })).toContainText(campaignName);
    const added = rowNamed(page, campaignName);
    await expect(added.locator('td')).toHaveText([/^\d+$/, campaignName, 'United Kingdom', '01/12/2030', '31/12/2030', '03/12/2030', 'Yes', '£5,000.00', /Edit.*Delete/]);
    const id = (await added.locator('td').first().textContent())!.trim();

    // Edit in place; Enter saves.
    await page.getByRole('button', { name: `Edit campaign ${id}` }).click();
    const renamed = `December Renamed ${RUN}`;
    await page.getByLabel(`Campaign name, campaign ${id}`, { exact: true }).fill(renamed);
    await page.getByLabel(`Active, campaign ${id}`, { exact: true }).uncheck();
    await page.getByLabel(`Goal in the campaign’s currency, campaign ${id}`, { exact: true }).fill('');
    await page.getByLabel(`End date, campaign ${id}`, { exact: true }).fill('2030-12-24');
    await page.getByLabel(`End date, campaign ${id}`, { exact: true }).press('Enter');
    await expect(rowNamed(page, renamed).locator('td')).toHaveText([id, renamed, 'United Kingdom', '01/12/2030', '24/12/2030', '03/12/2030', 'No', 'None', /Edit/]);
    await expect(page.getByRole('button', { name: `Edit campaign ${id}` })).toBeFocused();

    // A campaign with pledges cannot be deleted: its Delete is disabled, with the reason beside it.
    const pledged = rowNamed(page, 'Uplift Challenge').first();
    const pledgedId = (await pledged.locator('td').first().textContent())!.trim();
    const pledgedDelete = page.getByRole('button', { name: `Delete campaign ${pledgedId}`, exact: true });
    await expect(pledgedDelete).toBeDisabled();
    await expect(pledgedDelete).toHaveAccessibleDescription('This campaign has pledges, so it cannot be deleted. Deactivate it instead.');
    await expect(pledged.getByText('This campaign has pledges, so it cannot be deleted. Deactivate it instead.')).toBeVisible();
    const dialog = page.getByRole('dialog');

    // Cancel keeps the row; confirming deletes it.
    await page.getByRole('button', { name: `Delete campaign ${id}`, exact: true }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowNamed(page, renamed)).toHaveCount(1);
    await page.getByRole('button', { name: `Delete campaign ${id}`, exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete campaign' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Deleted campaign' })).toContainText(renamed);
    await expect(rowNamed(page, renamed)).toHaveCount(0);
  });

  test('the admin deactivates past campaigns and sees the server message', async ({ page }) => {
    // A campaign that ended in 2020 but was left active, created through the API.
    const access_token = await adminAccessToken(page.request);
    const pastName = `January Past ${RUN}`;
    await json(
      await page.request.post('/api/campaign', {
        headers: { authorization: `Bearer ${access_token}` },
        data: { campaign_name: pastName, start_date: '2020-01-01', end_date: '2020-01-31', billing_start_date: '2020-01-02', country: 'NZ', billing_cycle: 'Weekly', is_active: true },
      }),
    );
    // The refresh cookie came with that login; the saved flag lets the app restore the session.
    await rememberSignIn(page, '/about');
    await page.goto('/admin-campaign');
    await expect(rowNamed(page, pastName).locator('td').nth(6)).toHaveText('Yes');
    await page.getByRole('button', { name: 'Deactivate Past Campaigns' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Deactivated \d+ past campaigns?$/ })).toBeVisible();
    await expect(rowNamed(page, pastName).locator('td').nth(6)).toHaveText('No');
    await expect(rowNamed(page, 'Uplift Challenge').first().locator('td').nth(6)).toHaveText('Yes');
  });

  test('the admin searches and sorts users', async ({ page }) => {
    await logInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/user-list$/);
    const rows = page.getByRole('region', { name: 'Users' }).locator('tbody tr');
    await expect(rows.first()).toBeVisible();

    await page.getByLabel('Search by name or email').fill(`${donor.lastName}, Hemi`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first().locator('td')).toHaveText([/^\d+$/, `${donor.lastName}, Hemi`, 'New Zealand', 'No', 'Yes', donor.email, '5 Charity Lane, Wellington', 'Yes', /^Confirmed, \$\d+\.\d\d$/, 'PaymentsSign out everywhere']);
    await expect(page).toHaveURL(new RegExp(`search=${donor.lastName}`));

    // Sorted by last name on the server: ascending first, then descending.
    await page.getByLabel('Search by name or email').fill('');
    await expect(page).not.toHaveURL(/search=/);
    const nameHeader = page.getByRole('columnheader', { name: /Name/ }).first();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    // Initials only: the database's collation and the browser's may weigh punctuation differently.
    // Erased accounts (account.spec may have made one) keep no name to sort by: they are left out.
    const initials = async () =>
      (await rows.locator('td:nth-child(2)').allTextContents())
        .map((n) => n.trim())
        .filter((n) => !/^Erased/i.test(n))
        .map((n) => n[0]!.toLowerCase());
    await expect.poll(async () => (await initials()).length).toBeGreaterThan(1);
    const ascending = await initials();
    expect(ascending).toEqual([...ascending].sort());
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/order=desc/);
    await expect.poll(initials).not.toEqual(ascending);
    const descending = await initials();
    expect(descending).toEqual([...descending].sort().reverse());
  });

  test('the admin downloads the charity export of opted-in donors, and it is recorded', async ({ page }) => {
    await logInAsAdmin(page);
    await page.goto('/admin');
    const charities = page.getByRole('region', { name: 'Charities' });
    await charities.getByLabel('Charity', { exact: true }).selectOption({ label: donor.recipientName });
    await charities.getByLabel('Campaign', { exact: true }).selectOption(String(donor.campaignId));
    const downloading = page.waitForEvent('download');
    await charities.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^uplift-donors-[a-z0-9-]+-campaign-${donor.campaignId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('First name,Last name,Email,Pledge status,Currency,Pledged total,Amount paid,Payments received,Payments scheduled');
    const mine = lines.filter((l) => l.includes(donor.email));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatch(new RegExp(`^Hemi,${donor.lastName},${donor.email.replace(/\./g, '\\.')},Confirmed,NZD,\\d+\\.\\d{2},`));
    // The seeded demo donors pledged to this charity too, but never opted in to share.
    expect(csv).not.toContain('Ngata');
    expect(csv).not.toContain('Evans');

    await expect(charities.getByRole('status').filter({ hasText: 'Downloaded' })).toContainText(download.suggestedFilename());
    const record = charities.getByRole('region', { name: 'Past exports' }).locator('tbody tr').first();
    await expect(record).toContainText(ADMIN.email);
    await expect(record).toContainText(donor.recipientName);
    await expect(record.locator('td').last()).toHaveText(String(lines.length - 1));
  });

  test('the admin sees the admin activity: who exported donors and changed campaigns, at 360 and 1280 px', async ({ page }) => {
    await logInAsAdmin(page);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin');
      const activity = page.getByRole('region', { name: 'Admin actions' });
      const rows = activity.locator('tbody tr');
      await expect(rows.first()).toContainText('Exported donors');
      await expect(rows.first()).toContainText(ADMIN.email);
      await expect(activity).toContainText('Deactivated past campaigns');
      await expect(activity).toContainText('Created a campaign');
      await rows.filter({ hasText: 'Edited a campaign' }).first().getByText('After').click();
      await expect(rows.filter({ hasText: 'Edited a campaign' }).first()).toContainText('"campaign_name"');
      const overflow = await page.evaluate(() =>
        // The activity section and what is in it (a wide table scrolls inside its own region).
        Array.from(document.querySelectorAll('section[aria-labelledby="admin-activity"], section[aria-labelledby="admin-activity"] > *'))
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .slice(0, 3)
          .map((el) => `${el.tagName}.${el.className}`),
      );
      expect(overflow, `the admin activity fits at ${width} px`).toEqual([]);
      await activity.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`${width}-admin-activity.png`), fullPage: true });
    }
  });
});
