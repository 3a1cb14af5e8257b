import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { logInAsAdmin } from '../support/admin.ts';
import { appStarted } from '../support/hydration.ts';

// Decision 129 end to end: an admin writes a charity's story and uploads its photo in Chromium; the
// wizard's charity card and the landing page's impact card then show the photo (the card size,
// described, lazily loaded) and the story. Screenshots at 1280 px and 360 px. The charity is
// deleted at the end, so the other specs (and the visual baselines) see the seeded charities only.

const SHOTS = path.resolve(import.meta.dirname, '../.artifacts/screens/admin-charity-photo');
// A 1×1 green PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mNgaPgPAAGDAYBXqQ2pAAAAAElFTkSuQmCC', 'base64');
const ALT = 'Volunteers handing out food parcels on the harbour wharf';
const STORY = 'It began with one van and a list of families.\n\nNow volunteers pack parcels every morning.';

async function shot(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  // Polled: right after a change of viewport the page is still laying out at the old width.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `no sideways scrolling at ${width} px` }).toBeLessThanOrEqual(width);
  await page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`), fullPage: true });
}

/** A 1600 × 1000 JPEG drawn by the browser itself: a sky, a sea and a sun. */
async function drawnJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 1000;
    const g = canvas.getContext('2d')!;
    const sky = g.createLinearGradient(0, 0, 0, 600);
    sky.addColorStop(0, '#8ecae6');
    sky.addColorStop(1, '#ffb703');
    g.fillStyle = sky;
    g.fillRect(0, 0, 1600, 600);
    g.fillStyle = '#1a7f5a';
    g.fillRect(0, 600, 1600, 400);
    g.fillStyle = '#fb8500';
    g.beginPath();
    g.arc(1200, 420, 140, 0, Math.PI * 2);
    g.fill();
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

test('an admin gives a charity a story and a photo; the wizard and the landing page show them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const name = `Wharf Food Bank ${Date.now()}`;
  await logInAsAdmin(page);
  await page.goto('/admin-charities');
  await expect(page.getByRole('region', { name: 'Charities' }).getByText('Youthline')).toBeVisible();

  // A new charity, with its story; its photo comes once it is saved.
  await page.getByRole('button', { name: 'Add charity' }).click();
  await expect(page.getByRole('group', { name: 'Charity photo' })).toContainText('Save the charity first');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel(/Impact cost/).fill('12.50');
  await page.getByLabel('Impact unit', { exact: true }).fill('meals');
  await page.getByLabel('Impact unit for one').fill('meal');
  await page.getByLabel('Impact description').fill('Meals for families across the harbour.');
  await page.getByLabel('Description', { exact: true }).fill('Food parcels for families across the harbour.');
  await page.getByLabel('More-info link').fill('https://wharffood.example.org');
  await page.getByLabel('Story').fill(STORY);
  await expect(page.getByTestId('story-count')).toHaveText(`${STORY.length} of 1,000 characters`);
  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Save charity' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added ${name}` })).toBeVisible();

  // The photo: refused without a description, then uploaded.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const section = page.getByRole('group', { name: 'Charity photo' });
  await section.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'wharf.jpg', mimeType: 'image/jpeg', buffer: await drawnJpeg(page) });
  await expect(section.getByRole('img', { name: 'Preview of the chosen photo' })).toBeVisible();
  await section.getByRole('button', { name: 'Upload photo' }).click();
  await expect(section.getByLabel('Describe the photo')).toHaveAccessibleDescription(/Please describe the photo/);
  await section.getByLabel('Describe the photo').fill(ALT);
  await section.getByRole('button', { name: 'Upload photo' }).click();
  await expect(section.getByRole('status')).toHaveText(`Photo saved for ${name}`);
  const saved = section.getByRole('img', { name: ALT });
  await expect.poll(() => saved.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  const cardUrl = (await saved.getAttribute('src'))!;
  expect(cardUrl).toMatch(/\/api\/recipient\/\d+\/photo\?size=card&v=[0-9a-f]{16}$/);
  await shot(page, 'charity-form');
  await page.setViewportSize({ width: 360, height: 800 });
  await shot(page, 'charity-form');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Served as WebP, cached for good at its hashed address.
  const served = await page.request.get(cardUrl);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The wizard's step 4: the photo on the charity's card, and its story under "Their story".
  await page.goto('/challenge?step=0');
  await page.getByRole('button', { name: /New Zealand/ }).click();
  await page.getByRole('button', { name: 'Choose challenges' }).click();
  await page.getByRole('listitem').filter({ hasText: 'Coffees' }).getByRole('button', { name: 'Join' }).click();
  await page.getByRole('button', { name: 'Calculate pledge amount' }).click();
  await page.getByLabel('Number of coffees per week').fill('5');
  await page.getByLabel('Cost of each one ($)').fill('3.50');
  await page.getByRole('button', { name: 'Choose cause' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose cause' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
  const photo = card.getByRole('img', { name: ALT });
  await expect(photo).toHaveAttribute('src', cardUrl);
  await expect(photo).toHaveAttribute('loading', 'lazy');
  await expect(photo).toHaveAttribute('width', '1200');
  await expect(photo).toHaveAttribute('height', '750');
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  await expect(card.getByText('Now volunteers pack parcels every morning.')).toBeHidden();
  await card.getByText('Their story').click();
  await expect(card.getByText('Now volunteers pack parcels every morning.')).toBeVisible();
  // The seeded charities have no photo: their cards are as they were.
  await expect(page.getByRole('listitem').filter({ hasText: 'Youthline' }).locator('img')).toHaveCount(1);
  await shot(page, 'wizard-charities');
  await page.setViewportSize({ width: 360, height: 800 });
  await shot(page, 'wizard-charities');

  // The landing page's impact cards (below the fold).
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/?country=NZ');
    // The cards below the fold hydrate when their chunk arrives: touch them after that, not during it.
    await appStarted(page);
    const impactCard = page.locator('.impact-card').filter({ has: page.getByRole('heading', { level: 3, name }) });
    await impactCard.scrollIntoViewIfNeeded();
    const impactPhoto = impactCard.getByRole('img', { name: ALT });
    await expect(impactPhoto).toHaveAttribute('src', cardUrl);
    await expect.poll(() => impactPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
    await impactCard.getByText('Their story').click();
    await expect(impactCard.getByText('It began with one van and a list of families.')).toBeVisible();
    await shot(page, 'landing-impact');
    await page.locator('.impact-cards').screenshot({ path: path.join(SHOTS, `${width}-landing-impact-cards.png`) });
  }

  // Removed, the photo is gone from the cards; then the charity is deleted.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin-charities');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByRole('group', { name: 'Charity photo' }).getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByRole('group', { name: 'Charity photo' }).getByRole('status')).toHaveText(`Photo removed from ${name}`);
  expect((await page.request.get(cardUrl)).status()).toBe(404);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('button', { name: 'Delete charity' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deleted ${name}` })).toBeVisible();
});
