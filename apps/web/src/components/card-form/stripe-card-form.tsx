import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { forwardRef, useEffect, useImperativeHandle } from 'react';
import { challengeStep, PAYMENT_STEP } from '../../lib/paths';
import { CardFormError, type CardCollector } from './card-collector';

// Stripe's Payment Element, loaded only when the provider is Stripe (this module is lazy). Shared
// by the wizard's payment step and the summary's "Change card".

export { stripeFor };

const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

type Props = {
  publishableKey: string;
  clientSecret: string;
  /** After a bank redirect, Stripe returns here; the saved card is passed on. */
  onReturnedWithCard: (paymentMethodId: string) => void;
  /** Where a bank redirect returns to (default: the wizard's payment step). */
  returnPath?: string;
};

const INNER = forwardRef<CardCollector, { clientSecret: string; onReturnedWithCard: (id: string) => void; returnPath: string }>(function StripeInner(
  { clientSecret, onReturnedWithCard, returnPath },
  ref,
) {
  const stripe = useStripe();
  const elements = useElements();

  // Back from a redirect (only if the bank required one): read the SetupIntent's outcome.
  useEffect(() => {
    if (!stripe) return;
    const params = new URLSearchParams(window.location.search);
    const returned = params.get('setup_intent_client_secret');
    if (!returned) return;
    void stripe.retrieveSetupIntent(returned).then(({ setupIntent }) => {
      const pm = setupIntent?.payment_method;
      if (setupIntent?.status === 'succeeded' && pm) onReturnedWithCard(typeof pm === 'string' ? pm : pm.id);
    });
  }, [stripe, onReturnedWithCard]);

  useImperativeHandle(
    ref,
    () => ({
      async collect() {
        if (!stripe || !elements) throw new CardFormError('validation', 'The card form is still loading. Please try again in a moment.');
        const submitted = await elements.submit();
        if (submitted.error) throw new CardFormError('validation', submitted.error.message ?? 'Please check your card details.');
        const { error, setupIntent } = await stripe.confirmSetup({
          elements,
          clientSecret,
          redirect: 'if_required',
          confirmParams: { return_url: `${window.location.origin}${returnPath}` },
        });
        if (error) {
          throw new CardFormError(error.type === 'validation_error' ? 'validation' : 'card', error.message ?? 'Your card could not be saved.');
        }
        const pm = setupIntent?.payment_method;
        if (setupIntent?.status !== 'succeeded' || !pm) throw new CardFormError('card', 'Your card could not be saved. Please try another card.');
        return typeof pm === 'string' ? pm : pm.id;
      },
    }),
    [stripe, elements, clientSecret, returnPath],
  );

  return <PaymentElement options={{ layout: 'tabs' }} />;
});

const StripeCardForm = forwardRef<CardCollector, Props>(function StripeCardForm(
  { publishableKey, clientSecret, onReturnedWithCard, returnPath = challengeStep(PAYMENT_STEP) },
  ref,
) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <INNER ref={ref} clientSecret={clientSecret} onReturnedWithCard={onReturnedWithCard} returnPath={returnPath} />
    </Elements>
  );
});

export default StripeCardForm;
