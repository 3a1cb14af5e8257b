import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorCodeSchema, type TwoFactorCodeInput } from '@uplift/core/schemas/two-factor';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { TextField } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';

/**
 * The one-field form both steps use: a code, checked by `submit`. A wrong code shows under the
 * field (in red, tied to it for screen readers); a limit or an outage above the form.
 */
export function TwoFactorCodeForm({
  label,
  hint,
  action,
  busyAction,
  submit,
  onFailure,
  failure,
}: {
  label: string;
  hint: ReactNode;
  action: string;
  busyAction: string;
  submit: (body: TwoFactorCodeInput) => Promise<unknown>;
  onFailure: (message: string | undefined) => void;
  failure: string | undefined;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TwoFactorCodeInput>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    onFailure(undefined);
    try {
      await submit(values);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError('code', { message: err.message }, { shouldFocus: true });
      else onFailure(err instanceof ApiError ? err.message : 'We could not reach Uplift. Please check your connection and try again.');
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Two-factor sign-in">
      {failure && <Alert>{failure}</Alert>}
      <TextField label={label} hint={hint} autoComplete="one-time-code" inputMode="text" spellCheck={false} error={errors.code?.message} {...register('code')} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? busyAction : action}
        </button>
      </div>
    </form>
  );
}
