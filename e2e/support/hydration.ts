import type { Page } from '@playwright/test';

/**
 * Waits until the page's app has started: a public page arrives as HTML and loads its app after
 * the first paint (docs/decisions/106), so until then its buttons do nothing and its timers are not
 * set. `main.tsx` marks `<html data-app="started">` once the app has rendered or hydrated; the
 * network going idle covers the lazy parts that hydrate when their code arrives.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
}
