import { expect, test } from '@playwright/test';
import { registerConfirmedDonor } from '../support/donor.ts';
import { runBilling } from '../support/files.ts';
import { mailsTo, waitForMail } from '../support/mail.ts';

// Mail people can stop (product-rules §20, docs/decisions/136–137), in Chromium against the real app
// and its SMTP sink: the week-1 receipt names the coffees given up; its progress link, opened in a
// fresh browser that is not signed in, stops the progress part at once; the next receipt is plain.



test('the week-1 receipt names the coffees; its progress link, signed out, makes the next receipt plain', async ({ page, browser }) => {
  const donor = await registerConfirmedDonor(page.request, {
    email: `e2e.unsubscribe.${Date.now()}@example.org`,
    firstName: 'Mere',
    lastName: 'Tane',
    address: '4 Kowhai Lane, Nelson',
  });
  expect(donor.dates.length, 'two weekly payments left in the demo campaign').toBeGreaterThanOrEqual(2);

  const first = await runBilling(donor.dates[0]!);
  expect(first.code, first.output).toBe(0);
  const receipt = await waitForMail(donor.email, /^Receipt:/);
  expect(receipt.text).toContain(`Your progress: week 1 of ${donor.dates.length}.`);
  expect(receipt.text).toContain('1 week without coffees ≈ 5 coffees, $17.50 NZD given so far.');
  expect(receipt.text).toContain(donor.recipientName);
  const link = /https?:\/\/\S+\/unsubscribe\?token=[A-Za-z0-9_.-]+/.exec(receipt.text)?.[0];
  expect(link, receipt.text).toBeTruthy();
  const { pathname, search } = new URL(link!);

  // A fresh browser, never signed in: the page says what stops; nothing stops until the button.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(pathname + search);
  await expect(fresh.getByRole('heading', { name: 'Progress in my weekly receipts' })).toBeVisible();
  await expect(fresh).toHaveURL(/\/unsubscribe\?token=/);
  await fresh.getByRole('button', { name: 'Stop these emails' }).click();
  await expect(fresh.getByRole('heading', { name: 'Stopped: Progress in my weekly receipts' })).toBeVisible();
  for (const width of [360, 1280]) {
    await fresh.setViewportSize({ width, height: 800 });
    await fresh.screenshot({ path: `test-results/unsubscribe-done-${width}.png`, fullPage: true });
  }

  // A link that was tampered with gets a clear page, not an error screen.
  await fresh.goto(`${pathname}${search.slice(0, -3)}abc`);
  await expect(fresh.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(fresh.getByRole('link', { name: 'your account page' })).toBeVisible();
  await context.close();

  const second = await runBilling(donor.dates[1]!);
  expect(second.code, second.output).toBe(0);
  await expect.poll(async () => (await mailsTo(donor.email, /^Receipt:/)).length, { timeout: 20_000 }).toBe(2);
  const plain = (await mailsTo(donor.email, /^Receipt:/)).at(-1)!;
  expect(plain.text).toContain('Given so far: $35.00 of');
  expect(plain.text).not.toContain('Your progress');
  expect(plain.text).not.toContain('/unsubscribe?token=');
});

test('a milestone share link: the landing page whose preview card carries the badge, per country', async ({ request, baseURL }) => {
  for (const [country, badge] of [
    ['NZ', 'halfway'],
    ['UK', 'completed'],
  ] as const) {
    const html = await (await request.get(`/?country=${country}&badge=${badge}`)).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(image, html.slice(0, 2000)).toMatch(new RegExp(`^${baseURL}/share-image/${country}-${badge}\\.png\\?v=[0-9a-f]{16}$`));
    const png = await request.get(image!.replace(baseURL!, ''));
    expect(png.headers()['content-type']).toBe('image/png');
  }
});
