import type { AdminReport } from '@uplift/core/schemas/moderation';
import { useState } from 'react';
import { useReports, useResolveReport } from '../api/reports';
import { AdminError } from './admin-error';
import { reasonOf } from './describe-error';
import { ReportHideDialog } from './report-hide-dialog';
import '../admin.css';

const dateTime = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'short' });

const SUBJECT: Record<AdminReport['subject'], string> = { page: 'Page', team: 'Team', message: 'Message', update: 'Update' };

/** What of a page or team an admin hid, as words: " (hidden)", " (photo hidden)", " (photo and story hidden)". */
const hiddenNote = (o: { hidden: boolean; photo_hidden: boolean; story_hidden: boolean }) => {
  if (o.hidden) return ' (hidden)';
  const parts = [o.photo_hidden && 'photo', o.story_hidden && 'story'].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(' and ')} hidden)` : '';
};

/** The reported address as a link to it (it opens the public page; a hidden one answers "not found" to everyone but its owner). */
const At = ({ url }: { url: string }) => <a href={url}>{url}</a>;

/**
 * What was reported, as plain text (never rendered as HTML), with a link to it and a thumbnail of
 * its photo while the public sees it (docs/decisions/159): the page or team and its address, or
 * the message or update and its page (docs/decisions/173).
 */
function Reported({ report }: { report: AdminReport }) {
  const thumb = report.thumbnail_url && (
    <>
      <img className="admin-report-thumb" src={report.thumbnail_url} alt={`The photo of ${report.url ?? 'what was reported'}`} width={96} />
      <br />
    </>
  );
  if (report.subject === 'team' && report.team) {
    return (
      <>
        {thumb}
        Team “{report.team.name}” at <At url={report.url ?? `/t/${report.team.slug}`} />
        {hiddenNote(report.team)}
      </>
    );
  }
  if (report.subject === 'message' && report.gift) {
    return (
      <>
        “{report.gift.message}”{report.gift.hidden ? ' (hidden)' : ''}
        {report.page ? (
          <>
            {' '}
            on <At url={report.url ?? `/p/${report.page.slug}`} />
          </>
        ) : (
          ''
        )}
      </>
    );
  }
  if (report.subject === 'update' && report.page) {
    const on = (
      <>
        {' '}
        on <At url={report.url ?? `/p/${report.page.slug}`} />
      </>
    );
    if (!report.update) return <>An update, since deleted by its owner,{on}</>;
    return (
      <>
        Update “{report.update.body}”{report.update.hidden ? ' (hidden)' : ''}
        {on}
      </>
    );
  }
  if (report.page) {
    return (
      <>
        {thumb}
        Page “{report.page.display_name}” at <At url={report.url ?? `/p/${report.page.slug}`} />
        {hiddenNote(report.page)}
      </>
    );
  }
  return <>(no longer there)</>;
}

/** /admin-reports (docs/decisions/141-moderation.md): open reports with Hide / Dismiss; resolved ones below. */
export function ReportsPanel() {
  const reports = useReports();
  const resolve = useResolveReport();
  const [hiding, setHiding] = useState<AdminReport | null>(null);
  if (reports.isPending) return <p role="status">Loading reports…</p>;
  if (reports.isError) return <AdminError title="Could not load the reports" reason={reasonOf(reports.error)} />;
  const open = reports.data.filter((r) => r.resolved_at === null);
  const resolved = reports.data.filter((r) => r.resolved_at !== null);
  return (
    <>
      {resolve.isError && <AdminError title="Could not resolve the report" reason={reasonOf(resolve.error)} />}
      <h2>Open reports</h2>
      {open.length === 0 ? (
        <p className="admin-muted">No open reports.</p>
      ) : (
        <div className="admin-table-scroll" role="region" aria-label="Open reports" tabIndex={0}>
          <table className="admin-table">
            <caption className="visually-hidden">Open reports, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Reported</th>
                <th scope="col">What</th>
                <th scope="col">Content</th>
                <th scope="col">Reason</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {open.map((r) => (
                <tr key={r.id}>
                  <td>{dateTime.format(new Date(r.created_at))}</td>
                  <td>{SUBJECT[r.subject]}</td>
                  <td className="admin-wrap">
                    <Reported report={r} />
                  </td>
                  <td className="admin-wrap">{r.reason}</td>
                  <td>
                    <button
                      type="button"
                      className="button admin-danger"
                      disabled={resolve.isPending}
                      aria-label={`Hide the ${r.subject} of report ${r.id}`}
                      onClick={() => setHiding(r)}
                    >
                      Hide…
                    </button>{' '}
                    <button
                      type="button"
                      className="button secondary"
                      disabled={resolve.isPending}
                      aria-label={`Dismiss report ${r.id}`}
                      onClick={() => resolve.mutate({ id: r.id, action: 'dismiss' })}
                    >
                      Dismiss
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {resolved.length > 0 && (
        <>
          <h2>Resolved</h2>
          <ul className="admin-resolved-reports">
            {resolved.map((r) => (
              <li key={r.id}>
                {SUBJECT[r.subject]}: <Reported report={r} /> — {r.resolution === 'hidden' ? 'hidden' : 'dismissed'} {dateTime.format(new Date(r.resolved_at!))}
              </li>
            ))}
          </ul>
        </>
      )}
      <ReportHideDialog
        report={hiding}
        pending={resolve.isPending}
        onClose={() => setHiding(null)}
        onHide={(change) => hiding && resolve.mutate({ id: hiding.id, ...change }, { onSettled: () => setHiding(null) })}
      />
    </>
  );
}
