import { screen, within } from '@testing-library/react';
import type { SystemResponse } from '@uplift/core/schemas/system';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../admin.test-support';
import { formatBytes, SystemPanel } from './system-panel';

afterEach(() => vi.unstubAllGlobals());

const system: SystemResponse = {
  checked_at: '2026-11-23T09:00:00.000Z',
  billing: {
    state: 'act',
    last_run: { started_at: '2026-11-23T06:00:00.000Z', finished_at: '2026-11-23T06:01:00.000Z', outcome: 'failed', charged: 40, failed: 12, retried: 3 },
    next_run_at: '2026-11-23T09:00:00.000Z',
    payments_due: true,
  },
  queue: { state: 'fine', available: true, waiting: 2, failed: 0, oldest_waiting_at: '2026-11-23T08:59:00.000Z' },
  mail: { state: 'look', sent: 120, failed: 1, queued: 3, failing_since: null },
  backup: { state: 'fine', enabled: true, last: { finished_at: '2026-11-23T02:05:00.000Z', outcome: 'ok', size_bytes: 52_428_800 }, last_good_at: '2026-11-23T02:05:00.000Z' },
  stripe_webhook: { state: 'fine', unprocessed: 0, oldest_unprocessed_at: null },
  database: { state: 'fine', size_bytes: 1_610_612_736 },
  version: { state: 'fine', version: '0.1.0', commit: 'f7077bb' },
};

describe('SystemPanel', () => {
  it('shows one row per part with its state word and what it is now', async () => {
    stubFetch({ 'GET /api/admin/system': { status: 200, body: system } });
    renderAt(<SystemPanel />, '/admin-system');
    const table = await screen.findByRole('table', { name: 'The system’s parts and their state' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Billing runs',
      'Job queue',
      'Mail (last 24 hours)',
      'Backups',
      'Stripe events',
      'Database',
      'Version',
    ]);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Act', 'Fine', 'Look', 'Fine', 'Fine', 'Fine', 'Fine']);
    expect(rows[0]).toHaveTextContent('failed, 40 charged, 12 failed, 3 retried');
    expect(rows[0]).toHaveTextContent('Payments are due now.');
    expect(rows[1]).toHaveTextContent('2 waiting, 0 failed in the last 24 hours');
    expect(rows[2]).toHaveTextContent('120 sent, 1 failed, 3 queued.');
    expect(rows[3]).toHaveTextContent('good, 50.0 MB');
    expect(rows[5]).toHaveTextContent('1.5 GB in all.');
    expect(rows[6]).toHaveTextContent('0.1.0, commit f7077bb.');
    expect(screen.getByText('Something needs action now.')).toBeInTheDocument();
  });

  it('says when backups are the provider’s and the queue has not started', async () => {
    stubFetch({
      'GET /api/admin/system': {
        status: 200,
        body: {
          ...system,
          billing: { ...system.billing, state: 'fine', last_run: null, next_run_at: null, payments_due: false },
          mail: { ...system.mail, state: 'fine' },
          queue: { state: 'look', available: false, waiting: 0, failed: 0, oldest_waiting_at: null },
          backup: { state: 'fine', enabled: false, last: null, last_good_at: null },
        },
      },
    });
    renderAt(<SystemPanel />, '/admin-system');
    expect(await screen.findByText('The database is managed: its provider backs it up.')).toBeInTheDocument();
    expect(screen.getByText('The job queue has not started on this database.')).toBeInTheDocument();
    expect(screen.getByText(/No run recorded yet\./)).toBeInTheDocument();
    expect(screen.getByText('Something is worth a look.')).toBeInTheDocument();
  });

  it('shows the reason when the page cannot be read', async () => {
    stubFetch({ 'GET /api/admin/system': { status: 403, body: { message: 'Admins only', code: 'auth.forbidden' } } });
    renderAt(<SystemPanel />, '/admin-system');
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
  });

  it('writes sizes in binary units', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });
});
