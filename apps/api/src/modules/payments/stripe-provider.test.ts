import { asMinor } from '@uplift/core/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { startFakeStripe, type FakeRoute } from './stripe-fake-server.test-support.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { call, createUser } from './payments.test-support.ts';

// Contract test: the Stripe provider through the real `stripe` SDK against recorded responses.

const routes: FakeRoute[] = [
  { method: 'POST', path: '/v1/customers', respond: () => ({ status: 200, fixture: 'customer.create' }) },
  { method: 'POST', path: '/v1/setup_intents', respond: () => ({ status: 200, fixture: 'setup_intent.create' }) },
  { method: 'GET', path: '/v1/payment_methods/pm_1TestUpliftCard4242', respond: () => ({ status: 200, fixture: 'payment_method.retrieve' }) },
  {
    method: 'GET',
    path: '/v1/payment_methods/pm_1TestUpliftCardOther',
    respond: () => ({ status: 200, fixture: 'payment_method.retrieve.other_customer' }),
  },
  {
    method: 'POST',
    path: '/v1/payment_intents',
    respond: (r) => {
      const pm = r.form.get('payment_method');
      if (pm === 'pm_1TestUpliftCard0341') return { status: 402, fixture: 'error.card_declined' };
      if (pm === 'pm_1TestUpliftCard3155') return { status: 402, fixture: 'error.authentication_required' };
      if (pm === 'pm_busy') return { status: 429, fixture: 'error.rate_limit' };
      if (pm === 'pm_1TestUpliftCard9995') return { status: 402, fixture: 'error.insufficient_funds' };
      if (pm === 'pm_1TestUpliftCard0069') return { status: 402, fixture: 'error.expired_card' };
      if (pm === 'pm_slowBank') return { status: 200, fixture: 'payment_intent.create.processing' };
      if (pm === 'pm_detached') return { status: 400, fixture: 'error.resource_missing' };
      // On-session (no off_session flag) a card that wants 3-D Secure answers requires_action.
      if (pm === 'pm_1TestUpliftCard3184' && !r.form.has('off_session')) return { status: 200, fixture: 'payment_intent.create.requires_action' };
      return { status: 200, fixture: 'payment_intent.create.succeeded' };
    },
  },
  {
    method: 'POST',
    path: '/v1/refunds',
    respond: (r) => {
      if (r.form.get('payment_intent') === 'pi_busy') return { status: 429, fixture: 'error.rate_limit' };
      if (Number(r.form.get('amount')) > 2000) return { status: 400, fixture: 'error.refund_exceeds' };
      return { status: 200, fixture: 'refund.create.succeeded' };
    },
  },
  { method: 'GET', path: '/v1/payment_intents/pi_3TestUpliftAuth0001', respond: () => ({ status: 200, fixture: 'payment_intent.retrieve.succeeded' }) },
  { method: 'POST', path: '/v1/payment_methods/pm_1TestUpliftCard4242/detach', respond: () => ({ status: 200, fixture: 'payment_method.retrieve' }) },
  {
    method: 'GET',
    path: '/v1/payment_intents/search',
    respond: (r) => ({
      status: 200,
      fixture: r.query.get('query')?.includes("'payment-31-attempt-1'") ? 'payment_intent.search' : 'payment_intent.search.empty',
    }),
  },
];

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe(routes);
  provider = createStripeProvider({
    secretKey: 'sk_test_uplift_fake',
    publishableKey: 'pk_test_uplift_fake',
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
  });
});

afterAll(async () => {
  await fake.close();
});

function lastRequest() {
  return fake.requests.at(-1)!;
}

