import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../admin.test-support';
import { AdminAuditPanel } from './admin-audit-panel';

afterEach(() => vi.unstubAllGlobals());

describe('AdminAuditPanel', () => {
  it('lists admin actions with who, what, when and the change', async () => {
    stubFetch({
      'GET /api/admin/audit': {
        status: 200,
        body: {
          entries: [
            {
              id: 2,
              created_at: '2026-11-23T09:00:00.000Z',
              admin_user_id: 1,
              admin_email: 'ada@uplift.test',
              action: 'campaign.edit',
              target: 'campaign 7',
              before: { campaign_name: 'Old name' },
              after: { campaign_name: 'New name' },
            },
            { id: 1, created_at: '2026-11-22T09:00:00.000Z', admin_user_id: null, admin_email: null, action: 'donors.export', target: 'charity 1, campaign 7', before: null, after: { rows: 3 } },
          ],
        },
      },
    });
    renderAt(<AdminAuditPanel />, '/admin');
    const table = await screen.findByRole('region', { name: 'Admin actions' });
    expect(table).toHaveTextContent('ada@uplift.test');
    expect(table).toHaveTextContent('Edited a campaign');
    expect(table).toHaveTextContent('campaign 7');
    expect(table).toHaveTextContent('A deleted admin');
    expect(table).toHaveTextContent('Exported donors');
    await userEvent.setup().click(screen.getAllByText('Before')[0]!);
    expect(table).toHaveTextContent('"campaign_name": "Old name"');
  });

  it('gives the Before and After toggles the class that makes them 24 px targets (WCAG 2.5.8)', async () => {
    stubFetch({
      'GET /api/admin/audit': {
        status: 200,
        body: { entries: [{ id: 3, created_at: '2026-11-23T09:00:00.000Z', admin_user_id: 1, admin_email: 'ada@uplift.test', action: 'campaign.edit', target: 'campaign 7', before: { a: 1 }, after: { a: 2 } }] },
      },
    });
    renderAt(<AdminAuditPanel />, '/admin');
    const table = await screen.findByRole('region', { name: 'Admin actions' });
    const toggles = [...table.querySelectorAll('summary')];
    expect(toggles.map((t) => t.textContent)).toEqual(['Before', 'After']);
    for (const toggle of toggles) expect(toggle).toHaveClass('admin-toggle');
  });

  it('says when there is nothing yet', async () => {
    stubFetch({ 'GET /api/admin/audit': { status: 200, body: { entries: [] } } });
    renderAt(<AdminAuditPanel />, '/admin');
    expect(await screen.findByText('No admin actions yet.')).toBeInTheDocument();
  });
});
