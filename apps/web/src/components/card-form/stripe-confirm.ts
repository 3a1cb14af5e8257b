import { stripeFor } from './stripe-card-form';

/**
 * The bank's step for a payment with Stripe (Stripe.js confirmCardPayment with the PaymentIntent's
 * client secret and the saved card). Loaded lazily with the Stripe card form.
 */
export async function confirmStripePayment(publishableKey: string, clientSecret: string, paymentMethodId: string | undefined): Promise<void> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) throw new Error('Stripe could not be loaded. Please try again.');
  const { error } = await stripe.confirmCardPayment(clientSecret, paymentMethodId ? { payment_method: paymentMethodId } : {});
  if (error) throw new Error(error.message ?? 'Your bank could not confirm this payment.');
}
