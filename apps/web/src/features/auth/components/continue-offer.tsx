import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { ApiError } from '../../../lib/api-client';
import { useContinuationOffer, useContinue } from '../api/continue';

/**
 * "Continue as {first name}" above the login form (docs/decisions/168): shown only to the browser
 * that registered, within 30 minutes, once the account is activated. One press signs in; the
 * password form below stays for every other case (and keeps the focus it is given after activation).
 */
export function ContinueOffer({ onSignedIn }: { onSignedIn: (secondStep: string | undefined) => Promise<void> }) {
  const offer = useContinuationOffer();
  const press = useContinue();
  const [refused, setRefused] = useState<string>();
  const firstName = refused === undefined ? offer.data?.first_name : null;

  const onPress = async () => {
    let secondStep: string | undefined;
    try {
      secondStep = (await press.mutateAsync()).two_factor;
    } catch (err) {
      setRefused(err instanceof ApiError ? err.message : 'We could not reach Uplift. Please check your connection and try again.');
      return;
    }
    await onSignedIn(secondStep);
  };

  if (refused) return <Alert>{refused}</Alert>;
  if (!firstName) return null;
  return (
    <section className="continue-offer" aria-label="Continue with your pledge">
      <p className="auth-intro">Your account is activated in this browser. You can go on with your pledge without typing your password again.</p>
      <button type="button" className="button" disabled={press.isPending} onClick={() => void onPress()}>
        {press.isPending ? 'Continuing…' : `Continue as ${firstName}`}
      </button>
      <p className="auth-small">Not you, or on another device? Log in with your email and password below.</p>
    </section>
  );
}
