import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectJson, registerConfirmedDonor } from '../support/donor.ts';
import { appStarted } from '../support/hydration.ts';
import { waitForMail } from '../support/mail.ts';

// A friend gives on a challenge page (docs/decisions/138): no account, a test card, the bank's step,
// a receipt by mail and the participant's notice; at 360 px, with the keyboard where it matters.

test('a friend gives on /p/{slug} with the bank step; the receipt and the notice arrive; the page counts it', async ({ page, browser }) => {
  const stamp = Date.now();
  const slug = `hemi-${stamp}`;
  const donor = await registerConfirmedDonor(page.request, { email: `e2e.gift.${stamp}@example.org`, firstName: 'Hemi', lastName: 'Walker', address: '2 Queen Street, Auckland' });
  const auth = { authorization: `Bearer ${donor.token}` };
  await expectJson(await page.request.post('/api/my-page', { headers: auth, data: { slug } }));
  await expectJson(await page.request.patch('/api/my-page', { headers: auth, data: { published: true } }));

  const friend = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await friend.goto(`/p/${slug}`);
  await appStarted(friend);
  const form = friend.getByRole('region', { name: 'Give to Hemi W.' });
  await form.getByRole('button', { name: '$50.00' }).click();
  await form.getByLabel('Your name').fill('Aroha Friend');
  await form.getByLabel('Your email').fill(`e2e.friend.${stamp}@example.org`);
  await form.getByLabel('A message (optional)').fill('Kia kaha!');
  await expect(form.getByText('9/140 characters')).toBeVisible();
  await form.getByLabel('I want a donation tax credit receipt in my name').check();
  const problems = (await new AxeBuilder({ page: friend }).include('.gift-form').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(problems.map((v) => v.id)).toEqual([]);
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  await form.getByLabel('Card number').fill('4000002760003184');
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('CVC').press('Enter');
  await friend.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(form.getByText(/Your gift of \$50\.00 to Hemi W\.’s challenge has gone through/)).toBeVisible();
  await friend.screenshot({ path: test.info().outputPath('gift-thanks-360.png'), fullPage: true });

  const receipt = await waitForMail(`e2e.friend.${stamp}@example.org`, /Receipt: your \$50\.00 gift/);
  expect(receipt.text).toContain('Kia ora Aroha Friend,');
  expect(receipt.text).toMatch(/Receipt number: NZ-\d{4}-\d{6}/);
  const notice = await waitForMail(donor.email, /Aroha Friend gave \$50\.00 on your challenge page/);
  expect(notice.text).toContain('Their message: "Kia kaha!"');
  expect(notice.text).not.toContain(`e2e.friend.${stamp}@example.org`);

  const shown = await expectJson<{ raised: { gifts: number; gift_count: number } }>(await page.request.get(`/api/pages/${slug}`));
  expect(shown.raised).toMatchObject({ gifts: 5000, gift_count: 1 });
});
