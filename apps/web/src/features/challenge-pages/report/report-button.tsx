import { lazy, Suspense, useState } from 'react';
import { WHAT, type ReportButtonProps } from './report-subject';
import './report.css';

export type { ReportButtonProps } from './report-subject';

// The dialog (its form, the API call and core's limits) loads when someone opens it, so a page
// that shows the button pays a few bytes in its first load (docs/decisions/141-moderation.md).
const ReportDialog = lazy(() => import('./report-dialog'));

/** A small "Report" button that opens a dialog asking what is wrong, then thanks the reporter. */
export function ReportButton({ subject, slug, giftId }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="report-button" aria-label={`Report ${WHAT[subject]}`} onClick={() => setOpen(true)}>
        Report
      </button>
      {open && (
        <Suspense fallback={<span role="status">Opening…</span>}>
          <ReportDialog subject={subject} slug={slug} giftId={giftId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
