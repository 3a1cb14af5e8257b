import { expect, test } from '@playwright/test';

test('the home page loads with the header and footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Uplift' }).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Uplift Charitable Trust');
  await expect(page.getByRole('link', { name: 'Privacy policy' })).toBeVisible();
});

test('an unknown path shows the Oops... page', async ({ page }) => {
  const response = await page.goto('/this/page/does-not-exist');
  expect(response?.status()).toBe(404); // the prerendered 404 page, with a real 404 status (decision 023)
  await expect(page.getByRole('heading', { level: 1, name: 'Oops...' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the API answers unknown paths with JSON 404', async ({ request }) => {
  const res = await request.get('/api/no-such-thing');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ code: 'not_found' });
});
