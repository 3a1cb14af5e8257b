import { Navigate } from 'react-router';
import { paths } from '../../lib/paths';
import { hasSavedAuthFlag, useSession } from '../../lib/session';

/**
 * product-rules §12: View my Pledge shows the signed-in user's pledge, i.e. /summary, or
 * /login when logged out (product-rules §2's root redirect, by the saved flag, applied here).
 */
export function Component() {
  const session = useSession();
  const signedIn = session.status === 'authenticated' || hasSavedAuthFlag();
  return <Navigate to={signedIn ? paths.summary : paths.login} replace />;
}
