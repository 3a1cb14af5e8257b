import { zodResolver } from '@hookform/resolvers/zod';
import { emailChangeRequestSchema, passwordChangeSchema, profileUpdateSchema, type Account, type EmailChangeRequest, type PasswordChange, type ProfileUpdate } from '@uplift/core/schemas/account';
import { COUNTRIES } from '@uplift/core/countries';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { TextField } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';
import { useRequestEmailChange } from '../api/request-email-change';
import { useUpdateProfile } from '../api/update-profile';

/** See and correct my details (NZ IPP 6/7, UK GDPR Art. 15/16). */
export function DetailsSection({ account }: { account: Account }) {
  return (
    <section id="details" className="card account-section" aria-labelledby="details-title">
      <h2 id="details-title">My details</h2>
      <p className="account-muted">Country: {COUNTRIES[account.country].name}</p>
      <ProfileForm account={account} />
      <EmailForm account={account} />
      <PasswordForm />
    </section>
  );
}

function ProfileForm({ account }: { account: Account }) {
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, formState } = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { first_name: account.first_name, last_name: account.last_name, user_address: account.user_address },
  });
  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    await update.mutateAsync(values).then(() => setSaved(true), () => undefined);
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Name and address" className="account-form">
      <div className="account-row">
        <TextField label="First name" autoComplete="given-name" error={formState.errors.first_name?.message} {...register('first_name')} />
        <TextField label="Last name" autoComplete="family-name" error={formState.errors.last_name?.message} {...register('last_name')} />
      </div>
      <TextField label="Address" autoComplete="street-address" error={formState.errors.user_address?.message} {...register('user_address')} />
      {update.isError && <Alert>{update.error.message}</Alert>}
      {saved && <Alert tone="success">Your details have been saved.</Alert>}
      <button type="submit" className="button" disabled={formState.isSubmitting}>
        Save details
      </button>
    </form>
  );
}

function EmailForm({ account }: { account: Account }) {
  const change = useRequestEmailChange();
  const [done, setDone] = useState('');
  const { register, handleSubmit, formState, setError, reset } = useForm<EmailChangeRequest>({
    resolver: zodResolver(emailChangeRequestSchema),
    defaultValues: { new_email: '', password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setDone('');
    try {
      const res = await change.mutateAsync(values);
      setDone(res.message);
      reset();
    } catch (err) {
      const field = err instanceof ApiError && err.status === 409 ? 'new_email' : 'password';
      setError(field, { message: err instanceof Error ? err.message : 'Something went wrong' }, { shouldFocus: true });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change email" className="account-form">
      <h3>Email</h3>
      <p>
        Your email: <strong>{account.email}</strong>
        {account.pending_email && <span className="account-muted"> (waiting for confirmation of {account.pending_email})</span>}
      </p>
      <div className="account-row">
        <TextField label="New email" type="email" autoComplete="email" error={formState.errors.new_email?.message} {...register('new_email')} />
        <TextField label="Your password" type="password" autoComplete="current-password" error={formState.errors.password?.message} {...register('password')} />
      </div>
      {done && <Alert tone="success">{done}</Alert>}
      <button type="submit" className="button secondary" disabled={formState.isSubmitting}>
        Send confirmation link
      </button>
    </form>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState, setError, reset } = useForm<PasswordChange>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { current_password: '', new_password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setDone(false);
    try {
      await change.mutateAsync(values);
      setDone(true);
      reset();
    } catch (err) {
      setError('current_password', { message: err instanceof Error ? err.message : 'Something went wrong' }, { shouldFocus: true });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password" className="account-form">
      <h3>Password</h3>
      <div className="account-row">
        <TextField label="Current password" type="password" autoComplete="current-password" error={formState.errors.current_password?.message} {...register('current_password')} />
        <TextField label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." error={formState.errors.new_password?.message} {...register('new_password')} />
      </div>
      {done && <Alert tone="success">Your password has been changed. You have been logged out everywhere else.</Alert>}
      <button type="submit" className="button secondary" disabled={formState.isSubmitting}>
        Change password
      </button>
    </form>
  );
}
