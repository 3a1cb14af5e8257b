import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../admin.test-support';
import { AdminNav } from './admin-nav';
import { ADMIN_SCREENS } from './admin-screens';

// The admin's side navigation (docs/decisions/158-admin-with-room.md); its geometry at 1280 and 360 px
// is e2e/specs/admin-layout.spec.ts's.
describe('AdminNav', () => {
  it('lists every admin screen and marks the one shown', () => {
    renderAt(<AdminNav />, '/user-list');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual(ADMIN_SCREENS.map((s) => [s.label, s.path]));
    expect(links.map((l) => l.textContent)).toEqual(['Overview', 'Users', 'Campaigns', 'Challenges', 'Charities', 'Reports', 'Testimonials', 'System']);
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(links.filter((l) => l.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('marks Campaigns, as the section it is in, on a campaign’s report', () => {
    renderAt(<AdminNav />, '/admin-campaign/7/report');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'true');
    expect(within(nav).getAllByRole('link').filter((l) => l.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('folds into a menu button that says where the admin is and opens the list', async () => {
    renderAt(<AdminNav />, '/admin-system');
    const toggle = screen.getByRole('button', { name: 'Admin menu System' });
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toHaveClass('open');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(list).toHaveClass('open');
  });
});
