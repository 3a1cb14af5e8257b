import { expect, test } from '@playwright/test';

// The API reference (decision 006): /api/docs renders the generated OpenAPI description in the
// browser from the app alone (no CDN, nothing blocked by the page's content security policy)
// and lists every route, grouped by module.

type Description = { paths: Record<string, Record<string, { summary?: string; tags?: string[] }>> };

test('the API reference at /api/docs renders the title and lists every route', async ({ page, baseURL }) => {
  // It opens every module's section in turn (about 25) and checks each of 135 routes: more than one default test's minute on a busy machine.
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const outside: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) outside.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  const description = (await (await page.request.get('/api/openapi.json')).json()) as Description;
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(description.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags?.[0] ?? 'default';
      byTag.set(tag, [...(byTag.get(tag) ?? []), `${method} ${path}`]);
    }
  }
  expect(byTag.size).toBeGreaterThan(5);

  await page.goto('/api/docs');
  await expect(page).toHaveURL(/\/api\/docs\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Uplift API' })).toBeVisible();
  const sidebar = page.getByRole('complementary');
  // The first tag (alphabetical: account) opens expanded, showing its operations' summaries.
  await expect(sidebar.getByText(description.paths['/api/account']!.get!.summary!)).toBeVisible();

  // Each module's section lists its operations as "method path".
  for (const [tag, operations] of byTag) {
    await sidebar.getByRole('link', { name: tag, exact: true }).click();
    const list = page.getByRole('list', { name: `${tag} endpoints` });
    await expect(list).toBeVisible();
    for (const operation of operations) {
      await expect(list.getByRole('link', { name: operation, exact: true }), operation).toBeAttached();
    }
  }

  expect(outside, 'requests that left the app').toEqual([]);
  expect(problems, 'console errors (a blocked script or style shows here)').toEqual([]);
});
