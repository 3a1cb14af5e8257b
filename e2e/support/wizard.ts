import { expect, type Page } from '@playwright/test';
import { appStarted } from './hydration.ts';

/**
 * Walks the pledge wizard as a visitor to its last step, the registration form: New Zealand,
 * coffees (5 a week at $3.50), Youthline. The wizard keeps its choices for the tab, so it starts
 * from nothing each time.
 */
export async function wizardToRegistration(page: Page): Promise<void> {
  await page.goto('/challenge');
  await appStarted(page);
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/challenge');
  await appStarted(page);
  await page.getByRole('button', { name: /New Zealand/ }).click();
  await page.getByRole('button', { name: 'Choose challenges' }).click();
  await page.getByRole('listitem').filter({ hasText: 'Coffees' }).getByRole('button', { name: 'Join' }).click();
  await page.getByRole('button', { name: 'Calculate pledge amount' }).click();
  await page.getByLabel('Number of coffees per week').fill('5');
  await page.getByLabel('Cost of each one ($)').fill('3.50');
  await page.getByRole('button', { name: 'Choose cause' }).click();
  await page.getByRole('listitem').filter({ hasText: 'Youthline' }).getByRole('button', { name: 'Choose' }).click();
  await page.getByRole('button', { name: 'Payment and details' }).click();
  await expect(page.getByRole('form', { name: 'Register' })).toBeVisible();
}
