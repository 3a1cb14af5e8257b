import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '@uplift/core/messages';
import { activateQuerySchema, type ActivateQuery } from '@uplift/core/schemas/auth';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { TextField } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useActivate } from '../api/activate';
import { registeredEmail } from '../registered-email';
import '../auth.css';

export const ACTIVATED_NOTICE = 'Your account is activated. Please log in.';

/**
 * product-rules §2 "Activate": a masked token field and an Activate button. The mailed link's
 * ?token= activates at once, on opening, without a click (docs/decisions/124); the field stays
 * for a typed token, and shows the token again if the link's one is refused.
 */
export function ActivateForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const activate = useActivate();
  const justRegistered = (location.state as { email?: string } | null)?.email;
  const linkToken = params.get('token') ?? '';
  const [activatingFromLink, setActivatingFromLink] = useState(linkToken !== '');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ActivateQuery>({
    resolver: zodResolver(activateQuerySchema),
    defaultValues: { activation_token: linkToken },
  });

  async function activateWith(token: string): Promise<boolean> {
    try {
      await activate.mutateAsync(token);
    } catch (err) {
      const tooMany = err instanceof ApiError && err.status === 429;
      setError('activation_token', { message: tooMany ? err.message : MSG.invalidToken }, { shouldFocus: true });
      return false;
    }
    // The login that follows has the email filled in, when this browser registered it.
    navigate(paths.login, { state: { notice: ACTIVATED_NOTICE, email: justRegistered ?? registeredEmail() } });
    return true;
  }

  // The mailed link: activate once on opening. The ref keeps React's development double effect
  // (and any re-render) from spending the single-use token twice.
  const linkTried = useRef(false);
  useEffect(() => {
    if (linkTried.current || linkToken === '') return;
    linkTried.current = true;
    void activateWith(linkToken).then((done) => {
      if (!done) setActivatingFromLink(false);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the link's token
  }, [linkToken]);

  const onSubmit = handleSubmit(async ({ activation_token }) => {
    await activateWith(activation_token);
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Activate your account">
      {justRegistered && (
        <Alert tone="success">Thank you for registering. We have sent your activation token to {justRegistered}.</Alert>
      )}
      {activatingFromLink && <p role="status">Activating your account…</p>}
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
        <button type="submit" className="button" disabled={isSubmitting || activatingFromLink}>
          {isSubmitting ? 'Activating…' : 'Activate'}
        </button>
      </div>
    </form>
  );
}
