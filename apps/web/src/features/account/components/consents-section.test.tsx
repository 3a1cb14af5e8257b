import { TRANSACTIONAL_MAILS } from '@uplift/core/mail-kinds';
import type { Account } from '@uplift/core/schemas/account';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../../../test/render-at';
import { ConsentsSection } from './consents-section';

afterEach(() => vi.unstubAllGlobals());

const account = (country: 'NZ' | 'UK'): Account => ({
  id: 7,
  first_name: 'Hana',
  last_name: 'Kereama',
  email: 'hana@example.org',
  user_address: '5 Rimu Road',
  country,
  pending_email: null,
  consents: [
    { consent: 'terms', given: true, changed_at: '2026-11-20T01:00:00.000Z', wording_version: '2026-11-23' },
    { consent: 'uplift_news', given: false, changed_at: null, wording_version: null },
    { consent: 'charity_news', given: true, changed_at: '2026-11-20T01:00:00.000Z', wording_version: '2026-11-23' },
    { consent: 'progress', given: true, changed_at: null, wording_version: null },
    { consent: 'milestones', given: false, changed_at: '2026-11-23T23:30:00.000Z', wording_version: '2026-11-23' },
    { consent: 'friends_gifts', given: false, changed_at: null, wording_version: null },
  ],
  pledges: [],
});

describe('ConsentsSection: every kind of mail', () => {
  it.each(['NZ', 'UK'] as const)('%s: a switch per optional mail, and every transactional mail with why it cannot be switched off', (country) => {
    stubFetch({});
    renderAt(<ConsentsSection account={account(country)} />, '/account');
    const optional = screen.getByRole('list', { name: 'Emails you can stop' });
    const boxes = within(optional).getAllByRole('checkbox');
    expect(boxes).toHaveLength(5);
    expect(within(optional).getByRole('checkbox', { name: 'Progress in my weekly receipts' })).toBeChecked();
    expect(within(optional).getByText('On until you stop it')).toBeInTheDocument();
    expect(within(optional).getByText('Off until you switch it on')).toBeInTheDocument(); // friends' gifts
    expect(within(optional).getAllByText('Not given')).toHaveLength(1); // Uplift news, never given
    expect(within(optional).getByRole('checkbox', { name: 'Milestones (halfway and completed)' })).not.toBeChecked();
    // Withdrawn at 23:30 UTC on the 23rd: the 24th in Auckland, still the 23rd in London.
    expect(within(optional).getByText(`Withdrawn on ${country === 'NZ' ? 'Tuesday 24' : 'Monday 23'} November 2026 (wording of 2026-11-23)`)).toBeInTheDocument();
    const always = screen.getByRole('list', { name: `${Object.keys(TRANSACTIONAL_MAILS).length} mails we always send` });
    expect(within(always).queryAllByRole('checkbox')).toHaveLength(0);
    for (const mail of Object.values(TRANSACTIONAL_MAILS)) {
      expect(within(always).getByText(mail.label)).toBeInTheDocument();
      expect(within(always).getByText(`Cannot be switched off: ${mail.reason}`)).toBeInTheDocument();
    }
  });

  it('puts the switches first, then the terms, and folds the mails that always go under one closed line', async () => {
    stubFetch({});
    const { container } = renderAt(<ConsentsSection account={account('NZ')} />, '/account');
    const headings = within(screen.getByRole('region', { name: 'My consents' })).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Emails you can stop', 'Taking part']);
    const folded = container.querySelector('details')!;
    expect(folded.open).toBe(false);
    expect(folded.querySelector('summary')).toHaveTextContent(`${Object.keys(TRANSACTIONAL_MAILS).length} mails we always send (why)`);
    expect(Object.keys(TRANSACTIONAL_MAILS)).toHaveLength(14);
    // Every always-on mail is inside the fold; every switch is outside it.
    expect(folded.querySelectorAll('li')).toHaveLength(14);
    expect(folded.querySelectorAll('input')).toHaveLength(0);
    const firstSwitch = screen.getByRole('checkbox', { name: 'Progress in my weekly receipts' });
    expect(firstSwitch.compareDocumentPosition(screen.getByText(/To be contacted about the challenge/)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('switches progress off with one click, through its own route', async () => {
    const a = account('NZ');
    const off = { ...a, consents: a.consents.map((c) => (c.consent === 'progress' ? { ...c, given: false, changed_at: '2026-11-24T00:00:00.000Z', wording_version: '2026-11-23' } : c)) };
    const calls = stubFetch({ 'PUT /api/account/mail-preferences/progress': { status: 200, body: off } });
    renderAt(<ConsentsSection account={a} />, '/account');
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Progress in my weekly receipts' }));
    expect(await screen.findByText('Your choice has been saved.')).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ method: 'PUT', url: '/api/account/mail-preferences/progress', body: { given: false } })]);
  });

  it('shows the server’s message when a switch fails', async () => {
    stubFetch({ 'PUT /api/account/mail-preferences/milestones': { status: 400, body: { code: 'validation', message: 'given: must be true (send it) or false (stop it)' } } });
    renderAt(<ConsentsSection account={account('UK')} />, '/account');
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Milestones (halfway and completed)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('given: must be true');
  });
});
