import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CHALLENGE_MESSAGES } from '@uplift/core/schemas/admin-charities';
import { logInAsAdmin } from '../support/admin.ts';
import { registerDonor } from '../support/donor.ts';
import { mailsTo, waitForMail } from '../support/mail.ts';

// Decisions 053 and 057 end to end: the admin adds and edits a challenge on /admin-challenges and the wizard
// offers it as edited; the admin resends an activation mail from the user table and it arrives.
// Screenshots at 1280 px and 360 px in e2e/.artifacts/screens/admin-challenges.

const SHOTS = path.resolve(import.meta.dirname, '../.artifacts/screens/admin-challenges');

async function shot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the admin edits a challenge on the Challenges screen and the wizard offers it as edited', async ({ page }) => {
  const stamp = Date.now();
  const first = `Takeaway teas ${stamp}`;
  const renamed = `Bubble teas ${stamp}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Challenges' }).click();
  await expect(page).toHaveURL(/\/admin-challenges$/);
  const table = page.getByRole('region', { name: 'Challenges' });
  await expect(table.getByRole('cell', { name: 'Coffees', exact: true })).toBeVisible();
  await shot(page, 'challenges');

  await page.getByRole('button', { name: 'Add challenge' }).click();
  await expect(page.getByRole('heading', { name: 'Add a challenge' })).toBeFocused();
  await page.getByLabel('Name', { exact: true }).fill(first);
  await page.getByLabel('Unit', { exact: true }).fill('teas');
  await page.getByLabel('Description', { exact: true }).fill('A tea from the café each day.');
  await page.getByLabel('Hashtag', { exact: true }).fill('#TeaFree');
  await page.getByLabel('Hashtag link').fill('https://example.org/tea');
  await page.getByRole('button', { name: 'Save challenge' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added ${first}` })).toBeVisible();

  // Edited: a missing unit is refused in red beside its field; then saved.
  await page.getByRole('button', { name: `Edit ${first}` }).click();
  await expect(page.getByRole('heading', { name: `Edit ${first}` })).toBeFocused();
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByLabel('Unit', { exact: true }).fill('');
  await page.getByLabel('Description', { exact: true }).fill('Four weeks without bubble tea.');
  await page.getByRole('button', { name: 'Save challenge' }).click();
  await expect(page.getByRole('alert').first()).toContainText('Could not save challenge');
  await expect(page.getByText(CHALLENGE_MESSAGES.unitRequired)).toBeVisible();
  await expect(page.getByLabel('Unit', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'challenge-errors');
  await page.getByLabel('Unit', { exact: true }).fill('bubble teas');
  await page.getByRole('button', { name: 'Save challenge' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved ${renamed}` })).toBeVisible();
  const row = table.locator('tbody tr').filter({ hasText: renamed });
  await expect(row.locator('td')).toHaveText([renamed, 'bubble teas', '#TeaFree', 'Yes', '0', /Edit/]);

  // The wizard's step 2 offers it as edited.
  await page.goto('/challenge?step=0');
  await page.getByRole('button', { name: /New Zealand/ }).click();
  await page.getByRole('button', { name: 'Choose challenges' }).click();
  const offered = page.getByRole('listitem').filter({ hasText: renamed });
  await expect(offered).toBeVisible();
  await expect(offered).toContainText('Four weeks without bubble tea.');
  await expect(page.getByRole('listitem').filter({ hasText: first })).toHaveCount(0);

  // Nobody pledged to it, so it goes again (the other specs see the seeded six).
  await page.goto('/admin-challenges');
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  // It asks first: Cancel keeps the challenge.
  const confirm = page.getByRole('dialog', { name: `Delete ${renamed}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(table.getByText(renamed)).toBeVisible();
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page.getByRole('dialog', { name: `Delete ${renamed}?` }).getByRole('button', { name: 'Delete challenge' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deleted ${renamed}` })).toBeVisible();
  await expect(table.getByText(renamed)).toHaveCount(0);
});

test('the admin resends an activation mail from the user table and it arrives', async ({ page }) => {
  const stamp = Date.now();
  const email = `e2e.resend.${stamp}@example.org`;
  const lastName = `Resend${stamp}`;
  await registerDonor(page.request, { email, firstName: 'Ana', lastName, address: '4 Matai Street, Nelson' });
  await waitForMail(email, /^Activate your Uplift account$/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  await page.goto('/user-list');
  await page.getByLabel('Search by name or email').fill(email);
  const rows = page.getByRole('region', { name: 'Users' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  const resend = rows.first().getByRole('button', { name: `Resend activation mail to ${email}` });
  await expect(resend).toHaveText('Resend activation mail');
  await resend.click();
  await expect(rows.first().getByRole('status')).toHaveText('Sent');
  await shot(page, 'user-resend');

  // A second activation mail, whose token activates the account.
  await expect.poll(async () => (await mailsTo(email, /^Activate your Uplift account$/)).length).toBe(2);
  const mail = (await mailsTo(email, /^Activate your Uplift account$/)).at(-1)!;
  const token = decodeURIComponent(/activate\?token=([^\s&]+)/.exec(mail.text)![1]!);
  const activated = await page.request.get(`/api/auth/activate?activation_token=${encodeURIComponent(token)}`);
  expect(activated.status(), await activated.text()).toBe(200);
});
