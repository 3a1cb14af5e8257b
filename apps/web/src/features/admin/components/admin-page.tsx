import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';

/** The frame of an admin screen: a way back to the admin menu and the screen's heading. */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="page admin-page">
      <p>
        <Link to={paths.admin}>Admin</Link>
      </p>
      <h1>{title}</h1>
      {children}
    </section>
  );
}
