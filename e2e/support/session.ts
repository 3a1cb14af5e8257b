import type { Page } from '@playwright/test';
import { appStarted } from './hydration.ts';

/**
 * Opens `path` and sets the flag that makes the app restore the session from the refresh cookie
 * an API login left in this context. It waits for the page's own app to start first: an app that
 * started after the flag was set would refresh the session while the next page loads, rotating
 * the refresh token under it.
 */
export async function rememberSignIn(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await appStarted(page);
  await page.evaluate(() => localStorage.setItem('uplift.authenticated', 'true'));
}
