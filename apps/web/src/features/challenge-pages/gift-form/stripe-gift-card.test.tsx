import { render } from '@testing-library/react';
import { createRef, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GiftCardForm } from './gift-card';

// Stripe's Payment Element for a gift (docs/decisions/165). No network here: Stripe.js and its React
// bindings are stood in for, and what the gift's card form asks of them is checked.

const order: string[] = [];
const submit = vi.fn(async () => {
  order.push('submit');
  return {} as { error?: { message?: string } };
});
const confirmPayment = vi.fn(async (_options: unknown) => {
  order.push('confirm');
  return { paymentIntent: { status: 'succeeded' } } as { error?: { type: string; message?: string }; paymentIntent?: { status: string } };
});
const elementsOptions: unknown[] = [];

vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => ({})) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
    elementsOptions.push(options);
    return children;
  },
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({ submit }),
}));

const { default: StripeGiftCard, giftElementsOptions } = await import('./stripe-gift-card');

beforeEach(() => {
  order.length = 0;
  elementsOptions.length = 0;
  submit.mockClear();
  confirmPayment.mockClear();
});

function mount(amount = 2500, currency = 'GBP') {
  const ref = createRef<GiftCardForm>();
  render(<StripeGiftCard ref={ref} publishableKey="pk_test_x" amount={amount} currency={currency} billing={{ name: 'Sam Friend', email: 'sam@example.org' }} />);
  return ref;
}

describe('the Stripe gift card form', () => {
  it('a one-off card payment of the gift in deferred-intent mode: the amount, the currency in lower case, card methods (Apple Pay and Google Pay are card wallets)', () => {
    expect(giftElementsOptions(2500, 'NZD')).toEqual({ mode: 'payment', amount: 2500, currency: 'nzd', allowedPaymentMethodTypes: ['card'] });
    mount(5000, 'GBP');
    expect(elementsOptions[0]).toEqual({ mode: 'payment', amount: 5000, currency: 'gbp', allowedPaymentMethodTypes: ['card'] });
  });

  it('checks what was entered first, then asks for the charge’s secret, then confirms with the friend’s name and email, no redirect', async () => {
    const ref = mount();
    const secret = vi.fn(async () => {
      order.push('secret');
      return 'pi_1_secret_x';
    });
    await expect(ref.current!.pay(secret)).resolves.toEqual({ status: 'paid' });
    expect(order).toEqual(['submit', 'secret', 'confirm']);
    expect(confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ clientSecret: 'pi_1_secret_x', redirect: 'if_required', confirmParams: { payment_method_data: { billing_details: { name: 'Sam Friend', email: 'sam@example.org' } } } }),
    );
  });

  it('an incomplete card asks for no secret (no new gift is made) and is "invalid"; a decline carries Stripe’s words', async () => {
    const ref = mount();
    const secret = vi.fn(async () => 'pi_1_secret_x');
    submit.mockResolvedValueOnce({ error: { message: 'Your card number is incomplete.' } });
    await expect(ref.current!.pay(secret)).resolves.toEqual({ status: 'invalid', message: 'Your card number is incomplete.' });
    expect(secret).not.toHaveBeenCalled();
    confirmPayment.mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card was declined.' } });
    await expect(ref.current!.pay(secret)).resolves.toEqual({ status: 'declined', message: 'Your card was declined.' });
  });
});
