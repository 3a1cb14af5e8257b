import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReport } from '@uplift/core/schemas/moderation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../admin.test-support';
import { ReportsPanel } from './reports-panel';

afterEach(() => vi.unstubAllGlobals());

const base = { created_at: '2026-11-23T09:00:00.000Z', resolved_at: null, resolution: null, page: null, team: null, gift: null } as const;
const reports: AdminReport[] = [
  { ...base, id: 1, subject: 'message', reason: 'Rude', page: { slug: 'sam-swims', display_name: 'Sam swims', hidden: false }, gift: { id: 9, message: '<b>not html</b>', hidden: false } },
  { ...base, id: 2, subject: 'team', reason: 'Offensive name', team: { slug: 'bad-team', name: 'Bad Team', hidden: false } },
  { ...base, id: 3, subject: 'page', reason: 'Old', resolved_at: '2026-11-23T10:00:00.000Z', resolution: 'dismissed', page: { slug: 'sam-swims', display_name: 'Sam swims', hidden: false } },
];

describe('ReportsPanel', () => {
  it('lists open reports with the reported content as text, and resolved ones apart', async () => {
    stubFetch({ 'GET /api/admin/reports': { status: 200, body: { reports } } });
    renderAt(<ReportsPanel />, '/admin-reports');
    const table = await screen.findByRole('table', { name: 'Open reports, oldest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Message');
    expect(rows[0]).toHaveTextContent('“<b>not html</b>” on /p/sam-swims');
    expect(rows[0]).toHaveTextContent('Rude');
    expect(rows[1]).toHaveTextContent('Team “Bad Team” at /t/bad-team');
    expect(screen.getByRole('heading', { name: 'Resolved' })).toBeInTheDocument();
    expect(screen.getByText(/Page “Sam swims” at \/p\/sam-swims — dismissed/)).toBeInTheDocument();
  });

  it('hides or dismisses a report and reads the list again', async () => {
    const calls = stubFetch({
      'GET /api/admin/reports': [{ status: 200, body: { reports } }, { status: 200, body: { reports: reports.slice(1) } }],
      'POST /api/admin/reports/1/resolve': { status: 200, body: { id: 1, resolution: 'hidden', resolved_report_ids: [1] } },
      'POST /api/admin/reports/2/resolve': { status: 409, body: { code: 'moderation.already_resolved', message: 'Report 2 was already resolved (dismissed)' } },
    });
    renderAt(<ReportsPanel />, '/admin-reports');
    await userEvent.click(await screen.findByRole('button', { name: 'Hide the message of report 1' }));
    expect(calls.find((c) => c.key === 'POST /api/admin/reports/1/resolve')?.body).toEqual({ action: 'hide' });
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss report 2' }));
    expect(await screen.findByText(/already resolved/)).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'GET /api/admin/reports').length).toBeGreaterThanOrEqual(2);
  });

  it('says so when there is nothing open', async () => {
    stubFetch({ 'GET /api/admin/reports': { status: 200, body: { reports: [] } } });
    renderAt(<ReportsPanel />, '/admin-reports');
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
  });
});
