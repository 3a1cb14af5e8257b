import { expect, test } from '@playwright/test';
import { registerConfirmedDonor } from '../support/donor.ts';
import { rememberSignIn } from '../support/session.ts';

// A refresh token can be used once (a second use means it was copied, and ends the session).
// Tabs of one browser share the refresh cookie, so they must not spend it at the same moment.

test('two tabs opened at once both restore the session, and it survives a reload', async ({ page, context }) => {
  await registerConfirmedDonor(page.request, {
    email: `e2e.tabs.${Date.now()}@example.org`,
    firstName: 'Ana',
    lastName: 'Tupou',
    address: '3 Karaka Street, Wellington',
  });
  await rememberSignIn(page);
  const tabs = [page, await context.newPage(), await context.newPage()];
  await Promise.all(tabs.map((tab) => tab.goto('/summary')));
  for (const tab of tabs) await expect(tab.getByRole('heading', { level: 1, name: 'Kia ora Ana!' })).toBeVisible();
  await tabs[1]!.reload();
  await expect(tabs[1]!.getByRole('heading', { level: 1, name: 'Kia ora Ana!' })).toBeVisible();
});
