import { afterStart } from '../../lib/after-start';
import type { PublicShareProps } from './share-types';

// The share panel of /p/{slug} and /t/{slug}: loaded once the page has started in the browser, so
// it is not in those pages' initial JavaScript (their 100 KB budget), nor is core's list of channels:
// the panel keeps the visit's own `?via=` for the tab, so a gift made from this visit records its
// channel (docs/decisions/164).
const Panel = afterStart<PublicShareProps>(() => import('./public-share-panel'));

/**
 * The panel in a slot the server already draws at the panel's height (.share-slot, in the pages'
 * own CSS), so its arrival moves nothing below it (docs/decisions/171).
 */
export function LazySharePanel(props: PublicShareProps) {
  return (
    <div className="share-slot">
      <Panel {...props} />
    </div>
  );
}
