import { expect, test } from '@playwright/test';
import { DONOR_PASSWORD, registerConfirmedDonor } from '../support/donor.ts';
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

// The account page lists the signed-in devices (docs/decisions/130): signing the other one out
// there ends its sign-in at once, so its very next request is refused.
test('signing another device out from the account page refuses its next request', async ({ page, browser }) => {
  const email = `e2e.devices.${Date.now()}@example.org`;
  await registerConfirmedDonor(page.request, { email, firstName: 'Mere', lastName: 'Walker', address: '8 Totara Street, Nelson' });

  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  const login = await phone.request.post('/api/auth/login', { data: { email, password: DONOR_PASSWORD } });
  expect(login.status()).toBe(200);
  const phoneAuth = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  expect((await phone.request.get('/api/account/sessions', { headers: phoneAuth })).status()).toBe(200);

  await rememberSignIn(page);
  await page.goto('/account');
  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  const phoneRow = devices.getByRole('listitem', { name: 'Safari 18 on iOS' });
  await expect(phoneRow).toBeVisible();
  await expect(devices.getByText('This device')).toBeVisible();
  await phoneRow.getByRole('button', { name: 'Sign out' }).click();
  await expect(devices.getByText('That device has been signed out.')).toBeVisible();
  await expect(phoneRow).toHaveCount(0);

  expect((await phone.request.get('/api/account/sessions', { headers: phoneAuth })).status()).toBe(401);
  expect((await phone.request.post('/api/auth/refresh')).status()).toBe(401);
  await phone.close();
});
