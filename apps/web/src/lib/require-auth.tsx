import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from './paths';
import { useSession } from './session';

/**
 * Shows its children only to a signed-in user (or admin). Everyone else is sent to /login,
 * as SPEC.md §4 says. The server checks roles again on every call; this is only the screen.
 */
export function RequireAuth({ admin = false, children }: { admin?: boolean; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'unknown') {
    return (
      <p className="page narrow" role="status">
        Checking your session…
      </p>
    );
  }
  if (session.status !== 'authenticated' || (admin && !session.isAdmin)) {
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
