import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import './account.css';

/**
 * Uses the token of the email-change link once, and says how it went. It waits until the page
 * knows whether this browser is signed in: the confirmation ends every other sign-in of the
 * account, and a signed-in browser sends its token so that it stays signed in (docs/decisions/123).
 */
export function EmailConfirm({ token }: { token: string }) {
  const confirm = useConfirmEmailChange();
  const session = useSession();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || session.status === 'unknown') return;
    sent.current = true;
    confirm.mutate(token);
  }, [confirm, token, session.status]);
  return (
    <div className="page account-page narrow">
      <h1>Confirm your new email address</h1>
      {(confirm.isPending || confirm.isIdle) && <p role="status">Confirming…</p>}
      {confirm.isSuccess && <Alert tone="success">Your email address has been changed. Use it the next time you log in.</Alert>}
      {confirm.isError && <Alert>{confirm.error.message}</Alert>}
      <p>
        <Link to={paths.account}>Go to my account</Link>
      </p>
    </div>
  );
}
