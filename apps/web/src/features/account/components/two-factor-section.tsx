import { MSG } from '@uplift/core/messages';
import type { TwoFactorEnrolment } from '@uplift/core/schemas/two-factor';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { TextField } from '../../../components/field';
import { confirmEnrolment, newRecoveryCodes, startEnrolment, turnOff, useTwoFactorMutation, useTwoFactorStatus } from '../api/two-factor';
import { useStepUpGuard } from './step-up-dialog';

const failureText = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Please try again.');
/** The key in groups of four, as authenticator apps show it, for typing in by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The recovery codes, shown this once. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div>
      <h3 id="recovery-codes-title">Your recovery codes</h3>
      <p>
        If you lose your phone, each of these codes signs you in once in place of a code from the app. Keep them somewhere safe, such as a password
        manager. <strong>They are shown only now.</strong>
      </p>
      <ol className="account-recovery-codes" aria-labelledby="recovery-codes-title">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="button" onClick={onDone}>
        I have saved them
      </button>
    </div>
  );
}

/**
 * Two-factor sign-in (docs/decisions/151, product-rules §17): a donor may add a code from an
 * authenticator app after the password, with ten recovery codes; an admin always has it. Turning it
 * on or off and new recovery codes ask for the password again first.
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const { guard, dialog } = useStepUpGuard();
  const start = useTwoFactorMutation(startEnrolment);
  const confirm = useTwoFactorMutation(confirmEnrolment);
  const regenerate = useTwoFactorMutation(newRecoveryCodes);
  const off = useTwoFactorMutation(turnOff);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment>();
  const [codes, setCodes] = useState<string[]>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const run = async (change: () => Promise<void>) => {
    setFailure(undefined);
    setNotice(undefined);
    try {
      await change();
    } catch (err) {
      setFailure(failureText(err));
    }
  };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if (code.replace(/[\s-]/g, '') === '') {
      setCodeError(MSG.twoFactorCodeRequired);
      return;
    }
    setCodeError(undefined);
    try {
      const recovery = await guard(() => confirm.mutateAsync({ code }));
      setEnrolment(undefined);
      setCode('');
      setCodes(recovery);
      setNotice('Two-factor sign-in is on: signing in now asks for a code from your app after your password.');
    } catch (err) {
      setCodeError(failureText(err));
    }
  };

  let body;
  if (codes) body = <RecoveryCodeList codes={codes} onDone={() => setCodes(undefined)} />;
  else if (status.isError) body = <Alert>We could not load your two-factor sign-in just now.</Alert>;
  else if (!status.data) body = <p role="status">Loading…</p>;
  else if (enrolment) {
    body = (
      <>
        <ol className="account-two-factor-steps">
          <li>
            <p>Scan this QR code with your authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password).</p>
            <img src={enrolment.qr_code} alt="QR code to add Uplift to your authenticator app" width={200} height={200} />
            <p>
              Cannot scan it? Add an account by hand with this key: <code>{grouped(enrolment.secret)}</code>
            </p>
          </li>
          <li>
            <p>Enter the 6-digit code the app now shows for Uplift.</p>
          </li>
        </ol>
        <form onSubmit={(e) => void onConfirm(e)} noValidate aria-label="Confirm two-factor sign-in" className="account-form">
          <TextField label="Code from your app" hint="6 digits, for example 123 456" inputMode="numeric" autoComplete="one-time-code" value={code} error={codeError} onChange={(e) => setCode(e.target.value)} />
          <button type="submit" className="button" disabled={confirm.isPending}>
            {confirm.isPending ? 'Confirming…' : 'Turn on'}
          </button>
        </form>
      </>
    );
  } else if (!status.data.enabled) {
    body = (
      <>
        <p>Sign in with your password and a code from an authenticator app on your phone: someone who learns your password still cannot get in.</p>
        <button type="button" className="button" disabled={start.isPending} onClick={() => void run(async () => setEnrolment(await guard(() => start.mutateAsync())))}>
          {start.isPending ? 'Preparing…' : 'Set up two-factor sign-in'}
        </button>
      </>
    );
  } else {
    const left = status.data.recovery_codes_left;
    body = (
      <>
        <p>
          Two-factor sign-in is on: signing in asks for a code from your authenticator app after your password. {left} recovery code{left === 1 ? '' : 's'} left.
        </p>
        <div className="account-two-factor-actions">
          <button type="button" className="button secondary" disabled={regenerate.isPending} onClick={() => void run(async () => setCodes(await guard(() => regenerate.mutateAsync())))}>
            Make new recovery codes
          </button>
          {!status.data.required && (
            <button
              type="button"
              className="button secondary"
              disabled={off.isPending}
              onClick={() =>
                void run(async () => {
                  await guard(() => off.mutateAsync());
                  setNotice('Two-factor sign-in is off.');
                })
              }
            >
              Turn off two-factor sign-in
            </button>
          )}
        </div>
        {status.data.required && <p>An admin account always signs in with two-factor sign-in.</p>}
      </>
    );
  }

  return (
    <section id="two-factor" className="card account-section" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor sign-in</h2>
      {notice && <Alert tone="success">{notice}</Alert>}
      {failure && <Alert>{failure}</Alert>}
      {body}
      {dialog}
    </section>
  );
}
