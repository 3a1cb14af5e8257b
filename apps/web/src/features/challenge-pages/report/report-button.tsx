import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { WHAT, type ReportButtonProps } from './report-subject';
import './report.css';

export type { ReportButtonProps } from './report-subject';

// The dialog (its form, the API call and core's limits) loads when someone opens it, so a page
// that shows the button pays a few bytes in its first load (docs/decisions/141-moderation.md).
const ReportDialog = lazy(() => import('./report-dialog'));

/** A small "Report" button that opens a dialog asking what is wrong, then thanks the reporter. */
export function ReportButton({ subject, slug, giftId, updateId }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {subject === 'page' && <UpdateReports />}
      <button type="button" className="report-button" aria-label={`Report ${WHAT[subject]}`} onClick={() => setOpen(true)}>
        Report
      </button>
      {open && (
        <Suspense fallback={<span role="status">Opening…</span>}>
          <ReportDialog subject={subject} slug={slug} giftId={giftId} updateId={updateId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The empty places /p's updates keep for their Report buttons (page-updates.tsx), each naming its update. */
const updateSlots = () => [...document.querySelectorAll<HTMLElement>('[data-update]')];
const sameSlots = (a: HTMLElement[], b: HTMLElement[]) => a.length === b.length && a.every((el, i) => el === b[i]);

/**
 * A Report button in each update of /p, mounted with the page's own (docs/decisions/173): the
 * updates list stays plain server-drawn markup, and this code comes in the report's lazily loaded
 * chunk, not in /p's first load (its 100 KB budget, docs/decisions/171). React leaves a slot's
 * inside alone (it draws nothing there), so a portal into it is safe; a list drawn again is read again.
 */
function UpdateReports() {
  const [slots, setSlots] = useState<HTMLElement[]>([]);
  useEffect(() => {
    const read = () => setSlots((was) => (sameSlots(was, updateSlots()) ? was : updateSlots()));
    read();
    const watch = new MutationObserver(read);
    watch.observe(document.body, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, []);
  return slots.map((slot) => createPortal(<ReportButton subject="update" updateId={Number(slot.dataset.update)} />, slot, slot.dataset.update));
}
