import { expect, test, type Page } from '@playwright/test';
import { REPORT_THANKS } from '@uplift/core/schemas/moderation';
import { adminAccessToken, logInAsAdmin } from '../support/admin.ts';
import { expectJson, registerConfirmedDonor } from '../support/donor.ts';
import { appStarted } from '../support/hydration.ts';
import { waitForMail } from '../support/mail.ts';
import { rememberSignIn } from '../support/session.ts';

// Friends give too, the whole journey (docs/product-rules.md §21): a donor publishes a challenge
// page and starts a team; a friend with no account gives NZ$25 with 4242, then a second gift with
// the 3184 card passes the bank's step; the page's, the team's and the campaign's figures move by
// exactly the gifts; the friend's receipt and the participant's notice arrive; a friend reports
// a message from the page and an admin hides it, after which the page no longer shows it; the admin
// refunds part of a gift and the friend gets the corrected receipt.

type Raised = { pledged: number; gifts: number; total: number; gift_count: number };

/** What the page, the team and the campaign's friends' figure say now (minor units; the campaign's in decimals). */
async function figures(page: Page, slug: string, teamSlug: string) {
  const shown = await expectJson<{ raised: Raised }>(await page.request.get(`/api/pages/${slug}`));
  const team = await expectJson<{ raised: Raised }>(await page.request.get(`/api/teams/${teamSlug}`));
  const campaign = await expectJson<{ gifts: number; amount: number }>(await page.request.get('/api/gift/total/NZ'));
  return { page: shown.raised, team: team.raised, campaign: { gifts: campaign.gifts, minor: Math.round(campaign.amount * 100) } };
}

/** A friend's gift through the page's form, up to the card step. */
async function giftDetails(friend: Page, opts: { amount: string; name: string; email: string; message: string }) {
  const form = friend.getByRole('region', { name: 'Give to Rangi P.' });
  await form.getByLabel('Amount ($)').fill(opts.amount);
  await form.getByLabel('Your name').fill(opts.name);
  await form.getByLabel('Your email').fill(opts.email);
  await form.getByLabel('A message (optional)').fill(opts.message);
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  return form;
}

