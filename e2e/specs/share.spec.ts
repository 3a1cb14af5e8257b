import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expectJson, registerConfirmedDonor } from '../support/donor.ts';
import { pdfText } from '../support/files.ts';
import { appStarted } from '../support/hydration.ts';
import { rememberSignIn } from '../support/session.ts';

// Share from anywhere (docs/decisions/164): at 360 px the owner shares their page through each
// control of /my-page's panel (the phone's sheet, copy link, every network's link carrying the page
// and its channel), downloads the QR code and the poster, and a friend who came by WhatsApp gives
// from the first screen (decision 165): the Give button, a declined card, then another card with
// nothing else typed again. The owner reads "1 gift came from WhatsApp".
// (give-thumb.spec.ts holds the Give button's stickiness and the team page's Give.)

test.use({ viewport: { width: 360, height: 800 } });

async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // jsqr is CommonJS: its default export is the module, whose default is the decoder.
  return jsQR.default(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

test('the owner shares their page through every control; a gift by WhatsApp is counted as such', async ({ browser, baseURL }) => {
  const stamp = Date.now();
  const slug = `tui-${stamp}`;
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  // The phone's share sheet, stubbed: what it was given is kept for the test to read.
  await context.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { __shared: shared });
    Object.defineProperty(navigator, 'share', { configurable: true, value: (data: ShareData) => (shared.push(data), Promise.resolve()) });
  });
  const page = await context.newPage();
  const donor = await registerConfirmedDonor(page.request, { email: `e2e.share.${stamp}@example.org`, firstName: 'Tui', lastName: 'Ngata', address: '3 Queen Street, Auckland' });
  const auth = { authorization: `Bearer ${donor.token}` };
  await expectJson(await page.request.post('/api/my-page', { headers: auth, data: { slug } }));
  await rememberSignIn(page);
  await page.goto('/my-page');
  await page.getByRole('button', { name: 'Publish my page' }).click();
  // Right after publishing, the panel says so, above the page's form.
  await expect(page.getByText('Your page is live. Share it now')).toBeVisible();
  const panel = page.getByRole('region', { name: 'Share your page' });
  await expect(panel).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('my-page-share-360.png'), fullPage: true });

  const pageUrl = new URL(`/p/${slug}`, baseURL).href;
  const message = 'Kia ora! I’m giving something up for four weeks to raise money for a cause I care about. Chuck in a few dollars if you can?';

  await panel.getByRole('button', { name: 'Share…' }).click();
  expect(await page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared)).toEqual([{ title: 'Uplift', text: message, url: `${pageUrl}?via=native` }]);

  await panel.getByRole('button', { name: 'Copy link' }).click();
  await expect(panel.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${pageUrl}?via=copy`);

  const channels = { WhatsApp: 'whatsapp', Facebook: 'facebook', X: 'x', LinkedIn: 'linkedin' } as const;
  for (const [name, via] of Object.entries(channels)) {
    const href = (await panel.getByRole('link', { name: new RegExp(`^Share on ${name}\\b`) }).getAttribute('href'))!;
    expect(decodeURIComponent(href), name).toContain(`${pageUrl}?via=${via}`);
  }
  expect(decodeURIComponent((await panel.getByRole('link', { name: 'Share by email' }).getAttribute('href'))!)).toMatch(new RegExp(`^mailto:\\?subject=.+&body=${message.replace(/[?.]/g, '\\$&')}\\n\\n${pageUrl.replace(/[.]/g, '\\.')}\\?via=email$`));
  expect(decodeURIComponent((await panel.getByRole('link', { name: 'Share by SMS' }).getAttribute('href'))!)).toBe(`sms:?&body=${message} ${pageUrl}?via=sms`);

  // The owner's own words go with every share from now on.
  await page.getByLabel('Your share message').fill('Back my month off the fizzy drinks!');
  await page.getByRole('button', { name: 'Save message' }).click();
  await expect(page.getByText('Share message saved.')).toBeVisible();
  expect(decodeURIComponent((await panel.getByRole('link', { name: /^Share on WhatsApp/ }).getAttribute('href'))!)).toBe(`https://wa.me/?text=Back my month off the fizzy drinks! ${pageUrl}?via=whatsapp`);

  // The QR code (made on the server) reads as the page's address, by the QR channel.
  const [qr] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'QR code (PNG)' }).click()]);
  expect(await decodeQr(await readFile((await qr.path())!))).toBe(`${pageUrl}?via=qr`);

  // The poster: an A4 PDF naming the owner.
  const [poster] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Poster (PDF, A4)' }).click()]);
  const pdf = await readFile((await poster.path())!);
  const served = await page.request.get(`/api/pages/${slug}/poster.pdf`);
  expect(served.headers()['content-type']).toBe('application/pdf');
  const task = getDocument({ data: new Uint8Array(pdf) });
  const [, , width, height] = (await (await task.promise).getPage(1)).view;
  expect([Math.round(width!), Math.round(height!)]).toEqual([595, 842]);
  await task.destroy();
  expect(await pdfText(pdf)).toContain('Back Tui N.');

  // A friend follows the WhatsApp link and gives.
  const friend = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await friend.goto(`/p/${slug}?via=whatsapp`);
  await appStarted(friend);
  await expect(friend.getByRole('region', { name: 'Share Tui N.’s page' })).toBeVisible();
  // Given from the first screen: the Give button is there, and takes the friend to the form.
  const give = friend.getByRole('link', { name: 'Give to Tui N.' });
  await expect(give).toBeInViewport();
  await give.click();
  const form = friend.getByRole('region', { name: 'Give to Tui N.' });
  await expect(form.getByRole('button', { name: '$10.00' })).toBeFocused();
  await form.getByRole('button', { name: '$25.00' }).click();
  await form.getByLabel('Your name').fill('Mere Friend');
  await form.getByLabel('Your email').fill(`e2e.share.friend.${stamp}@example.org`);
  await form.getByLabel('A message (optional)').fill('Kia kaha Tui!');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  const payWith = async (card: string) => {
    await form.getByLabel('Card number').fill(card);
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await form.getByLabel('CVC').press('Enter');
  };
  // Declined: the friend stays on the card step with the amount, name, email and message kept.
  await payWith('4000000000000002');
  await expect(form.getByRole('alert')).toContainText('Your card was declined. Nothing was taken.');
  await expect(form.getByText('Your gift: $25.00')).toBeVisible();
  await expect(form.getByLabel('Card number')).toHaveValue('');
  await payWith('4242424242424242');
  await expect(form.getByText(/Your gift of \$25\.00 to Tui N\.’s challenge has gone through/)).toBeVisible();
  const shown = await expectJson<{ gifts: { items: { name: string; amount: number | null; message: string }[] } }>(await friend.request.get(`/api/pages/${slug}`));
  expect(shown.gifts.items).toEqual([expect.objectContaining({ name: 'Mere Friend', amount: 2500, message: 'Kia kaha Tui!' })]);
  await friend.screenshot({ path: test.info().outputPath('public-page-share-360.png'), fullPage: true });

  await page.reload();
  await expect(page.getByTestId('gift-channels')).toHaveText('1 gift came from WhatsApp');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('my-page-share-1280.png'), fullPage: true });
});
