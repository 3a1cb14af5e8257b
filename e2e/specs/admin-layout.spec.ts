import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatLongDate } from '@uplift/core/calendar';
import { splitPayments } from '@uplift/core/calculator';
import { decimalText } from '@uplift/core/money';
import { logInAsAdmin } from '../support/admin.ts';
import { registerConfirmedDonor } from '../support/donor.ts';
import { runBilling } from '../support/files.ts';
import { waitForMail } from '../support/mail.ts';

// The admin with room (docs/decisions/158-admin-with-room.md): at 1280 px every admin screen is in
// the admin's own full-width layout with its side navigation, no table header is cut off (a table
// too wide for the screen scrolls in its own box, never the page), the payments dialog shows every
// column, Refund included, and after a refund it is not scrolled sideways. Screenshots in
// e2e/.artifacts/screens/admin-layout.

const SHOTS = path.resolve(import.meta.dirname, '../.artifacts/screens/admin-layout');

type Clipped = { table: string; header: string; why: string };

/**
 * The campaign report's figures have up to fifteen money columns: they fit 1280 px at the demo's sums,
 * and larger ones (other specs' pledges) may scroll in the table's own box; every other table fits.
 */
const MAY_SCROLL = ['Figures per charity', 'Figures per challenge'];

/**
 * Every header cell of every visible table that is cut off: its text wider than the cell, or the cell
 * outside the part of its scroll box (or the window) that shows. A table in a box that scrolls is
 * fine only when the box is a named, focusable region.
 */
async function clippedHeaders(page: Page, within = 'main'): Promise<Clipped[]> {
  return page.locator(within).evaluate((root, mayScroll) => {
    const out: { table: string; header: string; why: string }[] = [];
    for (const table of Array.from(root.querySelectorAll('table'))) {
      if (!table.checkVisibility()) continue;
      const name = table.closest('[role="region"]')?.getAttribute('aria-label') ?? table.caption?.textContent ?? '(a table)';
      const box = table.parentElement!;
      const scrolls = getComputedStyle(box).overflowX === 'auto' || getComputedStyle(box).overflowX === 'scroll';
      const shown = !scrolls ? { left: 0, right: document.documentElement.clientWidth } : mayScroll.includes(name) ? { left: -Infinity, right: Infinity } : box.getBoundingClientRect();
      for (const th of Array.from(table.querySelectorAll('thead th'))) {
        const header = (th.textContent ?? '').trim();
        const cell = th as HTMLElement;
        const rect = cell.getBoundingClientRect();
        if (cell.scrollWidth > cell.clientWidth + 1) out.push({ table: name, header, why: `text ${cell.scrollWidth}px in a ${cell.clientWidth}px cell` });
        else if (rect.left < shown.left - 1 || rect.right > shown.right + 1) out.push({ table: name, header, why: `cell ${Math.round(rect.left)}–${Math.round(rect.right)} outside ${Math.round(shown.left)}–${Math.round(shown.right)}` });
        else if (header && !mayScroll.includes(name)) {
          // Not under another cell either (a sticky column over a table slightly too wide): both ends of the cell show.
          window.scrollTo(0, window.scrollY + rect.top - 200);
          const now = cell.getBoundingClientRect();
          const y = now.top + now.height / 2;
          const covered = [now.left + 3, now.right - 3].some((x) => {
            const top = document.elementFromPoint(x, y);
            return !top || !cell.contains(top);
          });
          if (covered) out.push({ table: name, header, why: 'covered by another cell' });
        }
      }
      if (scrolls && box.scrollWidth > box.clientWidth && (box.getAttribute('role') !== 'region' || !box.getAttribute('aria-label') || box.tabIndex !== 0)) {
        out.push({ table: name, header: '', why: 'scrolls in a box that is not a named, focusable region' });
      }
    }
    window.scrollTo(0, 0);
    return out;
  }, MAY_SCROLL);
}

async function expectNoSidewaysPage(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `the page does not scroll sideways at ${width} px`).toBeLessThanOrEqual(width);
}

/** The element's box lies within the container's visible box. */
async function expectInside(inner: Locator, outer: Locator, what: string) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(a && b, what).toBeTruthy();
  expect(a!.x, `${what}: left edge`).toBeGreaterThanOrEqual(b!.x - 1);
  expect(a!.x + a!.width, `${what}: right edge`).toBeLessThanOrEqual(b!.x + b!.width + 1);
}

