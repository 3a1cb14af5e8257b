import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../admin.test-support';
import { NewsPanel } from './news-panel';

afterEach(() => vi.unstubAllGlobals());

const campaigns = [{ id: 3, campaign_name: 'November Uplift Challenge', country: 'NZ' }];
const recipients = [
  { id: 5, recipient_name: 'Youthline', country: 'NZ' },
  { id: 9, recipient_name: 'Shelter', country: 'UK' },
];
const preview = {
  recipients: 2,
  previews: [
    { country: 'NZ', subject: 'What your month did', text: 'Kia ora Alex,\n\nThe totals are in.' },
    { country: 'UK', subject: 'What your month did', text: 'Hello Alex,\n\nThe totals are in.' },
  ],
};

describe('NewsPanel', () => {
  it('previews both countries’ mail and the count, then sends to exactly that many', async () => {
    const calls = stubFetch({
      'GET /api/campaign/': { status: 200, body: campaigns },
      'GET /api/admin/recipients': { status: 200, body: recipients },
      'GET /api/admin/news': { status: 200, body: [] },
      'POST /api/admin/news/preview': { status: 200, body: preview },
      'POST /api/admin/news': { status: 202, body: { id: 1, subject: 'What your month did', status: 'sending', recipients: 2, queued: 0, created_at: '2026-11-23T09:00:00.000Z', finished_at: null } },
    });
    renderAt(<NewsPanel />, '/admin');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Shelter (United Kingdom)' });
    await user.selectOptions(screen.getByLabelText('Send to'), 'campaign:3');
    await user.type(screen.getByLabelText('Subject'), 'What your month did');
    await user.type(screen.getByLabelText('Text'), 'The totals are in.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const shown = await screen.findByRole('region', { name: 'Preview' });
    expect(within(shown).getByText('2 donors')).toBeInTheDocument();
    expect(within(shown).getByRole('article', { name: 'As a donor in New Zealand gets it' })).toHaveTextContent('Kia ora Alex,');
    expect(within(shown).getByRole('article', { name: 'As a donor in United Kingdom gets it' })).toHaveTextContent('Hello Alex,');
    expect(calls.find((c) => c.key === 'POST /api/admin/news/preview')!.body).toEqual({ subject: 'What your month did', text: 'The totals are in.', audience: { kind: 'campaign', campaign_id: 3 } });

    await user.click(within(shown).getByRole('button', { name: 'Send to 2 donors' }));
    expect(await screen.findByText('Sending to 2 donors: 0 in the outbox so far.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/admin/news')!.body).toEqual({ subject: 'What your month did', text: 'The totals are in.', audience: { kind: 'campaign', campaign_id: 3 }, recipients: 2 });
  });

  it('asks for an audience before previewing, and shows the server’s message for a changed audience', async () => {
    stubFetch({
      'GET /api/campaign/': { status: 200, body: campaigns },
      'GET /api/admin/recipients': { status: 200, body: recipients },
      'GET /api/admin/news': { status: 200, body: [] },
      'POST /api/admin/news/preview': { status: 200, body: preview },
      'POST /api/admin/news': { status: 409, body: { code: 'news.audience_changed', message: 'The audience changed since the preview: 3 donors would get it now. Check the preview again before sending.' } },
    });
    renderAt(<NewsPanel />, '/admin');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('audience: choose a campaign');
    await screen.findByRole('option', { name: 'Youthline (New Zealand)' });
    await user.selectOptions(screen.getByLabelText('Send to'), 'charity:5');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Send to 2 donors' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The audience changed since the preview: 3 donors');
  });
});
