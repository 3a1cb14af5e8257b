import { LoginForm } from '../../features/auth/components/login-form';
import { usePageTitle } from '../../lib/use-page-title';

export function Component() {
  usePageTitle('Log in');
  return (
    <section className="page narrow auth-page">
      <h1>Log in</h1>
      <LoginForm />
    </section>
  );
}
