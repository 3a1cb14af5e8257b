import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { REPORT_THANKS } from '@uplift/core/schemas/moderation';
import { adminAccessToken, logInAsAdmin } from '../support/admin.ts';
import { DONOR_PASSWORD, expectJson, registerConfirmedDonor } from '../support/donor.ts';
import { seedPageWithGift } from '../support/fundraising.ts';
import { waitForMail } from '../support/mail.ts';
import { rememberSignIn } from '../support/session.ts';

// Leaderboard and moderation end to end (docs/decisions/140-leaderboards.md, 141-moderation.md):
// a donor's published page with a friend's gift shows on the landing's leaderboard by first name
// and initial, with the friends' figure beside the pledge count; anyone reports the gift's
// message; the admin opens Reports from the admin menu, sees the message as text and hides it;
// the action is audited. The admin gives a reason for each hide, and the owner is mailed it
// (docs/decisions/159); a report links to the page; hiding the whole page leaves its owner's
// /my-page saying one state with the reason. Screenshots in e2e/.artifacts/screens/moderation,
// at 1280 and 360 px.

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
  await expect(row.getByRole('link', { name: `/p/${slug}` })).toHaveAttribute('href', `/p/${slug}`);
  await expect(row).toContainText('This message is rude to the participant');
  await shot(page, 'admin-reports');
  await row.getByRole('button', { name: /^Hide the message of report \d+$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Hide what report \d+ is about$/ });
  await dialog.getByRole('button', { name: 'Hide and tell the owner' }).click();
  await expect(dialog.getByText('Reason: say why, for the owner (they are mailed it)')).toBeVisible();
  await dialog.getByLabel('Reason, mailed to the owner').fill('The message insults the participant');
  await shot(page, 'admin-report-hide-dialog');
  await dialog.getByRole('button', { name: 'Hide and tell the owner' }).click();
  await expect(open.getByRole('row').filter({ hasText: message })).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: message })).toContainText('hidden');
  const notice = await waitForMail(email, /^An admin has hidden a friend's message on your challenge page$/);
  expect(notice.text).toContain('The reason they gave: "The message insults the participant"');
  expect(notice.text).toMatch(/reply to this email or write to \S+@\S+ to ask for a review/);

  const token = await adminAccessToken(page.request);
  const { entries } = await expectJson<{ entries: { action: string; target: string }[] }>(
    await page.request.get('/api/admin/audit', { headers: { authorization: `Bearer ${token}` } }),
  );
  expect(entries[0]).toMatchObject({ action: 'report.hide', target: expect.stringContaining(`gift ${giftId}`) });
  // A hidden message can no longer be reported.
  expect((await page.request.post('/api/reports', { data: { subject: 'message', gift_id: giftId, reason: 'again' } })).status()).toBe(404);

  // Someone reports the page itself; the admin hides the whole page with a reason.
  expect((await page.request.post('/api/reports', { data: { subject: 'page', slug, reason: 'Pretends to be someone else' } })).status()).toBe(201);
  await page.reload();
  const pageRow = open.getByRole('row').filter({ hasText: 'Pretends to be someone else' });
  await expect(pageRow.getByRole('link', { name: `/p/${slug}` })).toBeVisible();
  await pageRow.getByRole('button', { name: /^Hide the page of report \d+$/ }).click();
  await expect(dialog.getByRole('radio', { name: 'The whole page' })).toBeChecked();
  await dialog.getByLabel('Reason, mailed to the owner').fill('It pretends to be someone else');
  await dialog.getByRole('button', { name: 'Hide and tell the owner' }).click();
  await expect(pageRow).toHaveCount(0);
  const hidden = await waitForMail(email, /^An admin has hidden your challenge page$/);
  expect(hidden.text).toContain('The reason they gave: "It pretends to be someone else"');

  // The owner's /my-page says one state, with the reason: not also "Not public yet".
  const owner = await (await browser.newContext()).newPage();
  await expectJson(await owner.request.post('/api/auth/login', { data: { email, password: DONOR_PASSWORD } }));
  await rememberSignIn(owner, '/my-page');
  await owner.goto('/my-page');
  await expect(owner.getByText(/^An admin has hidden your page: It pretends to be someone else\. Only you can see it\./)).toBeVisible();
  await expect(owner.getByText('Not public yet: only you can see it.')).toHaveCount(0);
  await shot(owner, 'owner-my-page-hidden');
  await owner.context().close();
});

