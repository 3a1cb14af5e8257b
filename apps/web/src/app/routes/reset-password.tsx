import { ResetForm } from '../../features/auth/components/reset-form';
import { usePageTitle } from '../../lib/use-page-title';

export function Component() {
  usePageTitle('Reset your password');
  return (
    <section className="page narrow auth-page">
      <h1>Reset your password</h1>
      <ResetForm />
    </section>
  );
}
