import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { forwardRef, useImperativeHandle } from 'react';
import { loadStripe, type Stripe, type StripeElementsOptions } from '@stripe/stripe-js';
import type { GiftCardForm } from './gift-card';

// Stripe's Payment Element for a gift, loaded only when the provider is Stripe (this module is lazy).
// It offers the card and the wallets Stripe shows for a card payment on this device (Apple Pay,
// Google Pay), in Stripe's deferred-intent mode: the amount and currency are known before the
// PaymentIntent's client secret, so after a decline the next gift's secret is asked for only when
// the friend pays again (docs/decisions/165). confirmPayment does the bank's step itself.

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

type Billing = { name: string; email: string };
type Props = { publishableKey: string; amount: number; currency: string; billing: Billing };

/**
 * The Elements options for a gift: a one-off payment of `amount` minor units, card-based methods
 * only (the server's PaymentIntent allows `card`; Apple Pay and Google Pay are card wallets). Name and
 * email are not asked again: the form has them and sends them with the payment.
 */
export function giftElementsOptions(amount: number, currency: string): StripeElementsOptions {
  return { mode: 'payment', amount, currency: currency.toLowerCase(), allowedPaymentMethodTypes: ['card'] };
}

const Inner = forwardRef<GiftCardForm, { billing: Billing }>(function StripeGiftInner({ billing }, ref) {
  const stripe = useStripe();
  const elements = useElements();
  useImperativeHandle(
    ref,
    () => ({
      async pay(secret) {
        if (!stripe || !elements) return { status: 'invalid', message: 'The card form is still loading. Please try again in a moment.' };
        // Stripe checks what was entered (and opens the wallet's sheet) before the charge is asked for.
        const submitted = await elements.submit();
        if (submitted.error) return { status: 'invalid', message: submitted.error.message ?? 'Please check your card details.' };
        const clientSecret = await secret();
        const { error, paymentIntent } = await stripe.confirmPayment({
          elements,
          clientSecret,
          confirmParams: { payment_method_data: { billing_details: billing } },
          redirect: 'if_required',
        });
        if (error) return { status: error.type === 'validation_error' ? 'invalid' : 'declined', message: error.message ?? 'Your card was declined.' };
        return paymentIntent?.status === 'succeeded' || paymentIntent?.status === 'processing' ? { status: 'paid' } : { status: 'declined', message: 'Your card was declined.' };
      },
    }),
    [stripe, elements, billing],
  );
  return (
    <div className="field stripe-payment-element">
      <PaymentElement options={{ layout: 'tabs', fields: { billingDetails: { name: 'never', email: 'never' } }, wallets: { applePay: 'auto', googlePay: 'auto' } }} />
    </div>
  );
});

const StripeGiftCard = forwardRef<GiftCardForm, Props>(function StripeGiftCard({ publishableKey, amount, currency, billing }, ref) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={giftElementsOptions(amount, currency)}>
      <Inner ref={ref} billing={billing} />
    </Elements>
  );
});

export default StripeGiftCard;
