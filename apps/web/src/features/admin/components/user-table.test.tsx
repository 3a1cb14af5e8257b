import type { AdminUser } from '@uplift/core/schemas/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../admin.test-support';
import { UserTable } from './user-table';

afterEach(() => vi.unstubAllGlobals());

const hana: AdminUser = {
  id: 7,
  first_name: 'Hana',
  last_name: 'Kereama',
  email: 'hana@example.org',
  user_address: '5 Rimu Road',
  country: 'NZ',
  activated: true,
  erased: false,
  opt_in_uplift_comms: false,
  opt_in_charity_comms: true,
  pledge_status: null,
  pledge_amount: null,
  pledge_campaign_id: null,
};

describe('UserTable', () => {
  it("signs every device of an account out with one click (docs/decisions/130)", async () => {
    const calls = stubFetch({
      'GET /api/auth/all_users': { status: 200, body: { users: [hana], total: 1, page: 1, page_size: 25 } },
      'GET /api/campaign/': { status: 200, body: [] },
      'POST /api/admin/users/7/sessions/revoke': { status: 200, body: { message: 'Every device of this account has been signed out.' } },
    });
    renderAt(<UserTable />, '/admin-user');
    const row = (await screen.findByText('hana@example.org')).closest('tr')!;
    // The name starts with the words on the button, then says whose (WCAG 2.5.3 label in name).
    const signOut = within(row).getByRole('button', { name: 'Sign out everywhere: hana@example.org' });
    expect(signOut).toHaveTextContent('Sign out everywhere');
    await userEvent.setup().click(signOut);
    expect(await within(row).findByText('Signed out')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST ')).map((c) => c.key)).toEqual(['POST /api/admin/users/7/sessions/revoke']);
  });
});
