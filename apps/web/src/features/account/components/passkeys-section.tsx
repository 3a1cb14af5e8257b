import { formatLongDate, todayInCountry } from '@uplift/core/calendar';
import type { Account } from '@uplift/core/schemas/account';
import { passkeyNameSchema, type Passkey } from '@uplift/core/schemas/passkeys';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { TextField } from '../../../components/field';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import { StepUpCancelled, useStepUpGuard } from './step-up-dialog';

/** The browser's refusals that mean the person stopped (or has no passkey): said plainly, not as an error code. */
const CANCELLED = new Set(['NotAllowedError', 'AbortError']);

function failureText(err: unknown): string {
  if (err instanceof StepUpCancelled) return err.message;
  if (err instanceof Error && CANCELLED.has(err.name)) return 'The passkey was not added: the request was cancelled or timed out.';
  if (err instanceof Error && err.name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  return err instanceof Error ? err.message : 'Something went wrong. Please try again.';
}

/**
 * Passkeys (docs/decisions/131-passkeys-and-secrets-at-rest.md): add one under a name, see each
 * with when it was added and last used, remove one. A passkey signs in without a password, so
 * adding or removing one asks for the password again first (docs/decisions/151).
 */
export function PasskeysSection({ account }: { account: Pick<Account, 'country'> }) {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const { guard, dialog } = useStepUpGuard();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const supported = typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
  const day = (iso: string) => formatLongDate(todayInCountry(account.country, new Date(iso)));

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    setNotice(undefined);
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    try {
      const added = await guard(() => add.mutateAsync(parsed.data));
      setName('');
      setNotice(`Passkey “${added.name}” added. You can now log in with it.`);
    } catch (err) {
      setFailure(failureText(err));
    }
  };

  const onRemove = async (passkey: Passkey) => {
    setFailure(undefined);
    setNotice(undefined);
    try {
      await guard(() => remove.mutateAsync(passkey.id));
      setNotice(`Passkey “${passkey.name}” removed.`);
    } catch (err) {
      setFailure(failureText(err));
    }
  };

  return (
    <section id="passkeys" className="card account-section" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p>Log in without a password, with your fingerprint, face or device PIN. Your password still works. Resetting your password by email removes every passkey.</p>
      {notice && <Alert tone="success">{notice}</Alert>}
      {failure && <Alert>{failure}</Alert>}
      {passkeys.isError && <Alert>We could not load your passkeys just now.</Alert>}
      {passkeys.data && passkeys.data.passkeys.length === 0 && <p>You have no passkeys yet.</p>}
      {passkeys.data && passkeys.data.passkeys.length > 0 && (
        <ul className="account-passkeys" aria-label="Your passkeys">
          {passkeys.data.passkeys.map((p) => (
            <li key={p.id}>
              <strong>{p.name}</strong>
              <span>Added {day(p.created_at)}</span>
              <span>{p.last_used_at ? `Last used ${day(p.last_used_at)}` : 'Not used yet'}</span>
              <button type="button" className="button secondary" aria-label={`Remove passkey ${p.name}`} disabled={remove.isPending} onClick={() => void onRemove(p)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form onSubmit={(e) => void onAdd(e)} noValidate aria-label="Add a passkey" className="account-form">
          <TextField label="Passkey name" hint="For example: my phone" value={name} error={nameError} onChange={(e) => setName(e.target.value)} autoComplete="off" />
          <button type="submit" className="button" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add a passkey'}
          </button>
        </form>
      ) : (
        <p>This browser cannot make passkeys.</p>
      )}
      {dialog}
    </section>
  );
}