test.describe('admin with room', () => {
  test('every admin screen has the side navigation, marks where it is, and cuts off no table header at 1280 px', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInAsAdmin(page);
    await page.goto('/admin-campaign');
    const report = await page.getByRole('link', { name: /^Report of campaign \d+$/ }).first().getAttribute('href');
    expect(report).toMatch(/^\/admin-campaign\/\d+\/report$/);

    const screens: { path: string; heading: string; current: string; name: string }[] = [
      { path: '/admin', heading: 'Admin', current: 'Overview', name: 'overview' },
      { path: '/user-list', heading: 'Users', current: 'Users', name: 'users' },
      { path: '/admin-campaign', heading: 'Campaigns', current: 'Campaigns', name: 'campaigns' },
      { path: report!, heading: 'Campaign report', current: 'Campaigns', name: 'report' },
      { path: '/admin-challenges', heading: 'Challenges', current: 'Challenges', name: 'challenges' },
      { path: '/admin-charities', heading: 'Charities', current: 'Charities', name: 'charities' },
      { path: '/admin-reports', heading: 'Reports', current: 'Reports', name: 'reports' },
      { path: '/admin-testimonials', heading: 'Testimonials', current: 'Testimonials', name: 'testimonials' },
      { path: '/admin-system', heading: 'System', current: 'System', name: 'system' },
    ];
    for (const screen of screens) {
      await test.step(screen.path, async () => {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading, exact: true })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const nav = page.getByRole('navigation', { name: 'Admin' });
        await expect(nav).toBeVisible();
        // The side navigation lists every screen; the one shown is marked (a report belongs to Campaigns).
        await expect(nav.getByRole('link')).toHaveText(['Overview', 'Users', 'Campaigns', 'Challenges', 'Charities', 'Reports', 'Testimonials', 'System']);
        const current = nav.locator('a[aria-current]');
        await expect(current).toHaveCount(1);
        await expect(current).toHaveText(screen.current);
        await expect(current).toHaveAttribute('aria-current', screen.path === report ? 'true' : 'page');
        // Beside the screen, not above it: the screen has the rest of the width.
        const navBox = (await nav.boundingBox())!;
        const headingBox = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
        expect(headingBox.x, 'the screen starts right of the side navigation').toBeGreaterThanOrEqual(navBox.x + navBox.width);
        expect(navBox.width, 'the side navigation is a column').toBeLessThan(320);
        await expectNoSidewaysPage(page, 1280);
        expect.soft(await clippedHeaders(page), `no header cut off on ${screen.path}`).toEqual([]);
        await page.screenshot({ path: path.join(SHOTS, `1280-${screen.name}.png`), fullPage: true });
      });
    }

    // Narrow: the navigation folds into a menu above the screen; it opens and closes, the page never scrolls sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/user-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const toggle = nav.getByRole('button', { name: /Admin menu/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'System' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await page.screenshot({ path: path.join(SHOTS, '360-users-menu.png'), fullPage: true });
    await nav.getByRole('link', { name: 'System' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'System' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toBeHidden();
    await expectNoSidewaysPage(page, 360);
    await page.screenshot({ path: path.join(SHOTS, '360-system.png'), fullPage: true });
  });

  test('the payments dialog shows every column at 1280 px and is not scrolled sideways after a refund', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const lastName = `Roomington${stamp}`;
    const donor = await registerConfirmedDonor(page.request, { email: `e2e.room.${stamp}@example.org`, firstName: 'Aroha', lastName, address: '3 Rimu Road, Nelson' });
    const billingStart = donor.dates[0]!;
    const paymentMinor = splitPayments(donor.totalMinor, donor.dates.length)[0]!;
    const billed = await runBilling(billingStart);
    expect(billed.code, billed.output).toBe(0);
    await waitForMail(donor.email, /^Receipt: your/);

    const adminContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    await logInAsAdmin(admin);
    await admin.goto('/user-list');
    await admin.getByLabel('Search by name or email').fill(lastName);
    const row = admin.getByRole('row').filter({ hasText: donor.email });
    await expect(row).toHaveCount(1);
    // The buttons' names start with the words on them (WCAG 2.5.3).
    await expect.soft(row.getByRole('button', { name: `Sign out everywhere: ${donor.email}`, exact: true })).toHaveText('Sign out everywhere');
    await row.getByRole('button', { name: `Payments of Aroha ${lastName}` }).click();

    const dialog = admin.getByRole('dialog', { name: `Payments of Aroha ${lastName}` });
    const refund = dialog.getByRole('button', { name: `Refund the payment of ${formatLongDate(billingStart)}` });
    await expect(refund).toBeVisible();
    const heading = dialog.getByRole('heading', { name: `Payments of Aroha ${lastName}` });
    const all = async (what: string) => {
      // Every column, Refund included, inside the dialog without scrolling it or the table's box.
      await expectInside(refund, dialog, `${what}: the Refund button`);
      await expectInside(heading, dialog, `${what}: the heading`);
      expect(await clippedHeaders(admin, 'dialog[open]'), `${what}: no header cut off`).toEqual([]);
      const sideways = await dialog.evaluate((d) => ({ left: d.scrollLeft, overflow: d.scrollWidth - d.clientWidth, box: d.querySelector('.admin-table-scroll')?.scrollLeft ?? 0 }));
      expect(sideways, `${what}: neither the dialog nor the table's box is scrolled sideways`).toEqual({ left: 0, overflow: 0, box: 0 });
    };
    await all('opened');
    await admin.screenshot({ path: path.join(SHOTS, '1280-payments-dialog.png') });

    await refund.click();
    const form = admin.getByRole('dialog', { name: `Refund payment of ${formatLongDate(billingStart)}` });
    await form.getByLabel('Amount to refund').fill(decimalText(Math.floor(paymentMinor / 2)));
    await form.getByLabel('Reason').fill('Layout check: half of the first week back');
    await form.getByRole('button', { name: 'Confirm refund' }).click();
    await expect(form).toBeHidden();
    await expect(dialog.getByRole('status').filter({ hasText: /^Refunded / })).toBeVisible();
    await expect(dialog.getByText(/^Partly refunded: /)).toBeVisible();
    await all('after the refund');
    await admin.screenshot({ path: path.join(SHOTS, '1280-payments-dialog-refunded.png') });

    // The audit panel's Before / After toggles are targets of at least 24 px (WCAG 2.5.8).
    await dialog.getByRole('button', { name: 'Close' }).click();
    await admin.goto('/admin');
    const toggles = admin.getByRole('region', { name: 'Admin actions' }).locator('summary');
    await expect(toggles.first()).toBeVisible();
    for (const box of await toggles.evaluateAll((all) => all.slice(0, 10).map((s) => s.getBoundingClientRect().height))) expect(box).toBeGreaterThanOrEqual(24);
    await adminContext.close();
  });
});