test('a page and a team; friends give with 4242 and through the bank step; every figure moves; a reported message is hidden', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const slug = `rangi-${stamp}`;
  const teamSlug = `kapiti-${stamp}`;
  const donor = await registerConfirmedDonor(page.request, { email: `e2e.friends.${stamp}@example.org`, firstName: 'Rangi', lastName: 'Parata', address: '4 Rimu Road, Paraparaumu' });

  // The donor: a page, published, and a team.
  await rememberSignIn(page);
  await page.goto('/my-page');
  await page.getByLabel('Your page’s address').fill(slug);
  await expect(page.getByText('That address is free')).toBeVisible();
  await page.getByRole('button', { name: 'Create my page' }).click();
  await page.getByRole('button', { name: 'Publish my page' }).click();
  await expect(page.getByText('Your page is public.', { exact: true })).toBeVisible();
  await page.getByLabel('Team name').fill('Kāpiti Coast Quitters');
  await page.getByLabel('The team’s address').fill(teamSlug);
  await expect(page.getByText('That address is free')).toBeVisible();
  await page.getByRole('button', { name: 'Start a team' }).click();
  await expect(page.getByRole('heading', { name: 'Your team' })).toBeVisible();

  const before = await figures(page, slug, teamSlug);
  expect(before.page).toMatchObject({ gifts: 0, gift_count: 0 });
  expect(before.team.total).toBe(before.page.total);

  // A friend with no account, in a browser of their own.
  const friendContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const friend = await friendContext.newPage();
  await friend.goto(`/p/${slug}`);
  await appStarted(friend);
  const friendEmail = `e2e.friend.${stamp}@example.org`;
  let form = await giftDetails(friend, { amount: '25', name: 'Tui Friend', email: friendEmail, message: `Go Rangi ${stamp}` });
  await form.getByLabel('Card number').fill('4242424242424242');
  await form.getByLabel('CVC').press('Enter');
  await expect(form.getByText(/Your gift of \$25\.00 to Rangi P\.’s challenge has gone through/)).toBeVisible();

  // The friend's receipt, and the participant's notice (never the friend's address).
  const receipt = await waitForMail(friendEmail, /Receipt: your \$25\.00 gift/);
  expect(receipt.text).toMatch(/Receipt number: NZ-\d{4}-\d{6}/);
  const notice = await waitForMail(donor.email, /Tui Friend gave \$25\.00 on your challenge page/);
  expect(notice.text).not.toContain(friendEmail);

  // A second gift with the card that asks for the bank's step.
  await friend.goto(`/p/${slug}`);
  await appStarted(friend);
  const rudeMessage = `Rude words ${stamp}`;
  form = await giftDetails(friend, { amount: '40', name: 'Someone Else', email: `e2e.other.${stamp}@example.org`, message: rudeMessage });
  await form.getByLabel('Card number').fill('4000002760003184');
  await form.getByLabel('CVC').press('Enter');
  await friend.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(form.getByText(/Your gift of \$40\.00 to Rangi P\.’s challenge has gone through/)).toBeVisible();
  await waitForMail(donor.email, /Someone Else gave \$40\.00 on your challenge page/);

  // Every figure moved by exactly the two gifts (the campaign's is cached for a few seconds).
  await expect.poll(async () => (await figures(page, slug, teamSlug)).campaign.minor, { timeout: 20_000 }).toBe(before.campaign.minor + 6500);
  const after = await figures(page, slug, teamSlug);
  expect(after.page).toEqual({ ...before.page, gifts: 6500, total: before.page.total + 6500, gift_count: 2 });
  expect(after.team.total).toBe(before.team.total + 6500);
  expect(after.campaign.gifts).toBe(before.campaign.gifts + 2);
  await friend.goto(`/p/${slug}`);
  await appStarted(friend);
  const gifts = friend.getByRole('region', { name: 'Friends who gave' });
  await expect(gifts.getByRole('listitem')).toHaveCount(2);
  await expect(gifts).toContainText(rudeMessage);

  // The friend reports the rude message from the page.
  const rude = gifts.getByRole('listitem').filter({ hasText: rudeMessage });
  await rude.getByRole('button', { name: 'Report this message' }).click();
  const dialog = friend.getByRole('dialog', { name: 'Report this message' });
  await dialog.getByLabel('What is wrong?').fill('This message is rude to Rangi');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText(REPORT_THANKS);
  await friendContext.close();

  // The admin hides it from Reports with a reason; the page no longer shows it, and the action is audited.
  const adminContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const admin = await adminContext.newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(admin);
  await admin.goto('/admin-reports');
  const row = admin.getByRole('table', { name: 'Open reports, oldest first' }).getByRole('row').filter({ hasText: rudeMessage });
  await expect(row).toContainText('This message is rude to Rangi');
  await row.getByRole('button', { name: /^Hide the message of report \d+$/ }).click();
  // A hide names its reason, which the page's owner is mailed (docs/decisions/159).
  const hideDialog = admin.getByRole('dialog', { name: /^Hide what report \d+ is about$/ });
  await hideDialog.getByLabel('Reason, mailed to the owner').fill('The message is rude to Rangi');
  await hideDialog.getByRole('button', { name: 'Hide and tell the owner' }).click();
  await expect(admin.getByRole('table', { name: 'Open reports, oldest first' }).getByRole('row').filter({ hasText: rudeMessage })).toHaveCount(0);
  const token = await adminAccessToken(admin.request);
  const { entries } = await expectJson<{ entries: { action: string }[] }>(await admin.request.get('/api/admin/audit', { headers: { authorization: `Bearer ${token}` } }));
  expect(entries[0]!.action).toBe('report.hide');

  // The admin refunds $5.00 of Tui's gift, found by its receipt number (docs/decisions/150): Tui
  // gets the corrected receipt, and the page counts what stands of the gift.
  const receiptNumber = /Receipt number: (\S+)/.exec(receipt.text)![1]!;
  const auth = { authorization: `Bearer ${token}` };
  const found = await expectJson<{ gifts: { id: number }[] }>(await admin.request.get(`/api/admin/gifts?q=${receiptNumber}`, { headers: auth }));
  await expectJson(await admin.request.post(`/api/admin/gifts/${found.gifts[0]!.id}/refunds`, { headers: auth, data: { amountMinor: 500, reason: 'Tui asked for $5 back' } }));
  const corrected = await waitForMail(friendEmail, /Your refund of \$5\.00/);
  expect(corrected.text).toContain(`Receipt number: ${receiptNumber}-R1`);
  await adminContext.close();

  const shown = await expectJson<{ gifts: { items: { message: string }[] }; raised: Raised }>(await page.request.get(`/api/pages/${slug}`));
  expect(shown.gifts.items.map((g) => g.message)).toEqual(['', `Go Rangi ${stamp}`]);
  // Hiding a message hides words, not money; the refund took its $5.00 off.
  expect(shown.raised.gifts).toBe(6000);
});
