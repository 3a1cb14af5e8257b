import type { Account } from '@uplift/core/schemas/account';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../test/render-at';
import { AccountPage } from './account-page';
import { DELETED_NOTICE } from './delete-section';

afterEach(() => vi.unstubAllGlobals());

const account: Account = {
  id: 7,
  first_name: 'Hana',
  last_name: 'Kereama',
  email: 'hana@example.org',
  user_address: '5 Rimu Road',
  country: 'NZ',
  pending_email: null,
  consents: [
    { consent: 'terms', given: true, changed_at: '2026-11-20T01:00:00.000Z', wording_version: '2026-11-23' },
    { consent: 'uplift_news', given: false, changed_at: null, wording_version: null },
    { consent: 'charity_news', given: true, changed_at: '2026-11-20T01:00:00.000Z', wording_version: '2026-11-23' },
  ],
  pledges: [
    {
      id: 3,
      campaign_name: 'November Uplift Challenge',
      country: 'NZ',
      recipient_name: 'Youthline',
      pledge_status: 'Confirmed',
      receipts: [{ receipt_number: 'NZ-2026-000012', processing_date: '2026-11-23', amount_minor: 1750 }],
    },
  ],
};

describe('AccountPage', () => {
  it('opens with a short list of links to its sections, each to a section on the page, in the order they come', async () => {
    stubFetch({ 'GET /api/account': { status: 200, body: account } });
    const { container } = renderAt(<AccountPage />, '/account');
    await screen.findByLabelText('First name');
    const nav = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(within(nav).getByRole('list')).getAllByRole('link');
    const targets = links.map((a) => a.getAttribute('href')!.slice(1));
    const sections = [...container.querySelectorAll('section.account-section')].map((s) => s.id);
    expect(targets).toEqual(sections);
    for (const link of links) expect(link).toHaveTextContent(container.querySelector(`#${link.getAttribute('href')!.slice(1)} h2`)!.textContent!);
  });

  it('shows details, consents with their date and wording, and each receipt with its number', async () => {
    stubFetch({ 'GET /api/account': { status: 200, body: account } });
    renderAt(<AccountPage />, '/account');
    expect(await screen.findByLabelText('First name')).toHaveValue('Hana');
    const consents = screen.getByRole('region', { name: 'My consents' });
    expect(within(consents).getAllByText('Given on Friday 20 November 2026 (wording of 2026-11-23)')).toHaveLength(2);
    expect(within(consents).getByRole('checkbox', { name: 'News from Uplift' })).not.toBeChecked();
    const receipts = screen.getByRole('region', { name: 'Receipts and calendar' });
    expect(within(receipts).getByRole('cell', { name: 'NZ-2026-000012' })).toBeInTheDocument();
    expect(within(receipts).getByRole('cell', { name: '$17.50 NZD' })).toBeInTheDocument();
    expect(within(receipts).getByRole('cell', { name: 'Monday 23 November 2026' })).toBeInTheDocument();
  });

  it('withdraws charity news with one click, keeping the other choice', async () => {
    const withdrawn = { ...account, consents: account.consents.map((c) => (c.consent === 'charity_news' ? { ...c, given: false } : c)) };
    const calls = stubFetch({ 'GET /api/account': { status: 200, body: account }, 'PUT /api/account/consents': { status: 200, body: withdrawn } });
    renderAt(<AccountPage />, '/account');
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'News from my chosen charity' }));
    expect(await screen.findByText('Your choice has been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ opt_in_uplift_comms: false, opt_in_charity_comms: false });
    expect(screen.getByRole('checkbox', { name: 'News from my chosen charity' })).not.toBeChecked();
  });

  it('deletes the account with the password and goes to /login; a wrong password is shown on the field', async () => {
    const calls = stubFetch({
      'GET /api/account': { status: 200, body: account },
      'POST /api/account/erase': [
        { status: 403, body: { message: 'Password is incorrect', code: 'account.wrong_password' } },
        { status: 200, body: { message: 'Your account has been deleted.' } },
      ],
    });
    const user = userEvent.setup();
    renderAt(<AccountPage />, '/account');
    const section = await screen.findByRole('region', { name: 'Delete my account' });
    expect(section).toHaveTextContent('remaining weekly payments are cancelled');
    await user.type(within(section).getByLabelText('Your password'), 'wrong');
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    expect(await within(section).findByText('Password is incorrect')).toBeInTheDocument();
    await user.clear(within(section).getByLabelText('Your password'));
    await user.type(within(section).getByLabelText('Your password'), 'right one');
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/login');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ password: 'wrong' }, { password: 'right one' }]);
  });

  it('after deleting, the login page it lands on is told what happened', async () => {
    stubFetch({
      'GET /api/account': { status: 200, body: account },
      'POST /api/account/erase': { status: 200, body: { message: 'Your account has been deleted.' } },
    });
    function Login() {
      return <p data-testid="notice">{(useLocation().state as { notice?: string } | null)?.notice}</p>;
    }
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/account']}>
          <Routes>
            <Route path="/account" element={<AccountPage />} />
            <Route path="/login" element={<Login />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const section = await screen.findByRole('region', { name: 'Delete my account' });
    await user.type(within(section).getByLabelText('Your password'), 'right one');
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByTestId('notice')).toHaveTextContent('Your account is deleted.');
    expect(DELETED_NOTICE).toMatch(/^Your account is deleted\./);
  });
});
