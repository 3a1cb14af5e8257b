import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * The frame of an admin screen: its heading and content, in the admin layout beside the side
 * navigation (docs/decisions/158-admin-with-room.md), which is the way to the other screens.
 */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">{title}</h1>
      {children}
    </section>
  );
}
