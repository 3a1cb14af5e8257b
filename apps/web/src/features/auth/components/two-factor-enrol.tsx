import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { ApiError } from '../../../lib/api-client';
import { setAccessToken } from '../../../lib/session';
import { useConfirmEnrolment, useStartEnrolment } from '../api/two-factor';
import { TwoFactorCodeForm } from './two-factor-code-field';

/** The key in groups of four, as authenticator apps show it, for typing in by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * An admin's first sign-in: the QR code (drawn by the server, never by a third party), then the
 * first code. The recovery codes go to `onEnrolled` before the session changes, so the page can
 * show them before it moves on.
 */
export function TwoFactorEnrol({ onEnrolled }: { onEnrolled: (recoveryCodes: string[]) => void }) {
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const [failure, setFailure] = useState<string>();
  const enrolment = start.data;

  if (!enrolment) {
    return (
      <div className="auth-form">
        {start.error && <Alert>{start.error instanceof ApiError ? start.error.message : 'We could not reach Uplift. Please try again.'}</Alert>}
        <p className="auth-intro">
          Admin accounts sign in with their password and a code from an authenticator app, such as Google Authenticator, Microsoft Authenticator or
          1Password. Set it up once, now.
        </p>
        <div className="form-actions">
          <button type="button" className="button" onClick={() => start.mutate()} disabled={start.isPending}>
            {start.isPending ? 'Preparing…' : 'Set up two-factor sign-in'}
          </button>
        </div>
      </div>
    );
  }

  return (
    <>
      <ol className="two-factor-steps">
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          <img className="two-factor-qr" src={enrolment.qr_code} alt="QR code to add Uplift to your authenticator app" width={200} height={200} />
          <p className="auth-small">
            Cannot scan it? Add an account by hand with this key: <code className="two-factor-secret">{grouped(enrolment.secret)}</code>
          </p>
        </li>
        <li>
          <p>Enter the 6-digit code the app now shows for Uplift.</p>
        </li>
      </ol>
      <TwoFactorCodeForm
        label="Code from your app"
        hint="6 digits, for example 123 456"
        action="Confirm"
        busyAction="Confirming…"
        failure={failure}
        onFailure={setFailure}
        submit={async (body) => {
          const { access_token, recovery_codes } = await confirm.mutateAsync(body);
          onEnrolled(recovery_codes);
          setAccessToken(access_token);
        }}
      />
    </>
  );
}

/** The ten recovery codes, shown this once. */
export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  return (
    <div className="auth-form">
      <Alert tone="success">Two-factor sign-in is set up.</Alert>
      <h2 id="recovery-codes">Your recovery codes</h2>
      <p>
        If you lose your phone, each of these codes signs you in once in place of a code from the app. Keep them somewhere safe, such as a password
        manager. <strong>They are shown only now.</strong>
      </p>
      <ol className="recovery-codes" aria-labelledby="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <button type="button" className="button" onClick={onContinue}>
          I have saved them: continue
        </button>
      </div>
    </div>
  );
}
