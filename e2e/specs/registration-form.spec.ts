import { expect, test, type Locator } from '@playwright/test';
import { wizardToRegistration } from '../support/wizard.ts';

// The registration form at the moment of commitment (docs/decisions/157): each check box sits
// beside its words, left-aligned, a 24 px target centred on the first line of its label, and the
// label checks it; the form's one action is Register.

/** The box's and its label's first line's boxes, as the browser laid them out. */
async function geometry(box: Locator) {
  return box.evaluate((input) => {
    const label = document.querySelector(`label[for="${input.id}"]`)!;
    const range = document.createRange();
    range.selectNodeContents(label);
    const firstLine = range.getClientRects()[0]!;
    const b = input.getBoundingClientRect();
    const form = input.closest('form')!.getBoundingClientRect();
    return {
      box: { left: b.left, right: b.right, top: b.top, bottom: b.bottom, width: b.width, height: b.height },
      line: { left: firstLine.left, top: firstLine.top, bottom: firstLine.bottom },
      formLeft: form.left,
    };
  });
}

for (const width of [360, 1280]) {
  test(`at ${width} px each registration box sits left of its label, centred on its first line, and the label checks it`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await wizardToRegistration(page);
    const form = page.getByRole('form', { name: 'Register' });
    const boxes = form.getByRole('checkbox');
    await expect(boxes).toHaveCount(3);
    for (const box of await boxes.all()) {
      const name = (await box.evaluate((input) => document.querySelector(`label[for="${input.id}"]`)!.textContent)) ?? '';
      const g = await geometry(box);
      const centre = (g.box.top + g.box.bottom) / 2;
      expect(centre, `${name}: the box's centre is on the label's first line`).toBeGreaterThanOrEqual(g.line.top);
      expect(centre, `${name}: the box's centre is on the label's first line`).toBeLessThanOrEqual(g.line.bottom);
      expect(g.box.right, `${name}: the box is left of its label`).toBeLessThanOrEqual(g.line.left);
      expect(g.box.left - g.formLeft, `${name}: the box starts at the form's left edge`).toBeLessThan(2);
      expect(g.box.width, `${name}: a 24 px target`).toBeGreaterThanOrEqual(24);
      expect(g.box.height, `${name}: a 24 px target`).toBeGreaterThanOrEqual(24);
      await form.locator(`label[for="${await box.getAttribute('id')}"]`).click();
      await expect(box).toBeChecked();
    }
    // One primary action at the moment of commitment: the form's Register, no Finish beside it.
    await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Finish' })).toHaveCount(0);
  });
}
