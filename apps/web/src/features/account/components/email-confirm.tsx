import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { paths } from '../../../lib/paths';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import './account.css';

/** Uses the token of the email-change link once, and says how it went. */
export function EmailConfirm({ token }: { token: string }) {
  const confirm = useConfirmEmailChange();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [confirm, token]);
  return (
    <div className="page account-page narrow">
      <h1>Confirm your new email address</h1>
      {confirm.isPending && <p role="status">Confirming…</p>}
      {confirm.isSuccess && <Alert tone="success">Your email address has been changed. Use it the next time you log in.</Alert>}
      {confirm.isError && <Alert>{confirm.error.message}</Alert>}
      <p>
        <Link to={paths.account}>Go to my account</Link>
      </p>
    </div>
  );
}
