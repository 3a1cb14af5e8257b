import { expect, test, type Page } from '@playwright/test';
import { expectJson, registerConfirmedDonor } from '../support/donor.ts';
import { appStarted } from '../support/hydration.ts';

// Give with one thumb (docs/decisions/165): at 360 px the Give button of /p/{slug} and /t/{slug} is in
// the first viewport and stays at the bottom of the window until the gift form is in view; pressing
// it takes the friend to the form's first control. A declined card (4000 0000 0000 0002) keeps the
// friend on the card step with the amount, name, email and message kept, and only the card is typed
// again (4242…). A team page gives to its captain's page.

type Raised = { gifts: number; gift_count: number };

/** Fills the test card form and sends it. */
async function payWith(form: ReturnType<Page['getByRole']>, number: string) {
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('CVC').press('Enter');
}

test('at 360 px: Give in the first viewport, sticky until the form is in view; a declined card, then 4242 without retyping anything but the card; a team page gives too', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const slug = `wiremu-${stamp}`;
  const teamSlug = `thumbs-${stamp}`;
  const donor = await registerConfirmedDonor(page.request, { email: `e2e.thumb.${stamp}@example.org`, firstName: 'Wiremu', lastName: 'Kingi', address: '3 Kauri Street, Whangārei' });
  const auth = { authorization: `Bearer ${donor.token}` };
  await expectJson(await page.request.post('/api/my-page', { headers: auth, data: { slug, story: 'A month of walking to work, whatever the weather.' } }));
  await expectJson(await page.request.patch('/api/my-page', { headers: auth, data: { published: true } }));
  // A team with a story, so that its gift form starts below the first viewport at 360 px.
  const teamStory = Array.from({ length: 6 }, (_, i) => `Week ${i + 1}: we walk to work together, rain or shine, and every step is for Youthline and the young people it helps.`).join('\n');
  await expectJson(await page.request.post('/api/teams', { headers: auth, data: { slug: teamSlug, name: 'Thumbs Up Walkers', story: teamStory } }));

  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const friend = await context.newPage();
  await friend.goto(`/p/${slug}`);
  await appStarted(friend);

  // The first viewport: the Give button is there, the gift form is not.
  const give = friend.getByRole('link', { name: 'Give to Wiremu K.' });
  const section = friend.locator('#give');
  await expect(give).toBeInViewport();
  await expect(section).not.toBeInViewport();
  await friend.screenshot({ path: test.info().outputPath('p-first-viewport-360.png') });

  // Scrolled part way, still short of the form: the button is still at hand.
  const top = await section.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await friend.evaluate((y) => window.scrollTo(0, y), Math.max(0, top - 800 - 40));
  await expect(give).toBeInViewport();
  // The form in view: the button steps aside; out of view again, it is back.
  await section.scrollIntoViewIfNeeded();
  await expect(give).toBeHidden();
  await friend.evaluate(() => window.scrollTo(0, 0));
  await expect(give).toBeInViewport();

  // Pressing it: the form in view and its first control (the first amount chip) focused.
  await give.click();
  const form = friend.getByRole('region', { name: 'Give to Wiremu K.' });
  await expect(form.getByRole('button', { name: '$10.00' })).toBeFocused();
  await expect(form.getByRole('button', { name: '$10.00' })).toBeInViewport();
  await expect(give).toBeHidden();

  // The amount first, then who is giving, then the card.
  await form.getByRole('button', { name: '$50.00' }).click();
  await form.getByLabel('Your name').fill('Tama Friend');
  await form.getByLabel('Your email').fill(`e2e.thumb.friend.${stamp}@example.org`);
  const message = `Kia kaha Wiremu ${stamp}`;
  await form.getByLabel('A message (optional)').fill(message);
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  // Declined: still the card step, everything but the card kept.
  await payWith(form, '4000 0000 0000 0002');
  await expect(form.getByRole('alert')).toContainText('Your card was declined. Nothing was taken. Enter another card to try again: everything else is kept.');
  await expect(form.getByRole('heading', { name: 'Your card' })).toBeVisible();
  await expect(form.getByText('Your gift: $50.00')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
  await expect(form.getByLabel('Card number')).toHaveValue('');
  await expect(form.getByLabel('Card number')).toBeFocused();
  await friend.screenshot({ path: test.info().outputPath('p-declined-360.png') });

  // Only the card again: the gift goes through with the details typed once.
  await payWith(form, '4242 4242 4242 4242');
  await expect(form.getByText(/Your gift of \$50\.00 to Wiremu K\.’s challenge has gone through/)).toBeVisible();
  await expect(form.getByRole('heading', { name: 'Thank you, Tama Friend!' })).toBeVisible();
  const shown = await expectJson<{ raised: Raised; gifts: { items: { name: string; amount: number | null; message: string }[] } }>(await page.request.get(`/api/pages/${slug}`));
  expect(shown.raised).toMatchObject({ gifts: 5000, gift_count: 1 });
  expect(shown.gifts.items).toEqual([expect.objectContaining({ name: 'Tama Friend', amount: 5000, message })]);

  // The team page: its own Give, to the captain's page.
  await friend.goto(`/t/${teamSlug}`);
  await appStarted(friend);
  const teamGive = friend.getByRole('link', { name: 'Give to team Thumbs Up Walkers' });
  await expect(teamGive).toBeInViewport();
  await expect(friend.locator('#give')).not.toBeInViewport();
  await friend.screenshot({ path: test.info().outputPath('t-first-viewport-360.png') });
  await teamGive.click();
  const teamSection = friend.getByRole('complementary', { name: 'Give to team Thumbs Up Walkers' });
  const teamForm = teamSection.getByRole('region', { name: 'Give to Wiremu K.' });
  await expect(teamForm.getByRole('button', { name: '$10.00' })).toBeFocused();
  await expect(teamGive).toBeHidden();
  await teamForm.getByRole('button', { name: '$25.00' }).click();
  await teamForm.getByLabel('Your name').fill('Mere Friend');
  await teamForm.getByLabel('Your email').fill(`e2e.thumb.team.${stamp}@example.org`);
  await teamForm.getByRole('button', { name: 'Continue to payment' }).click();
  await payWith(teamForm, '4242 4242 4242 4242');
  await expect(teamForm.getByText(/Your gift of \$25\.00 to Wiremu K\.’s challenge has gone through/)).toBeVisible();
  const team = await expectJson<{ raised: Raised }>(await page.request.get(`/api/teams/${teamSlug}`));
  expect(team.raised).toMatchObject({ gifts: 7500, gift_count: 2 });

  // And at 1280 px: the pages as a desk sees them.
  for (const [path, name] of [[`/p/${slug}`, 'p'], [`/t/${teamSlug}`, 't']] as const) {
    await friend.setViewportSize({ width: 1280, height: 900 });
    await friend.goto(path);
    await appStarted(friend);
    await friend.screenshot({ path: test.info().outputPath(`${name}-1280.png`) });
  }
  await context.close();
});
