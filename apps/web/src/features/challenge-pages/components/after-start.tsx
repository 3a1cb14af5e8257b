import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ReportButtonProps } from '../report/report-subject';

// What a page shows only once it has started in the browser: the server and the hydrating render
// leave it out, so its code is not in /p/{slug}'s or /t/{slug}'s initial JavaScript (their 100 KB
// budget, docs/decisions/165).

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** False on the server and while hydrating (React uses the server's answer), true once started. */
export const useStarted = () => useSyncExternalStore(noSubscription, inBrowser, onServer);

/** The loaders of what comes after the start (a module of its own, see later.ts). */
export const later = () => import('./later');

const ReportButtonLazy = lazy(() =>
  later()
    .then((m) => m.loadReportButton())
    .then((m) => ({ default: m.ReportButton })),
);

/** A "Report" button, once the page has started: reporting is not part of the first paint. */
export function ReportAfterStart(props: ReportButtonProps) {
  return useStarted() ? (
    <Suspense fallback={null}>
      <ReportButtonLazy {...props} />
    </Suspense>
  ) : null;
}
