import { afterStart } from '../../../lib/after-start';
import type { ReportButtonProps } from '../report/report-subject';
import './sticky-give.css';

// What /p/{slug} and /t/{slug} show only once they have started in the browser (lib/after-start):
// not in their initial JavaScript (their 100 KB budget, docs/decisions/165).

export { useStarted } from '../../../lib/after-start';

/** The loaders of what comes after the start (a module of its own, see later.ts). */
export const later = () => import('./later');

/** A "Report" button, once the page has started: reporting is not part of the first paint. */
export const ReportAfterStart = afterStart<ReportButtonProps>(() =>
  later()
    .then((m) => m.loadReportButton())
    .then((m) => ({ default: m.ReportButton })),
);

type StickyGiveProps = { targetId: string; label: string };

/** The Give button as the server draws it: a link to the gift section (sticky-give.tsx takes over once started). */
const GiveLink = ({ targetId, label }: StickyGiveProps) => (
  <div className="cp-sticky-give">
    <a className="button cp-sticky-give-button" href={`#${targetId}`}>
      {label}
    </a>
  </div>
);

/** The sticky Give button of /p/{slug} and /t/{slug} (docs/decisions/165): its link in the first paint, its behaviour once started. */
export const StickyGive = afterStart<StickyGiveProps>(() => import('./sticky-give'), GiveLink);