// An owner's update on /p is reported by a visitor on a phone (its Report button comes once the
// page has started, with the page's own, docs/decisions/173); the admin sees its text and hides it;
// /p no longer shows it and the owner is mailed the reason.
test('a visitor reports an update on a phone; an admin hides it', async ({ page, browser }) => {
  const stamp = Date.now();
  const email = `e2e.update.${stamp}@example.org`;
  const { token } = await registerConfirmedDonor(page.request, { email, firstName: 'Hemi', lastName: 'Walker', address: '9 Rimu Street, Nelson' });
  const slug = `hemi-${stamp}`;
  await seedPageWithGift(email, { slug, displayName: 'Hemi cycles to work', giftMinor: 2_500, message: '' });
  const auth = { authorization: `Bearer ${token}` };
  const rude = `Rude update ${stamp}`;
  for (const body of ['Week one: 40 km and no car', rude]) expect((await page.request.post('/api/my-page/updates', { headers: auth, data: { body } })).status()).toBe(201);

  const visitor = await browser.newPage();
  await visitor.setViewportSize({ width: 360, height: 800 });
  await visitor.goto(`/p/${slug}`);
  const updates = visitor.getByRole('region', { name: 'Updates' });
  const item = updates.getByRole('listitem').filter({ hasText: rude });
  await expect(updates.getByRole('listitem')).toHaveCount(2);
  // Each update has its own Report button once the page has started.
  await expect(updates.getByRole('button', { name: 'Report this update' })).toHaveCount(2);
  await updates.scrollIntoViewIfNeeded();
  await shot(visitor, 'page-updates');
  await visitor.setViewportSize({ width: 360, height: 800 });
  await item.getByRole('button', { name: 'Report this update' }).click();
  const reportDialog = visitor.getByRole('dialog', { name: 'Report this update' });
  await reportDialog.getByLabel('What is wrong?').fill('This update insults a neighbour');
  await visitor.screenshot({ path: path.join(SHOTS, '360-report-update-dialog.png') });
  await reportDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(reportDialog.getByRole('status')).toHaveText(REPORT_THANKS);
  await reportDialog.getByRole('button', { name: 'Close' }).click();

  // The admin sees the update's text and a link to its page, and hides the update.
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  await page.goto('/admin-reports');
  const row = page.getByRole('table', { name: 'Open reports, oldest first' }).getByRole('row').filter({ hasText: rude });
  await expect(row).toContainText(`Update “${rude}” on /p/${slug}`);
  await expect(row.getByRole('link', { name: `/p/${slug}` })).toHaveAttribute('href', `/p/${slug}`);
  await expect(row).toContainText('This update insults a neighbour');
  await shot(page, 'admin-reports-update');
  await row.getByRole('button', { name: /^Hide the update of report \d+$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Hide what report \d+ is about$/ });
  await expect(dialog.getByRole('radio', { name: 'The update' })).toBeChecked();
  await dialog.getByLabel('Reason, mailed to the owner').fill('It insults a neighbour');
  await dialog.getByRole('button', { name: 'Hide and tell the owner' }).click();
  await expect(row).toHaveCount(0);
  const notice = await waitForMail(email, /^An admin has hidden one of your updates on your challenge page$/);
  expect(notice.text).toContain('The reason they gave: "It insults a neighbour"');
  const adminToken = await adminAccessToken(page.request);
  const { entries } = await expectJson<{ entries: { action: string; target: string }[] }>(
    await page.request.get('/api/admin/audit', { headers: { authorization: `Bearer ${adminToken}` } }),
  );
  expect(entries[0]).toMatchObject({ action: 'report.hide', target: expect.stringMatching(/^report \d+, update \d+$/) });

  // /p shows the other update only.
  await visitor.reload();
  await expect(updates.getByRole('listitem')).toHaveCount(1);
  await expect(updates).not.toContainText(rude);
  await visitor.close();
});
