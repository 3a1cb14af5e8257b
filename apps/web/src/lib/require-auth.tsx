import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from './paths';
import { useSession } from './session';

/**
 * Shows its children only to a signed-in user (or admin). Everyone else is sent to /login,
 * as product-rules §4 says; an admin short of the second factor goes to /two-factor from any
 * signed-in page, since the API refuses that session everywhere else (docs/decisions/123). The
 * server checks roles again on every call; this is only the screen.
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
  // An admin who gave only the password finishes signing in first, then comes back here.
  if (session.status === 'authenticated' && session.twoFactor) {
    return <Navigate to={paths.twoFactor} replace state={{ from: location.pathname + location.search }} />;
  }
  if (session.status !== 'authenticated' || (admin && !session.isAdmin)) {
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
