import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * The frame of an admin screen: its heading and content, in the admin layout beside the side
 * navigation (docs/decisions/158-admin-with-room.md), which is the way to the other screens.
 */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    // A plain section, not a named region: the screen's tables are the regions, named by what they hold.
    <section className="admin-page">
      <h1>{title}</h1>
      {children}
    </section>
  );
}
