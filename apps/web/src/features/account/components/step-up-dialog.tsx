import { zodResolver } from '@hookform/resolvers/zod';
import { STEP_UP_REQUIRED_CODE } from '@uplift/core/schemas/auth';
import { stepUpPasswordFormSchema } from '@uplift/core/schemas/account';
import { useCallback, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import { useStepUp } from '../api/step-up';

/** What a change the person stopped at the password dialog answers: said plainly, not as an error code. */
export class StepUpCancelled extends Error {
  constructor() {
    super('Nothing was changed: your password was not confirmed.');
    this.name = 'StepUpCancelled';
  }
}

const isStepUpRequired = (err: unknown) => err instanceof ApiError && err.code === STEP_UP_REQUIRED_CODE;

type Waiting = { resolve: () => void; reject: (err: unknown) => void };

/**
 * Runs a change to how the account signs in (adding or removing a passkey): when the server asks
 * for the password again (403 `auth.step_up_required`, docs/decisions/151), a dialog asks for it,
 * the server records it, and the change is tried once more. Render `dialog` in the section.
 */
export function useStepUpGuard(): { guard: <T>(change: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  // The change waiting for the password: the dialog is open while there is one.
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const stepUp = useStepUp();
  const { register, handleSubmit, formState, setError, reset } = useForm<{ password: string }>({ resolver: zodResolver(stepUpPasswordFormSchema), defaultValues: { password: '' } });

  const askPassword = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        reset({ password: '' });
        setWaiting({ resolve, reject });
      }),
    [reset],
  );

  const guard = useCallback(
    async <T,>(change: () => Promise<T>): Promise<T> => {
      try {
        return await change();
      } catch (err) {
        if (!isStepUpRequired(err)) throw err;
      }
      await askPassword();
      return change();
    },
    [askPassword],
  );

  const close = () => {
    waiting?.reject(new StepUpCancelled());
    setWaiting(null);
  };

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await stepUp.mutateAsync({ password });
    } catch (err) {
      setError('password', { message: err instanceof Error ? err.message : 'Something went wrong. Please try again.' }, { shouldFocus: true });
      return;
    }
    waiting?.resolve();
    setWaiting(null);
  });

  const dialog = (
    <Dialog open={waiting !== null} title="Confirm it is you" onClose={close}>
      <p>To change how you sign in, please enter your password again.</p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Confirm it is you" className="account-form">
        <TextField label="Your password" type="password" autoComplete="current-password" error={formState.errors.password?.message} {...register('password')} />
        <div className="step-up-actions">
          <button type="submit" className="button" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Checking…' : 'Confirm'}
          </button>
          <button type="button" className="button secondary" onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
  return { guard, dialog };
}
