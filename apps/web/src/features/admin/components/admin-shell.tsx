import { Suspense, type ReactNode } from 'react';
import { AdminNav } from './admin-nav';
import '../admin.css';

/**
 * The admin's own layout (docs/decisions/158-admin-with-room.md): the side navigation beside the
 * screen, across the whole width. The screen loads inside it, so the navigation stays put.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  return (
    <div className="admin-shell">
      <AdminNav />
      <div className="admin-main">
        <Suspense
          fallback={
            <p className="admin-page" role="status">
              Loading…
            </p>
          }
        >
          {children}
        </Suspense>
      </div>
    </div>
  );
}
