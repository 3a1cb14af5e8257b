import { Navigate } from 'react-router';
import { RecoverForm } from '../../features/auth/components/recover-form';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

export function Component() {
  usePageTitle('Recover your password');
  const session = useSession();
  // product-rules §2: a signed-in user has nothing to recover.
  if (session.status === 'authenticated') return <Navigate to={paths.home} replace />;
  return (
    <section className="page narrow auth-page">
      <h1>Recover your password</h1>
      <RecoverForm />
    </section>
  );
}