describe('Stripe provider against recorded responses', () => {
  it('creates one customer per user, keyed by the user id', async () => {
    const id = await provider.ensureCustomer({ id: 42, email: 'aroha@example.org', name: 'Aroha Ngata', customerId: null });
    expect(id).toBe('cus_TestUplift0001');
    const req = lastRequest();
    expect(req.method).toBe('POST');
    expect(req.headers.authorization).toBe('Bearer sk_test_uplift_fake');
    expect(req.headers['idempotency-key']).toBe('uplift-customer-42');
    expect(Object.fromEntries(req.form)).toMatchObject({ email: 'aroha@example.org', name: 'Aroha Ngata', 'metadata[user_id]': '42' });

    const before = fake.requests.length;
    expect(await provider.ensureCustomer({ id: 42, email: 'x', name: 'x', customerId: 'cus_Existing' })).toBe('cus_Existing');
    expect(fake.requests.length).toBe(before);
  });

  it('answers a SetupIntent client secret for off-session card use', async () => {
    expect(await provider.createSetupSecret('cus_TestUplift0001')).toBe('seti_1TestUpliftSetup01_secret_TestSecretValue0001');
    expect(Object.fromEntries(lastRequest().form)).toEqual({
      customer: 'cus_TestUplift0001',
      usage: 'off_session',
      'allowed_payment_method_types[0]': 'card',
    });
  });

  it('reads a card only when it is attached to the customer', async () => {
    expect(await provider.getCard('cus_TestUplift0001', 'pm_1TestUpliftCard4242')).toEqual({
      brand: 'visa',
      last4: '4242',
      exp_month: 8,
      exp_year: 2031,
    });
    expect(lastRequest().path).toBe('/v1/payment_methods/pm_1TestUpliftCard4242');
    expect(await provider.getCard('cus_TestUplift0001', 'pm_1TestUpliftCardOther')).toBeNull();
    expect(await provider.getCard('cus_TestUplift0001', 'pm_doesNotExist')).toBeNull();
  });

  const charge = (paymentMethodId: string, key: string) =>
    provider.charge({
      customerId: 'cus_TestUplift0001',
      paymentMethodId,
      amountMinor: asMinor(1750),
      currency: 'NZD',
      idempotencyKey: key,
      description: 'Uplift pledge 7, payment 1 of 4',
      metadata: { payment_id: '31' },
    });

  it('charges off-session with the idempotency key as header and metadata', async () => {
    expect(await charge('pm_1TestUpliftCard4242', 'payment-31-attempt-1')).toEqual({ status: 'succeeded', reference: 'pi_3TestUpliftPaid0001' });
    const req = lastRequest();
    expect(req.path).toBe('/v1/payment_intents');
    expect(req.headers['idempotency-key']).toBe('payment-31-attempt-1');
    expect(Object.fromEntries(req.form)).toEqual({
      amount: '1750',
      currency: 'nzd',
      customer: 'cus_TestUplift0001',
      payment_method: 'pm_1TestUpliftCard4242',
      off_session: 'true',
      confirm: 'true',
      description: 'Uplift pledge 7, payment 1 of 4',
      'metadata[payment_id]': '31',
      'metadata[idempotency_key]': 'payment-31-attempt-1',
    });
  });

  it('turns a card decline into a declined result with the PaymentIntent reference', async () => {
    expect(await charge('pm_1TestUpliftCard0341', 'payment-32-attempt-1')).toEqual({
      status: 'declined',
      reference: 'pi_3TestUpliftDecline01',
      code: 'generic_decline',
    });
  });

  it('turns authentication_required into requires_action', async () => {
    expect(await charge('pm_1TestUpliftCard3155', 'payment-33-attempt-1')).toEqual({
      status: 'requires_action',
      reference: 'pi_3TestUpliftAuth0001',
      code: 'authentication_required',
      clientSecret: 'pi_3TestUpliftAuth0001_secret_recorded',
    });
  });

  it.each([
    ['pm_1TestUpliftCard9995', { status: 'declined', reference: 'pi_3TestUpliftFunds001', code: 'insufficient_funds' }],
    ['pm_1TestUpliftCard0069', { status: 'declined', reference: 'pi_3TestUpliftExpd0001', code: 'expired_card' }],
    // A PaymentIntent still processing is not a failure: the webhook settles it.
    ['pm_slowBank', { status: 'processing', reference: 'pi_3TestUpliftProc0001' }],
    // A card detached or gone: a failure the donor hears about, not an error retried every run.
    ['pm_detached', { status: 'declined', reference: null, code: 'card_not_available' }],
  ])('maps Stripe’s answer for %s', async (pm, expected) => {
    expect(await charge(pm, `payment-map-${pm}`)).toEqual(expected);
  });

  it('charges on-session for pay-now: requires_action comes with the client secret for Stripe.js', async () => {
    const result = await provider.charge({
      customerId: 'cus_TestUplift0001',
      paymentMethodId: 'pm_1TestUpliftCard3184',
      amountMinor: asMinor(1750),
      currency: 'NZD',
      idempotencyKey: 'payment-36-attempt-2',
      description: 'Uplift weekly payment 1 of 4',
      metadata: { payment_id: '36' },
      onSession: true,
    });
    expect(Object.fromEntries(lastRequest().form)).not.toHaveProperty('off_session');
    expect(result).toEqual({
      status: 'requires_action',
      reference: 'pi_3TestUpliftOnSess01',
      code: 'authentication_required',
      clientSecret: 'pi_3TestUpliftOnSess01_secret_recorded',
    });
  });

  it('retrieves a charge after the bank step, and detaches a card', async () => {
    expect(await provider.retrieveCharge('pi_3TestUpliftAuth0001')).toEqual({ status: 'succeeded', reference: 'pi_3TestUpliftAuth0001' });
    expect(await provider.retrieveCharge('pi_unknown')).toBeNull();
    await provider.detachPaymentMethod('pm_1TestUpliftCard4242');
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/v1/payment_methods/pm_1TestUpliftCard4242/detach' });
    await expect(provider.detachPaymentMethod('pm_doesNotExist')).resolves.toBeUndefined();
  });

  it('throws when Stripe could not answer, so the caller retries with the same key', async () => {
    await expect(charge('pm_busy', 'payment-34-attempt-1')).rejects.toThrow(/Too many requests/);
  });

  it('finds an earlier charge by its idempotency key through search', async () => {
    expect(await provider.findCharge('payment-31-attempt-1')).toEqual({ status: 'succeeded', reference: 'pi_3TestUpliftPaid0001' });
    expect(lastRequest().query.get('query')).toBe("metadata['idempotency_key']:'payment-31-attempt-1'");
    expect(await provider.findCharge('payment-99-attempt-1')).toBeNull();
  });
});

