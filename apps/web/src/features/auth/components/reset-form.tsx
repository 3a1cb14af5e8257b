import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '@uplift/core/messages';
import { resetFormSchema, type ResetForm as ResetFormValues } from '@uplift/core/schemas/auth';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { TextField } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { clearSession } from '../../../lib/session';
import { useResetPassword } from '../api/reset-password';
import { REDIRECT_DELAY_MS } from './recover-form';
import '../auth.css';

/** product-rules §2 "Reset password": token (prefilled from ?token=), new password and confirmation. */
export function ResetForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetFormValues>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { reset_token: params.get('token') ?? '', new_password: '', confirm_password: '' },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit(async ({ reset_token, new_password }) => {
    try {
      await reset.mutateAsync({ reset_token, new_password });
    } catch (err) {
      // A password the server refuses (one of the most common) is shown at its field.
      const field = err instanceof ApiError && err.code === 'validation' ? (err.body as { errors?: { path: string }[] } | undefined)?.errors?.[0] : undefined;
      if (field?.path === 'new_password') {
        setError('new_password', { message: err instanceof ApiError ? err.message : '' }, { shouldFocus: true });
        return;
      }
      const tooMany = err instanceof ApiError && err.status === 429;
      setError('reset_token', { message: tooMany ? err.message : MSG.invalidToken }, { shouldFocus: true });
      return;
    }
    // The reset ended every session of the account, this browser's included.
    clearSession();
    setDone(true);
  });

  if (done) return <Alert tone="success">{MSG.resetSuccess}</Alert>;

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Reset your password">
      <TextField
        label="Reset token"
        autoComplete="one-time-code"
        spellCheck={false}
        hint="Check your email for the token we sent you. It works once, for one hour."
        error={errors.reset_token?.message}
        {...register('reset_token')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. A long passphrase is welcome."
        error={errors.new_password?.message}
        {...register('new_password')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm_password?.message}
        {...register('confirm_password')}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Reset password'}
        </button>
      </div>
    </form>
  );
}
