import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MSG } from '@uplift/core/messages';
import { loginSchema, type LoginInput } from '@uplift/core/schemas/auth';
import type { PledgeStatus } from '@uplift/core/statuses';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/alert';
import { TextField } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { closestPledgeQuery, pledgeStatusOf } from '../../../lib/queries/closest-pledge';
import { useLogin } from '../api/login';
import { usePasskeySignIn } from '../api/passkey-sign-in';
import { forgetRegisteredEmail } from '../registered-email';
import { ContinueOffer } from './continue-offer';
import { pathAfterLogin, safeReturnPath } from '../return-path';
import '../auth.css';

/**
 * product-rules §2 "Login": email and password; 'Login details incorrect' for any failed attempt. After
 * login the pledge status decides where to go (Confirmed → /summary, Pending → step 4,
 * otherwise /challenge), unless a protected page sent the user here. Above it, for the browser
 * that just registered and activated, "Continue as {first name}" (docs/decisions/168).
 */
export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const loginCall = useLogin();
  const passkeyCall = usePasskeySignIn();
  const [failure, setFailure] = useState<ReactNode>();
  const arrival = location.state as { notice?: string; email?: string } | null;
  const notice = arrival?.notice;
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: arrival?.email ?? '', password: '' } });

  // Arriving with the email filled in (after activation), the password is all that is left to type.
  const prefilled = Boolean(arrival?.email);
  useEffect(() => {
    if (prefilled) setFocus('password');
  }, [prefilled, setFocus]);

  /** After either sign-in: the second factor if the password left one, else where the user was going. */
  const goOn = async (secondStep: string | undefined) => {
    forgetRegisteredEmail();
    const from = safeReturnPath((location.state as { from?: unknown } | null)?.from);
    // An admin's password (or a donor's who turned it on: docs/decisions/151) is only the first step:
    // the second factor comes next, then where they were going (an admin: the admin page).
    if (secondStep) navigate(paths.twoFactor, { replace: true, state: { from } });
    else navigate(from ?? pathAfterLogin(await closestPledgeStatus(queryClient)), { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    let secondStep: string | undefined;
    try {
      secondStep = (await loginCall.mutateAsync(values)).two_factor; // starts the session (see useLogin)
    } catch (err) {
      setFailure(describeLoginFailure(err));
      return;
    }
    await goOn(secondStep);
  });

  // A passkey is a whole sign-in (docs/decisions/131); an admin is still asked for the code unless the
  // passkey was added past a TOTP code and codes are not locked out (docs/decisions/151).
  const onPasskey = async () => {
    setFailure(undefined);
    let secondStep: string | undefined;
    try {
      secondStep = (await passkeyCall.mutateAsync()).two_factor;
    } catch (err) {
      setFailure(describePasskeyFailure(err));
      return;
    }
    await goOn(secondStep);
  };

  return (
    <>
      <ContinueOffer onSignedIn={goOn} />
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Log in">
        {notice && !failure && <Alert tone="success">{notice}</Alert>}
        {failure && <Alert>{failure}</Alert>}
        <TextField label="Email" type="email" autoComplete="username" inputMode="email" error={errors.email?.message} {...register('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? 'Logging in…' : 'Login'}
          </button>
          <button type="button" className="button secondary" onClick={() => navigate(paths.challenge)}>
            Register
          </button>
        </div>
        <div className="form-actions">
          <button type="button" className="button secondary" disabled={passkeyCall.isPending} onClick={() => void onPasskey()}>
            {passkeyCall.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
          </button>
        </div>
        <ul className="form-links auth-links">
          <li>
            <Link to={paths.activate}>Activate your account</Link>
          </li>
          <li>
            <Link to={paths.passwordRecovery}>Forgot your password?</Link>
          </li>
        </ul>
      </form>
    </>
  );
}

/**
 * The pledge status that decides where login goes, read through the shared closest-pledge query
 * (so the wizard or summary that opens next finds it cached). Any failure counts as Cancelled
 * (product-rules §4), at once: routing does not wait for retries.
 */
async function closestPledgeStatus(queryClient: QueryClient): Promise<PledgeStatus> {
  try {
    return pledgeStatusOf(await queryClient.fetchQuery({ ...closestPledgeQuery(), retry: false }));
  } catch {
    return 'Cancelled';
  }
}

function describeLoginFailure(err: unknown): ReactNode {
  if (!(err instanceof ApiError)) return 'We could not reach Uplift. Please check your connection and try again.';
  if (err.status === 403 && err.code === 'auth.not_activated') {
    return (
      <>
        {err.message} <Link to={paths.activate}>Activate your account</Link>
      </>
    );
  }
  if (err.status === 429 || err.status >= 500) return err.message;
  return MSG.loginFailed;
}

function describePasskeyFailure(err: unknown): string {
  if (err instanceof ApiError) return err.status === 429 || err.status >= 500 || err.status === 401 ? err.message : MSG.loginFailed;
  if (err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError')) return 'No passkey was used: the request was cancelled or timed out. You can log in with your password.';
  if (err instanceof Error && err.name !== 'TypeError' && err.message) return err.message;
  return 'We could not reach Uplift. Please check your connection and try again.';
}