describe('the secret route with Stripe', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: { STRIPE_SECRET_KEY: 'sk_test_uplift_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_uplift_fake' },
      payments: provider,
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers the client secret with the publishable key, and remembers the customer', async () => {
    const user = await createUser(ctx);
    const res = await call(ctx, 'GET', '/api/payment_method/secret', { token: user.token });
    expect(res.json()).toEqual({
      client_secret: 'seti_1TestUpliftSetup01_secret_TestSecretValue0001',
      provider: 'stripe',
      publishable_key: 'pk_test_uplift_fake',
    });
    const [row] = await ctx.db.select({ customer: users.stripe_customer_id }).from(users).where(eq(users.id, user.id));
    expect(row!.customer).toBe('cus_TestUplift0001');
    // The test provider's card form does not exist with Stripe.
    expect((await call(ctx, 'POST', '/api/test-provider/setup/confirm', { token: user.token, body: {} })).statusCode).toBe(404);
  });

  it('saves a card attached to the user’s customer and refuses another customer’s', async () => {
    const user = await createUser(ctx);
    await ctx.db.update(users).set({ stripe_customer_id: 'cus_TestUplift0001' }).where(eq(users.id, user.id));
    const mine = await call(ctx, 'POST', '/api/payment_method', {
      token: user.token,
      body: { method_name: 'card', is_enabled: true, stripe_payment_method_id: 'pm_1TestUpliftCard4242' },
    });
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031 });
    const theirs = await call(ctx, 'POST', '/api/payment_method', {
      token: user.token,
      body: { method_name: 'card', is_enabled: true, stripe_payment_method_id: 'pm_1TestUpliftCardOther' },
    });
    expect(theirs.statusCode).toBe(403);
  });

  describe('refunds (docs/decisions/132-refunds.md)', () => {
    it('refunds part of a PaymentIntent with its amount and our idempotency key', async () => {
      const result = await provider.refund({
        chargeReference: 'pi_3TestUpliftPay0001',
        amountMinor: asMinor(1000),
        idempotencyKey: 'payment-31-refund-1',
        metadata: { payment_id: '31', refund_id: '1' },
      });
      expect(result).toEqual({ status: 'succeeded', reference: 're_3TestUpliftRefund01' });
      const req = lastRequest();
      expect(req.method).toBe('POST');
      expect(req.path).toBe('/v1/refunds');
      expect(req.headers['idempotency-key']).toBe('payment-31-refund-1');
      expect(req.form.get('payment_intent')).toBe('pi_3TestUpliftPay0001');
      expect(req.form.get('amount')).toBe('1000');
      expect(req.form.get('metadata[refund_id]')).toBe('1');
    });

    it("answers Stripe's refusal with its words, for the admin", async () => {
      const result = await provider.refund({ chargeReference: 'pi_3TestUpliftPay0001', amountMinor: asMinor(3000), idempotencyKey: 'payment-31-refund-2', metadata: {} });
      expect(result).toEqual({ status: 'failed', reference: null, message: 'Refund amount ($30.00) is greater than unrefunded amount on charge ($20.00)' });
    });

    it('throws when Stripe does not answer (rate limit), so the refund stays pending', async () => {
      await expect(provider.refund({ chargeReference: 'pi_busy', amountMinor: asMinor(100), idempotencyKey: 'payment-32-refund-1', metadata: {} })).rejects.toThrow();
    });
  });
});
