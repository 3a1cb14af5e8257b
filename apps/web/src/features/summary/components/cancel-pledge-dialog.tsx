import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@uplift/core/messages';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/alert';
import { Dialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api-client';
import { logOut } from '../../../lib/log-out';
import { paths } from '../../../lib/paths';
import { clearAfterSignOut } from '../../../lib/queries/invalidate';
import { clearSession } from '../../../lib/session';
import { useCancelPledge } from '../api/cancel-pledge';

export const CANCELLED_NOTICE = 'Your pledge has been cancelled and no more payments will be taken. We have emailed you a confirmation.';

/**
 * product-rules §2: 'Cancel future pledge payments' and its modal. Confirming cancels, signs out and goes
 * to /login (docs/decisions/041-cancel-signs-out.md); 'Go back' (or Escape) closes the modal.
 */
export function CancelPledge(props: { firstName: string; remaining: number; remainingTotal: string; charity: string }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const cancel = useCancelPledge();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const n = props.remaining;
  const signOutOnLeave = useRef(false);

  // The session is cleared once this page has gone: cleared earlier, the page's own guard would
  // send the donor to /login a second time and the notice would be lost.
  useEffect(
    () => () => {
      if (!signOutOnLeave.current) return;
      clearSession();
      clearAfterSignOut(queryClient);
    },
    [queryClient],
  );

  async function confirm() {
    setFailure(undefined);
    try {
      await cancel.mutateAsync();
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'We could not reach Uplift. Please check your connection and try again.');
      return;
    }
    await logOut();
    signOutOnLeave.current = true;
    await navigate(paths.login, { replace: true, state: { notice: CANCELLED_NOTICE } });
  }

  return (
    <div className="summary-cancel">
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {MSG.cancelPledgeLink}
      </button>
      <Dialog open={open} title={MSG.cancelPledgeTitle(props.firstName)} tone="danger" onClose={() => setOpen(false)}>
        <p>
          {n === 0
            ? 'You have no remaining payments to cancel.'
            : `This will cancel your ${n} remaining ${n === 1 ? 'payment' : 'payments'} (${props.remainingTotal} in all).`}{' '}
          Payments already made stay with {props.charity}.
        </p>
        <p>
          <strong>{MSG.cancelPledgeQuestion}</strong>
        </p>
        {failure && <Alert>{failure}</Alert>}
        <div className="dialog-actions">
          <button type="button" className="link-button link-danger" onClick={() => void confirm()} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : MSG.cancelPledgeConfirm}
          </button>
          {/* The safe choice has focus when the modal opens (the native dialog honours the attribute). */}
          <button type="button" className="button" onClick={() => setOpen(false)} ref={(el) => el?.setAttribute('autofocus', '')}>
            {MSG.cancelPledgeBack}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
