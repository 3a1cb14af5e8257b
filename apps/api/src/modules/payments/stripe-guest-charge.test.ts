import { asMinor } from '@uplift/core/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider } from './payment-provider.ts';
import { startFakeStripe, type FakeRoute } from './stripe-fake-server.test-support.ts';
import { createStripeProvider } from './stripe-provider.ts';

// Contract test of a friend's gift (docs/decisions/138): an on-session PaymentIntent with no customer,
// through the real `stripe` SDK against recorded responses.

const KEY = 'gift-0b0c3a4e-1111-4222-8333-944445555666';
const retrieved: Record<string, string> = {
  pi_3TestUpliftGift0001: 'payment_intent.retrieve.guest_succeeded',
  pi_declined: 'payment_intent.retrieve.guest_declined',
  pi_bank: 'payment_intent.retrieve.guest_requires_action',
  pi_authFailed: 'payment_intent.retrieve.guest_auth_failed',
  pi_new: 'payment_intent.create.guest',
};
const routes: FakeRoute[] = [
  { method: 'POST', path: '/v1/payment_intents', respond: () => ({ status: 200, fixture: 'payment_intent.create.guest' }) },
  ...Object.entries(retrieved).map(([id, fixture]) => ({ method: 'GET', path: `/v1/payment_intents/${id}`, respond: () => ({ status: 200, fixture }) })),
  {
    method: 'GET',
    path: '/v1/payment_intents/search',
    respond: (r) => ({ status: 200, fixture: r.query.get('query')?.includes(`'${KEY}'`) ? 'payment_intent.search.guest' : 'payment_intent.search.empty' }),
  },
];

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe(routes);
  provider = createStripeProvider({ secretKey: 'sk_test_uplift_fake', publishableKey: 'pk_test_uplift_fake', host: '127.0.0.1', port: fake.port, protocol: 'http' });
});
afterAll(async () => fake.close());

describe('Stripe guest charges (a gift)', () => {
  it('creates an on-session card PaymentIntent with no customer, the gift id in metadata and the idempotency key', async () => {
    const charge = await provider.createGuestCharge({
      amountMinor: asMinor(2500),
      currency: 'NZD',
      idempotencyKey: KEY,
      description: "Gift on aroha-walks to Women's Refuge",
      metadata: { gift_id: '12' },
    });
    expect(charge).toEqual({ reference: 'pi_3TestUpliftGift0001', clientSecret: 'pi_3TestUpliftGift0001_secret_recorded' });
    const req = fake.requests.at(-1)!;
    expect(req.headers['idempotency-key']).toBe(KEY);
    expect(Object.fromEntries(req.form)).toEqual({
      amount: '2500',
      currency: 'nzd',
      'allowed_payment_method_types[0]': 'card',
      description: "Gift on aroha-walks to Women's Refuge",
      'metadata[gift_id]': '12',
      'metadata[idempotency_key]': KEY,
    });
    expect(req.form.has('customer')).toBe(false);
    expect(req.form.has('confirm')).toBe(false);
  });

  it('reads where a guest charge stands: waiting for its card, the bank step, declined, authentication failed, succeeded, unknown', async () => {
    expect(await provider.retrieveGuestCharge('pi_new')).toEqual({ status: 'awaiting_payment', reference: 'pi_3TestUpliftGift0001' });
    expect(await provider.retrieveGuestCharge('pi_bank')).toEqual({ status: 'requires_action', reference: 'pi_3TestUpliftGift0001' });
    expect(await provider.retrieveGuestCharge('pi_declined')).toEqual({ status: 'declined', reference: 'pi_3TestUpliftGift0001', code: 'insufficient_funds' });
    expect(await provider.retrieveGuestCharge('pi_authFailed')).toEqual({
      status: 'declined',
      reference: 'pi_3TestUpliftGift0001',
      code: 'payment_intent_authentication_failure',
    });
    expect(await provider.retrieveGuestCharge('pi_3TestUpliftGift0001')).toEqual({ status: 'succeeded', reference: 'pi_3TestUpliftGift0001' });
    expect(await provider.retrieveGuestCharge('pi_unknown')).toBeNull();
  });

  it('finds a guest charge by its idempotency key after a crash (Stripe search on metadata), or null', async () => {
    expect(await provider.findGuestCharge(KEY)).toEqual({ status: 'succeeded', reference: 'pi_3TestUpliftGift0001' });
    expect(fake.requests.at(-1)!.query.get('query')).toBe(`metadata['idempotency_key']:'${KEY}'`);
    expect(await provider.findGuestCharge('gift-never-made')).toBeNull();
  });
});
