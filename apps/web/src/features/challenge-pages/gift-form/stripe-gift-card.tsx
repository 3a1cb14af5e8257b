import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { forwardRef, useImperativeHandle } from 'react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import type { GiftCardForm } from './gift-card';

// Stripe's card field for a gift, loaded only when the provider is Stripe (this module is lazy).
// confirmCardPayment pays the PaymentIntent and does the bank's step itself.

// Stripe.js once per key (its own loader: importing the shared card form's would split the wizard's
// card form into more chunks, each a name in the landing page's first script).
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

type Props = { publishableKey: string; billing: { name: string; email: string } };

const Inner = forwardRef<GiftCardForm, { billing: Props['billing'] }>(function StripeGiftInner({ billing }, ref) {
  const stripe = useStripe();
  const elements = useElements();
  useImperativeHandle(
    ref,
    () => ({
      async pay(clientSecret) {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return { status: 'invalid', message: 'The card form is still loading. Please try again in a moment.' };
        const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, { payment_method: { card, billing_details: billing } });
        if (error) return { status: error.type === 'validation_error' ? 'invalid' : 'declined', message: error.message ?? 'Your card was declined.' };
        return paymentIntent?.status === 'succeeded' || paymentIntent?.status === 'processing' ? { status: 'paid' } : { status: 'declined', message: 'Your card was declined.' };
      },
    }),
    [stripe, elements, billing],
  );
  return (
    <div className="field">
      <label htmlFor="gift-card-element">Card</label>
      <div id="gift-card-element" className="stripe-card-element">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
    </div>
  );
});

const StripeGiftCard = forwardRef<GiftCardForm, Props>(function StripeGiftCard({ publishableKey, billing }, ref) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <Inner ref={ref} billing={billing} />
    </Elements>
  );
});

export default StripeGiftCard;
