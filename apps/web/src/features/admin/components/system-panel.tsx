import type { SystemResponse } from '@uplift/core/schemas/system';
import type { HealthState } from '@uplift/core/system-health';
import type { ReactNode } from 'react';
import { useSystem } from '../api/get-system';
import { AdminError } from './admin-error';
import { reasonOf } from './describe-error';
import { TableBox } from './table-box';
import '../admin.css';

// The admin system page (docs/decisions/133): one row per part of the system, its state word
// (fine / look / act: the rules are core's system-health.ts) and what it is now. The word is
// written out, never shown by colour alone.

const dateTime = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null, none: string) => (iso ? <time dateTime={iso}>{dateTime.format(new Date(iso))}</time> : none);

/** 1536 → "1.5 KB": binary units, one decimal. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

const STATE_TEXT: Record<HealthState, string> = { fine: 'Fine', look: 'Look', act: 'Act' };

type Row = { key: string; what: string; state: HealthState; details: ReactNode };

function rowsOf(s: SystemResponse): Row[] {
  const run = s.billing.last_run;
  const backup = s.backup;
  return [
    {
      key: 'billing',
      what: 'Billing runs',
      state: s.billing.state,
      details: (
        <>
          {run ? (
            <>
              Last run {when(run.started_at, '')}: {run.outcome === 'running' ? 'still running' : run.outcome === 'ok' ? 'finished' : 'failed'}, {run.charged} charged,{' '}
              {run.failed} failed, {run.retried} retried.
            </>
          ) : (
            'No run recorded yet.'
          )}{' '}
          Next run: {when(s.billing.next_run_at, 'not scheduled by this instance')}. {s.billing.payments_due ? 'Payments are due now.' : 'No payment is due now.'}
        </>
      ),
    },
    {
      key: 'queue',
      what: 'Job queue',
      state: s.queue.state,
      details: s.queue.available ? (
        <>
          {s.queue.waiting} waiting, {s.queue.failed} failed in the last 24 hours.
          {s.queue.oldest_waiting_at ? <> The oldest has waited since {when(s.queue.oldest_waiting_at, '')}.</> : null}
        </>
      ) : (
        'The job queue has not started on this database.'
      ),
    },
    {
      key: 'mail',
      what: 'Mail (last 24 hours)',
      state: s.mail.state,
      details: (
        <>
          {s.mail.sent} sent, {s.mail.failed} failed, {s.mail.queued} queued.{s.mail.failing_since ? <> Failing since {when(s.mail.failing_since, '')}.</> : null}
        </>
      ),
    },
    {
      key: 'backup',
      what: 'Backups',
      state: backup.state,
      details: !backup.enabled ? (
        'The database is managed: its provider backs it up.'
      ) : backup.last ? (
        <>
          Last backup {when(backup.last.finished_at, '')}: {backup.last.outcome === 'ok' ? 'good' : 'failed'}
          {backup.last.size_bytes !== null ? `, ${formatBytes(backup.last.size_bytes)}` : ''}. Last good one: {when(backup.last_good_at, 'none yet')}.
        </>
      ) : (
        'No backup yet: the first daily backup has not run.'
      ),
    },
    {
      key: 'stripe',
      what: 'Stripe events',
      state: s.stripe_webhook.state,
      details:
        s.stripe_webhook.unprocessed === 0 ? (
          'Every event received has been processed.'
        ) : (
          <>
            {s.stripe_webhook.unprocessed} not processed yet, the oldest since {when(s.stripe_webhook.oldest_unprocessed_at, '')}.
          </>
        ),
    },
    { key: 'database', what: 'Database', state: s.database.state, details: `${formatBytes(s.database.size_bytes)} in all.` },
    { key: 'version', what: 'Version', state: s.version.state, details: `${s.version.version}, commit ${s.version.commit}.` },
  ];
}

export function SystemPanel() {
  const system = useSystem();
  if (system.isError) return <AdminError title={reasonOf(system.error)} />;
  if (system.isPending) return <p role="status">Loading the system’s state…</p>;
  const rows = rowsOf(system.data);
  const worst = rows.some((r) => r.state === 'act') ? 'act' : rows.some((r) => r.state === 'look') ? 'look' : 'fine';
  return (
    <>
      <p className="admin-muted">
        Checked {when(system.data.checked_at, '')}. Fine: nothing to do. Look: worth a look today. Act: something is wrong now; the admins are mailed about it.
      </p>
      <p role="status">{worst === 'fine' ? 'Everything is fine.' : worst === 'look' ? 'Something is worth a look.' : 'Something needs action now.'}</p>
      <TableBox label="The system’s parts">
        <table className="admin-table system-table">
          <caption className="visually-hidden">The system’s parts and their state</caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">State</th>
              <th scope="col">Now</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-state={row.state}>
                <th scope="row">{row.what}</th>
                <td>
                  <span className={`system-state system-state-${row.state}`}>{STATE_TEXT[row.state]}</span>
                </td>
                <td>{row.details}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </>
  );
}
