import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { logInAsAdmin } from '../support/admin.ts';

// The admin system page (docs/decisions/133) end to end: the admin signs in through the second
// factor, opens System from the admin menu and reads every row with its state word, at 1280 px and
// 360 px without sideways scrolling. Screenshots in e2e/.artifacts/screens/admin-system.

const SHOTS = path.resolve(import.meta.dirname, '../.artifacts/screens/admin-system');

async function shot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the admin opens the system page and sees each part with its state word', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'System' }).click();
  await expect(page).toHaveURL(/\/admin-system$/);
  await expect(page.getByRole('heading', { level: 1, name: 'System' })).toBeVisible();
  const table = page.getByRole('table', { name: 'The system’s parts and their state' });
  for (const part of ['Billing runs', 'Job queue', 'Mail (last 24 hours)', 'Backups', 'Stripe events', 'Database', 'Version']) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: part, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').first()).toHaveText(/^(Fine|Look|Act)$/);
  }
  // The app in the e2e run starts its job queue: the page reads it and the next billing run.
  await expect(table.getByRole('row').filter({ hasText: 'Job queue' })).toContainText('waiting');
  await expect(table.getByRole('row').filter({ hasText: 'Billing runs' })).toContainText('Next run:');
  await expect(table.getByRole('row').filter({ hasText: 'Version' })).toContainText('0.1.0, commit');
  await shot(page, 'system');
});
