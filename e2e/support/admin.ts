import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectJson } from './donor.ts';

// The one place the end-to-end tests sign in as the seeded admin, in the browser or through the
// API. Admin sign-in may gain steps (two-factor, issue 12); specs call these and stay unchanged.

export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@uplift.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'admin-password-123',
};

/** Signs the seeded admin in through the login form and waits until the app has left /login. */
export async function logInAsAdmin(page: Page, admin = ADMIN): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** An admin access token from the API (the refresh cookie lands in the request context's jar). */
export async function adminAccessToken(request: APIRequestContext, admin = ADMIN): Promise<string> {
  const { access_token } = await expectJson<{ access_token: string }>(await request.post('/api/auth/login', { data: admin }));
  return access_token;
}
