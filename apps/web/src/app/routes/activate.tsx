import { ActivateForm } from '../../features/auth/components/activate-form';
import { usePageTitle } from '../../lib/use-page-title';

export function Component() {
  usePageTitle('Activate your account');
  return (
    <section className="page narrow auth-page">
      <h1>Activate your account</h1>
      <ActivateForm />
    </section>
  );
}
