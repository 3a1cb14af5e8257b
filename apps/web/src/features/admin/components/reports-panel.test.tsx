import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReport } from '@uplift/core/schemas/moderation';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../admin.test-support';
import { ReportsPanel } from './reports-panel';

afterEach(() => vi.unstubAllGlobals());
beforeAll(() => {
  // jsdom has no modal dialogs; the shared Dialog only needs these two to toggle `open`.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const base = { created_at: '2026-11-23T09:00:00.000Z', resolved_at: null, resolution: null, page: null, team: null, gift: null, update: null, url: null, thumbnail_url: null } as const;
const shown = { hidden: false, photo_hidden: false, story_hidden: false } as const;
const reports: AdminReport[] = [
  { ...base, id: 1, subject: 'message', reason: 'Rude', page: { slug: 'sam-swims', display_name: 'Sam swims', ...shown }, gift: { id: 9, message: '<b>not html</b>', hidden: false }, url: '/p/sam-swims' },
  { ...base, id: 2, subject: 'team', reason: 'Offensive name', team: { slug: 'bad-team', name: 'Bad Team', ...shown }, url: '/t/bad-team' },
  {
    ...base,
    id: 3,
    subject: 'page',
    reason: 'Old',
    resolved_at: '2026-11-23T10:00:00.000Z',
    resolution: 'dismissed',
    page: { slug: 'sam-swims', display_name: 'Sam swims', ...shown },
    url: '/p/sam-swims',
  },
  {
    ...base,
    id: 4,
    subject: 'page',
    reason: 'Not their photo',
    page: { slug: 'ana-rides', display_name: 'Ana rides', ...shown },
    url: '/p/ana-rides',
    thumbnail_url: '/api/pages/ana-rides/photo/0123456789abcdef.webp?size=card',
  },
];

describe('ReportsPanel', () => {
  it('lists open reports with the reported content as text, and resolved ones apart', async () => {
    stubFetch({ 'GET /api/admin/reports': { status: 200, body: { reports } } });
    renderAt(<ReportsPanel />, '/admin-reports');
    const table = await screen.findByRole('table', { name: 'Open reports, oldest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Message');
    expect(rows[0]).toHaveTextContent('“<b>not html</b>” on /p/sam-swims');
    expect(rows[0]).toHaveTextContent('Rude');
    expect(rows[1]).toHaveTextContent('Team “Bad Team” at /t/bad-team');
    expect(screen.getByRole('heading', { name: 'Resolved' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent(/Page “Sam swims” at \/p\/sam-swims — dismissed/);
  });

  it('links each report to what was reported, with a thumbnail of its photo', async () => {
    stubFetch({ 'GET /api/admin/reports': { status: 200, body: { reports } } });
    renderAt(<ReportsPanel />, '/admin-reports');
    const table = await screen.findByRole('table', { name: 'Open reports, oldest first' });
    const [message, team, page] = within(table).getAllByRole('row').slice(1);
    expect(within(message!).getByRole('link', { name: '/p/sam-swims' })).toHaveAttribute('href', '/p/sam-swims');
    expect(within(team!).getByRole('link', { name: '/t/bad-team' })).toHaveAttribute('href', '/t/bad-team');
    expect(within(page!).getByRole('link', { name: '/p/ana-rides' })).toHaveAttribute('href', '/p/ana-rides');
    expect(within(page!).getByRole('img', { name: 'The photo of /p/ana-rides' })).toHaveAttribute('src', '/api/pages/ana-rides/photo/0123456789abcdef.webp?size=card');
    expect(within(team!).queryByRole('img')).not.toBeInTheDocument();
  });

  it('hides only the photo of a reported page, with the reason the owner is mailed (required)', async () => {
    const calls = stubFetch({
      'GET /api/admin/reports': { status: 200, body: { reports } },
      'POST /api/admin/reports/4/resolve': { status: 200, body: { id: 4, resolution: 'hidden', resolved_report_ids: [4] } },
    });
    renderAt(<ReportsPanel />, '/admin-reports');
    await userEvent.click(await screen.findByRole('button', { name: 'Hide the page of report 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide what report 4 is about' });
    expect(within(dialog).getByRole('radio', { name: 'The whole page' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Only its photo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide and tell the owner' }));
    expect(await within(dialog).findByText('Reason: say why, for the owner (they are mailed it)')).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST '))).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Reason, mailed to the owner'), 'The photo shows someone else');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide and tell the owner' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/admin/reports/4/resolve')?.body).toEqual({ action: 'hide_photo', reason: 'The photo shows someone else' }));
  });

  it('hides or dismisses a report and reads the list again', async () => {
    const calls = stubFetch({
      'GET /api/admin/reports': [{ status: 200, body: { reports } }, { status: 200, body: { reports: reports.slice(1) } }],
      'POST /api/admin/reports/1/resolve': { status: 200, body: { id: 1, resolution: 'hidden', resolved_report_ids: [1] } },
      'POST /api/admin/reports/2/resolve': { status: 409, body: { code: 'moderation.already_resolved', message: 'Report 2 was already resolved (dismissed)' } },
    });
    renderAt(<ReportsPanel />, '/admin-reports');
    await userEvent.click(await screen.findByRole('button', { name: 'Hide the message of report 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide what report 1 is about' });
    expect(within(dialog).queryByRole('radio', { name: 'Only its photo' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason, mailed to the owner'), 'Abusive');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide and tell the owner' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/admin/reports/1/resolve')?.body).toEqual({ action: 'hide', reason: 'Abusive' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss report 2' }));
    expect(await screen.findByText(/already resolved/)).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'GET /api/admin/reports').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a reported update as text with a link to its page, hides it whole, and says when its owner deleted it', async () => {
    const updates: AdminReport[] = [
      { ...base, id: 5, subject: 'update', reason: 'Insulting', page: { slug: 'sam-swims', display_name: 'Sam swims', ...shown }, update: { id: 12, body: '<i>still text</i>', hidden: false }, url: '/p/sam-swims' },
      { ...base, id: 6, subject: 'update', reason: 'Spam', page: { slug: 'sam-swims', display_name: 'Sam swims', ...shown }, url: '/p/sam-swims' },
    ];
    const calls = stubFetch({
      'GET /api/admin/reports': { status: 200, body: { reports: updates } },
      'POST /api/admin/reports/5/resolve': { status: 200, body: { id: 5, resolution: 'hidden', resolved_report_ids: [5] } },
    });
    renderAt(<ReportsPanel />, '/admin-reports');
    const table = await screen.findByRole('table', { name: 'Open reports, oldest first' });
    const [update, deleted] = within(table).getAllByRole('row').slice(1);
    expect(update).toHaveTextContent('Update');
    expect(update).toHaveTextContent('Update “<i>still text</i>” on /p/sam-swims');
    expect(within(update!).getByRole('link', { name: '/p/sam-swims' })).toHaveAttribute('href', '/p/sam-swims');
    expect(deleted).toHaveTextContent('An update, since deleted by its owner, on /p/sam-swims');
    await userEvent.click(within(update!).getByRole('button', { name: 'Hide the update of report 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide what report 5 is about' });
    expect(within(dialog).getByRole('radio', { name: 'The update' })).toBeChecked();
    expect(within(dialog).queryByRole('radio', { name: 'Only its photo' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason, mailed to the owner'), 'Insults a person');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide and tell the owner' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/admin/reports/5/resolve')?.body).toEqual({ action: 'hide', reason: 'Insults a person' }));
  });

  it('says so when there is nothing open', async () => {
    stubFetch({ 'GET /api/admin/reports': { status: 200, body: { reports: [] } } });
    renderAt(<ReportsPanel />, '/admin-reports');
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
  });
});
