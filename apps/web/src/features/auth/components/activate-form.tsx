import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '@uplift/core/messages';
import { activateQuerySchema, type ActivateQuery } from '@uplift/core/schemas/auth';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { TextField } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useActivate } from '../api/activate';
import '../auth.css';

export const ACTIVATED_NOTICE = 'Your account is activated. Please log in.';

/** product-rules §2 "Activate": a masked token field (prefilled from the mailed link's ?token=). */
export function ActivateForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const activate = useActivate();
  const registeredEmail = (location.state as { email?: string } | null)?.email;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ActivateQuery>({
    resolver: zodResolver(activateQuerySchema),
    defaultValues: { activation_token: params.get('token') ?? '' },
  });

  const onSubmit = handleSubmit(async ({ activation_token }) => {
    try {
      await activate.mutateAsync(activation_token);
    } catch (err) {
      const tooMany = err instanceof ApiError && err.status === 429;
      setError('activation_token', { message: tooMany ? err.message : MSG.invalidToken }, { shouldFocus: true });
      return;
    }
    navigate(paths.login, { state: { notice: ACTIVATED_NOTICE } });
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Activate your account">
      {registeredEmail && (
        <Alert tone="success">Thank you for registering. We have sent your activation token to {registeredEmail}.</Alert>
      )}
      <TextField
        label="Activation token"
        type="password"
        autoComplete="one-time-code"
        spellCheck={false}
        hint="Check your email: we sent your activation token when you registered. The link in that email fills this in for you."
        error={errors.activation_token?.message}
        {...register('activation_token')}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Activating…' : 'Activate'}
        </button>
      </div>
    </form>
  );
}
