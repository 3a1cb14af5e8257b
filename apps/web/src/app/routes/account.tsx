import { useSearchParams } from 'react-router';
import { AccountPage } from '../../features/account/components/account-page';
import { EmailConfirm } from '../../features/account/components/email-confirm';
import { RequireAuth } from '../../lib/require-auth';
import { usePageTitle } from '../../lib/use-page-title';

export function Component() {
  usePageTitle('My account');
  const [params] = useSearchParams();
  // The email-change link (?email_token=…) works whether or not this browser is signed in.
  const emailToken = params.get('email_token');
  if (emailToken) return <EmailConfirm token={emailToken} />;
  return (
    <RequireAuth>
      <AccountPage />
    </RequireAuth>
  );
}
