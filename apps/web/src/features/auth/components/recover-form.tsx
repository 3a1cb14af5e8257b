import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '@uplift/core/messages';
import { forgotSchema, type ForgotInput } from '@uplift/core/schemas/auth';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/alert';
import { TextField } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useForgotPassword } from '../api/forgot-password';
import '../auth.css';

/** product-rules §9: the pause before moving on after recover and reset. */
export const REDIRECT_DELAY_MS = 1500;

/** product-rules §2 "Recover password": an email; on success a message, then /reset-password after 1.5 s. */
export function RecoverForm() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotInput>({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.resetPassword), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
    } catch (err) {
      const tooMany = err instanceof ApiError && err.status === 429;
      setError('email', { message: tooMany ? err.message : MSG.invalidEmail }, { shouldFocus: true });
      return;
    }
    setDone(true);
  });

  if (done) return <Alert tone="success">{MSG.recoverSuccess}</Alert>;

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Recover your password">
      <p className="auth-intro">Enter the email you registered with and we will send you a token to reset your password.</p>
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Recover'}
        </button>
      </div>
      <ul className="form-links auth-links">
        <li>
          <Link to={paths.resetPassword}>I already have a reset token</Link>
        </li>
        <li>
          <Link to={paths.login}>Back to login</Link>
        </li>
      </ul>
    </form>
  );
}
