import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { PublicShareProps } from './share-types';

// The share panel of /p/{slug} and /t/{slug}: loaded once the page has started in the browser, so
// it is not in those pages' initial JavaScript (their 100 KB budget), nor is core's list of channels:
// the panel keeps the visit's own `?via=` for the tab, so a gift made from this visit records its
// channel (docs/decisions/164).

const Panel = lazy(() => import('./public-share-panel'));

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

export function LazySharePanel(props: PublicShareProps) {
  const started = useSyncExternalStore(noSubscription, inBrowser, onServer);
  return started ? (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  ) : null;
}
