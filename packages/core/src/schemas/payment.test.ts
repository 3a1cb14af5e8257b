import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from '../statuses.ts';
import {
  paymentSchema,
  paymentMethodSchema,
  savePaymentMethodSchema,
  setupSecretResponseSchema,
  stripeWebhookResponseSchema,
  testCardAuthenticateSchema,
  testSetupResultSchema,
} from './payment.ts';
import { issuesOf } from './schemas.test-support.ts';

describe('savePaymentMethodSchema', () => {
  it('takes a provider card id, as an enabled card by default', () => {
    expect(savePaymentMethodSchema.parse({ stripe_payment_method_id: ' pm_123 ' })).toEqual({
      method_name: 'card',
      is_enabled: true,
      stripe_payment_method_id: 'pm_123',
    });
    expect(issuesOf(savePaymentMethodSchema, { stripe_payment_method_id: '' })).toEqual(['stripe_payment_method_id: Please select a payment method']);
    expect(issuesOf(savePaymentMethodSchema, { stripe_payment_method_id: 'pm_1', is_enabled: false })).toEqual([
      'is_enabled: A new payment method must be enabled',
    ]);
  });
});

describe('test provider schemas', () => {
  it('accept only the two authentication outcomes', () => {
    expect(issuesOf(testCardAuthenticateSchema, { client_secret: 's', outcome: 'complete' })).toEqual([]);
    expect(issuesOf(testCardAuthenticateSchema, { client_secret: 's', outcome: 'maybe' })).toEqual(['outcome: Outcome must be complete or fail']);
  });

  it('describe both answers of the card form', () => {
    expect(issuesOf(testSetupResultSchema, { status: 'succeeded', setup_intent: 'seti_1', payment_method: 'pm_1' })).toEqual([]);
    expect(
      issuesOf(testSetupResultSchema, {
        status: 'requires_action',
        setup_intent: 'seti_1',
        payment_method: 'pm_1',
        next_action: { type: 'test_authentication' },
      }),
    ).toEqual([]);
    expect(issuesOf(testSetupResultSchema, { status: 'requires_action', setup_intent: 'seti_1', payment_method: 'pm_1' })).toHaveLength(1);
  });
});

describe('payment response schemas', () => {
  const payment = {
    id: 1,
    pledge_id: 7,
    payment_status: 'Failed',
    processing_date: '2026-11-23',
    amount: 12.34,
    refunded: 0,
    fee_cover: 0.83,
    failure_reason: 'insufficient_funds',
    next_retry_date: '2026-11-25',
    skipped_from: '2026-11-16',
    action: 'pay_now',
    payment_method_id: 4,
    stripe_payment_method_id: 'pm_1',
  };

  it('describe a payment with every status of the one list, and its nullable fields', () => {
    for (const payment_status of PAYMENT_STATUSES) expect(issuesOf(paymentSchema, { ...payment, payment_status })).toEqual([]);
    expect(issuesOf(paymentSchema, { ...payment, payment_status: 'Refunded' })).toHaveLength(1);
    expect(
      issuesOf(paymentSchema, { ...payment, failure_reason: null, next_retry_date: null, skipped_from: null, action: null, payment_method_id: null, stripe_payment_method_id: null }),
    ).toEqual([]);
    expect(issuesOf(paymentSchema, { ...payment, action: 'refund' })).toHaveLength(1);
  });

  it('describe a saved card, the setup secret of each provider and the webhook answer', () => {
    const card = { id: 4, method_name: 'card', is_enabled: true, stripe_payment_method_id: 'pm_1', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };
    expect(issuesOf(paymentMethodSchema, card)).toEqual([]);
    expect(issuesOf(setupSecretResponseSchema, { client_secret: 's', provider: 'test' })).toEqual([]);
    expect(issuesOf(setupSecretResponseSchema, { client_secret: 's', provider: 'stripe', publishable_key: 'pk_1' })).toEqual([]);
    expect(issuesOf(setupSecretResponseSchema, { client_secret: 's', provider: 'stripe' })).toHaveLength(1);
    expect(issuesOf(stripeWebhookResponseSchema, { received: true, duplicate: true })).toEqual([]);
  });
});
