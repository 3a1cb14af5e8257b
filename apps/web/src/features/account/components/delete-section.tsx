import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { eraseRequestSchema, type Account } from '@uplift/core/schemas/account';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { TextField } from '../../../components/field';
import { paths } from '../../../lib/paths';
import { clearAfterSignOut } from '../../../lib/queries/invalidate';
import { clearSession } from '../../../lib/session';
import { useEraseAccount } from '../api/erase-account';

export const DELETED_NOTICE = 'Your account is deleted. We have sent a last email to confirm it.';

/** Delete my account (UK GDPR Art. 17, with the legal-obligation exception): what happens, then the password. */
export function DeleteSection({ account }: { account: Account }) {
  const erase = useEraseAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState, setError } = useForm<{ password: string }>({
    resolver: zodResolver(eraseRequestSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await erase.mutateAsync(password);
    } catch (err) {
      setError('password', { message: err instanceof Error ? err.message : 'Something went wrong' }, { shouldFocus: true });
      return;
    }
    clearSession();
    try {
      localStorage.clear();
    } catch {
      // storage disabled: nothing was kept
    }
    clearAfterSignOut(queryClient);
    // The login page says what happened (docs/decisions/124).
    navigate(paths.login, { replace: true, state: { notice: DELETED_NOTICE } });
  });
  const confirmed = account.pledges.some((p) => p.pledge_status === 'Confirmed');
  return (
    <section id="delete" className="card account-section account-danger" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete my account</h2>
      <p>If you delete your account:</p>
      <ul>
        {confirmed && <li>your remaining weekly payments are cancelled: nothing more is taken;</li>}
        <li>your saved card is removed, here and at our payment provider;</li>
        <li>your name, email address and address are erased, and you are logged out everywhere;</li>
        <li>
          the record of payments already made (amounts, dates and receipt numbers) is kept for seven years, as the law requires,
          without your name;
        </li>
        <li>we send a last email to {account.email} to confirm it.</li>
      </ul>
      <p>This cannot be undone. You can register again later with the same email as a new person.</p>
      <form onSubmit={onSubmit} noValidate aria-label="Delete my account" className="account-form">
        <TextField label="Your password" type="password" autoComplete="current-password" error={formState.errors.password?.message} {...register('password')} />
        <button type="submit" className="button danger" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Deleting…' : 'Delete my account'}
        </button>
      </form>
    </section>
  );
}
