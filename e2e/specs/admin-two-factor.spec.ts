import { expect, test, type Page } from '@playwright/test';
import { codeAtStep, createAdmin } from '../support/admin.ts';

// Admin two-factor sign-in (docs/decisions/077), in the browser: an admin made with
// `npm run create-admin` enrols at the first sign-in (QR code, first code, recovery codes), a
// later sign-in asks for the code, and a recovery code works once.

const admin = { email: `two.factor.${Date.now()}@uplift.test`, password: 'two factor admin password' };
const STEP_MS = 30_000;
const step = () => Math.floor(Date.now() / STEP_MS);

async function passwordStep(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/two-factor$/);
}

/** The page fits its width: nothing sticks out sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.describe.serial('admin two-factor sign-in', () => {
  let secret = '';
  let recoveryCodes: string[] = [];

  test.beforeAll(async () => {
    const made = await createAdmin(admin);
    expect(made.code, made.output).toBe(0);
  });

  test('a new admin is sent to set up two-factor sign-in, scans the QR code, confirms a code and reaches the admin page', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await passwordStep(page);
    // The admin pages are not open yet: they send the admin back to the set-up.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/two-factor$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code to add Uplift to your authenticator app' });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    secret = ((await page.locator('.two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('enrol-360.png'), fullPage: true });

    // A wrong code is refused in red under the field, which keeps the focus.
    const field = page.getByLabel('Code from your app');
    await field.fill(codeAtStep(secret, step() - 10));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('That code is not right. Please try again.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await expect(page.locator('.field-error')).toHaveText('That code is not right. Please try again.');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: testInfo.outputPath('enrol-error-1280.png'), fullPage: true });

    // Typed from the keyboard: the field, then Enter.
    await field.fill(codeAtStep(secret, step() - 1));
    await field.press('Enter');
    const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    recoveryCodes = await codes.allTextContents();
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await page.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('recovery-codes-360.png'), fullPage: true });
    await page.getByRole('button', { name: 'I have saved them: continue' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    // The admin's activity lists the set-up.
    await expect(page.getByText('Set up two-factor sign-in').first()).toBeVisible();
  });

  test('the next sign-in asks for the code from the app', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await passwordStep(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('code-1280.png'), fullPage: true });
    // The set-up's code was step()-1; this is the current one (a code of the next step is
    // refused: docs/decisions/123).
    await page.getByLabel('Authentication code').fill(codeAtStep(secret, step()));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('a recovery code signs in once, and is refused the second time', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await passwordStep(page);
    await page.getByLabel('Authentication code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // Another browser: no cookie, no session.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await passwordStep(page);
    await page.getByLabel('Authentication code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('That code is not right. Please try again.')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('code-error-360.png'), fullPage: true });
    await expect(page).toHaveURL(/\/two-factor$/);
  });
});
