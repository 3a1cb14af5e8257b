import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useVerifyCode } from '../../features/auth/api/two-factor';
import { TwoFactorCodeForm } from '../../features/auth/components/two-factor-code-field';
import { RecoveryCodes, TwoFactorEnrol } from '../../features/auth/components/two-factor-enrol';
import { safeReturnPath } from '../../features/auth/return-path';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import '../../features/auth/auth.css';

/**
 * The second sign-in step (docs/decisions/077; a donor's who turned it on, 151): an admin sets up
 * the authenticator at the first sign-in, and types its code at every later one. The session says which; once it carries admin
 * rights the admin goes on to the page that sent them here.
 */
export function Component() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const verify = useVerifyCode();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [failure, setFailure] = useState<string>();
  // Where to go once past it: where the person was going, else an admin's page or a donor's summary.
  const isAdmin = session.status === 'authenticated' && session.isAdmin;
  const from = safeReturnPath((location.state as { from?: unknown } | null)?.from) ?? (isAdmin ? paths.admin : paths.summary);
  const enrolling = session.status === 'authenticated' && session.twoFactor === 'enrol';
  usePageTitle(enrolling || recoveryCodes ? 'Set up two-factor sign-in' : 'Enter your code');

  let body;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onContinue={() => navigate(from, { replace: true })} />;
  else if (session.status === 'unknown') body = <p role="status">Checking your session…</p>;
  else if (session.status === 'anonymous') return <Navigate to={paths.login} replace />;
  else if (session.twoFactor === 'enrol') body = <TwoFactorEnrol onEnrolled={setRecoveryCodes} />;
  else if (session.twoFactor === 'code') {
    body = (
      <>
        <p className="auth-intro">Open your authenticator app and enter the code it shows for Uplift.</p>
        <TwoFactorCodeForm
          label="Authentication code"
          hint="The 6-digit code from your app, or one of your recovery codes"
          action="Verify"
          busyAction="Verifying…"
          failure={failure}
          onFailure={setFailure}
          submit={(code) => verify.mutateAsync(code)}
        />
      </>
    );
  } else return <Navigate to={from} replace />;

  return (
    <section className="page narrow auth-page">
      <h1>{enrolling || recoveryCodes ? 'Set up two-factor sign-in' : 'Enter your code'}</h1>
      {body}
    </section>
  );
}
