import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { REPORT_THANKS } from '@uplift/core/schemas/moderation';
import { adminAccessToken, logInAsAdmin } from '../support/admin.ts';
import { expectJson, registerConfirmedDonor } from '../support/donor.ts';
import { seedPageWithGift } from '../support/fundraising.ts';

// Leaderboard and moderation end to end (docs/decisions/140-leaderboards.md, 141-moderation.md):
// a donor's published page with a friend's gift shows on the landing's leaderboard by first name
// and initial, with the friends' figure beside the pledge count; anyone reports the gift's
// message; the admin opens Reports from the admin menu, sees the message as text and hides it;
// the action is audited. Screenshots in e2e/.artifacts/screens/moderation, at 1280 and 360 px.

const SHOTS = path.resolve(import.meta.dirname, '../.artifacts/screens/moderation');

async function shot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a reported message is hidden by an admin; the page shows on the landing leaderboard', async ({ page, browser }) => {
  const stamp = Date.now();
  const email = `e2e.board.${stamp}@example.org`;
  await registerConfirmedDonor(page.request, { email, firstName: 'Moana', lastName: 'tipene', address: '3 Kauri Road, Whangārei' });
  const slug = `moana-${stamp}`;
  const message = `Rude words ${stamp}`;
  const { giftId } = await seedPageWithGift(email, { slug, displayName: 'Moana walks to work', giftMinor: 900_000, message });

  // A visitor: the leaderboard (loaded after the first paint) names Moana T., never the free display name.
  const visitor = await browser.newPage();
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.goto('/?country=NZ');
  const board = visitor.getByRole('region', { name: 'Leaderboard' });
  const people = board.getByRole('list', { name: 'Top participants' });
  await expect(people.getByRole('link', { name: 'Moana T.' })).toHaveAttribute('href', `/p/${slug}`);
  await expect(board).not.toContainText('Moana walks to work');
  await expect(visitor.getByTestId('friends-gifts')).toHaveText(/^Friends have also given \$[\d,]+\.\d\d on participants’ challenge pages \(\d+ gifts?\)\.$/);
  await board.scrollIntoViewIfNeeded();
  await shot(visitor, 'landing-leaderboard');
  await visitor.setViewportSize({ width: 360, height: 800 });
  await visitor.locator('.countdown').screenshot({ path: path.join(SHOTS, '360-hero-figures.png') });
  await board.screenshot({ path: path.join(SHOTS, '360-leaderboard.png') });
  await visitor.setViewportSize({ width: 1280, height: 900 });

  // The campaign's own leaderboard page says the same.
  await visitor.goto('/leaderboard?country=NZ');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
  await expect(visitor.getByRole('list', { name: 'Top participants' }).getByRole('link', { name: 'Moana T.' })).toBeVisible();
  await shot(visitor, 'leaderboard-page');

  // Anyone may report the message: no account.
  const reported = await visitor.request.post('/api/reports', { data: { subject: 'message', gift_id: giftId, reason: 'This message is rude to the participant' } });
  expect(reported.status()).toBe(201);
  expect(await reported.json()).toEqual({ message: REPORT_THANKS });
  await visitor.close();

  // The admin: Reports from the admin menu, the message shown as text, Hide.
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/admin-reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const open = page.getByRole('table', { name: 'Open reports, oldest first' });
  const row = open.getByRole('row').filter({ hasText: message });
  await expect(row).toContainText(`“${message}” on /p/${slug}`);
  await expect(row).toContainText('This message is rude to the participant');
  await shot(page, 'admin-reports');
  await row.getByRole('button', { name: /^Hide the message of report \d+$/ }).click();
  await expect(open.getByRole('row').filter({ hasText: message })).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: message })).toContainText('hidden');

  const token = await adminAccessToken(page.request);
  const { entries } = await expectJson<{ entries: { action: string; target: string }[] }>(
    await page.request.get('/api/admin/audit', { headers: { authorization: `Bearer ${token}` } }),
  );
  expect(entries[0]).toMatchObject({ action: 'report.hide', target: expect.stringContaining(`gift ${giftId}`) });
  // A hidden message can no longer be reported.
  expect((await page.request.post('/api/reports', { data: { subject: 'message', gift_id: giftId, reason: 'again' } })).status()).toBe(404);
});
