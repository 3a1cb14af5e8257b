import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { paths } from '../../../lib/paths';
import { useConfirmUnsubscribe, useUnsubscribeInfo } from '../api/unsubscribe';

/** Why a link did not work, in words; the API's own message when it gave one. */
export const BROKEN_LINK = 'This unsubscribe link does not work: it may have been copied only in part.';

/**
 * /unsubscribe?token=… (product-rules §20): says what will stop, and stops it when the button is
 * pressed, without signing in. Opening the page changes nothing (a mail scanner may open links).
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useUnsubscribeInfo(token);
  const confirm = useConfirmUnsubscribe();
  const account = (
    <p>
      You can switch any optional email on or off on <Link to={paths.account}>your account page</Link> (after signing in). Receipts and payment emails always go.
    </p>
  );

  if (token === '' || info.isError) {
    return (
      <>
        <h2>This link does not work</h2>
        <Alert tone="info">{token === '' ? BROKEN_LINK : info.error!.message}</Alert>
        {account}
      </>
    );
  }
  if (info.isPending) return <p role="status">Checking your link…</p>;

  const done = confirm.data ?? (info.data.stopped ? info.data : undefined);
  if (done) {
    return (
      <>
        <h2>Stopped: {done.label}</h2>
        <Alert tone="success">Done. From now on we will not send you {done.stops}</Alert>
        {account}
      </>
    );
  }
  return (
    <>
      <h2>{info.data.label}</h2>
      <p>
        This will stop {info.data.stops}
      </p>
      <p>It takes effect at once.</p>
      {confirm.isError && <Alert>{confirm.error.message}</Alert>}
      <button type="button" className="button" disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
        Stop these emails
      </button>
      {account}
    </>
  );
}
