import { expect, test } from '@playwright/test';
import { logInAsAdmin } from '../support/admin.ts';
import { registerConfirmedDonor } from '../support/donor.ts';
import { mailsTo, waitForMail } from '../support/mail.ts';

// News the trust sends (docs/decisions/137, product-rules §20), end to end: two donors of the same
// charity, one who asked for its news and one who did not; the admin writes an update for that
// charity's donors, previews it (the count, the mail as each country's donor gets it) and sends it.
// Only the donor who opted in gets it, with a one-click unsubscribe link.

test("an admin's update reaches the donors who opted in to the charity's news, and no one else", async ({ page, playwright }) => {
  const stamp = Date.now();
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const yes = await registerConfirmedDonor(api, { email: `e2e.news.yes.${stamp}@example.org`, firstName: 'Hana', lastName: `Yes${stamp}`, address: '3 Rata Road, Napier', optInCharity: true });
  const no = await registerConfirmedDonor(api, { email: `e2e.news.no.${stamp}@example.org`, firstName: 'Rewi', lastName: `No${stamp}`, address: '4 Rata Road, Napier', optInCharity: false });
  await api.dispose();
  expect(no.recipientName).toBe(yes.recipientName);

  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  await page.goto('/admin');
  const form = page.getByRole('form', { name: 'News update' });
  await form.getByLabel('Send to').selectOption({ label: `${yes.recipientName} (New Zealand)` });
  const subject = `News from the charity ${stamp}`;
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Text').fill('Thank you: this month paid for a new helpline shift.');
  await form.getByRole('button', { name: 'Preview' }).click();

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('article', { name: 'As a donor in New Zealand gets it' })).toContainText('Thank you: this month paid for a new helpline shift.');
  // Every donor of that charity who opted in (other specs' too), never fewer than this one.
  const count = Number((await preview.getByText(/would get it now/).innerText()).match(/(\d+) donors? would get it now/)![1]);
  expect(count).toBeGreaterThanOrEqual(1);
  await preview.getByRole('button', { name: `Send to ${count} ${count === 1 ? 'donor' : 'donors'}` }).click();

  const mail = await waitForMail(yes.email, new RegExp(`^${subject}$`));
  expect(mail.text).toContain('Thank you: this month paid for a new helpline shift.');
  expect(mail.text).toMatch(/\/unsubscribe\?token=/);
  // The donor who did not opt in: nothing, even after the opted-in one's mail went out.
  expect(await mailsTo(no.email, new RegExp(`^${subject}$`))).toEqual([]);
  await expect(page.getByRole('table', { name: 'Sent' }).getByRole('row').filter({ hasText: subject })).toBeVisible();
});
