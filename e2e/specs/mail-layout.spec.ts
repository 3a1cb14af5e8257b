import { expect, test } from '@playwright/test';
import { registerConfirmedDonor } from '../support/donor.ts';
import { mailsTo, waitForMail } from '../support/mail.ts';

// Most donors read their mail on a phone: every mail fits a 360 px screen without sideways scrolling.
test('the activation and pledge mails fit a 360 px phone screen', async ({ page }) => {
  const email = `e2e.mail-layout.${Date.now()}@example.org`;
  await registerConfirmedDonor(page.request, { email, firstName: 'Tama', lastName: 'Herewini', address: '9 Rimu Road, Rotorua' });
  await waitForMail(email, /pledge/i);
  const mails = await mailsTo(email, /./);
  expect(mails.length).toBeGreaterThanOrEqual(2);
  await page.setViewportSize({ width: 360, height: 800 });
  for (const mail of mails) {
    await page.setContent(mail.html);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `"${mail.subject}" is ${width} px wide`).toBeLessThanOrEqual(360);
    await expect(page.getByText('Kia ora Tama', { exact: false }).first()).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath('pledge-mail-360.png'), fullPage: true });
});
