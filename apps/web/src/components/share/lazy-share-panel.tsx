import { afterStart } from '../../lib/after-start';
import type { PublicShareProps } from './share-types';

// The share panel of /p/{slug} and /t/{slug}: loaded once the page has started in the browser, so
// it is not in those pages' initial JavaScript (their 100 KB budget), nor is core's list of channels:
// the panel keeps the visit's own `?via=` for the tab, so a gift made from this visit records its
// channel (docs/decisions/164).
export const LazySharePanel = afterStart<PublicShareProps>(() => import('./public-share-panel'));
