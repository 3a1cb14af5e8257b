import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { startFakeStripe, type FakeRoute } from '../payments/stripe-fake-server.test-support.ts';
import { createStripeProvider } from '../payments/stripe-provider.ts';
import { confirm, createPage, give, giftBody, giftRow } from './gifts.test-support.ts';

// One card attempt per gift with Stripe (docs/decisions/155), through the real `stripe` SDK against
// the fake Stripe server: the first decline cancels the PaymentIntent, so its client secret takes no
// other card, and a second confirmation answers 409 without asking Stripe again.

const PI = 'pi_3TestUpliftGift0001';
let cancelled = false;
const routes: FakeRoute[] = [
  { method: 'POST', path: '/v1/payment_intents', respond: () => ({ status: 200, fixture: 'payment_intent.create.guest' }) },
  {
    method: 'GET',
    path: `/v1/payment_intents/${PI}`,
    respond: () => ({ status: 200, fixture: cancelled ? 'payment_intent.cancel.guest' : 'payment_intent.retrieve.guest_declined' }),
  },
  {
    method: 'POST',
    path: `/v1/payment_intents/${PI}/cancel`,
    respond: () => {
      if (cancelled) return { status: 400, fixture: 'error.payment_intent_unexpected_state' };
      cancelled = true;
      return { status: 200, fixture: 'payment_intent.cancel.guest' };
    },
  },
  { method: 'POST', path: '/v1/payment_intents/pi_paid/cancel', respond: () => ({ status: 400, fixture: 'error.payment_intent_unexpected_state' }) },
];

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let ctx: TestContext;

beforeAll(async () => {
  fake = await startFakeStripe(routes);
  const payments = createStripeProvider({ secretKey: 'sk_test_uplift_fake', publishableKey: 'pk_test_uplift_fake', host: '127.0.0.1', port: fake.port, protocol: 'http' });
  ctx = await createTestContext({ env: { STRIPE_SECRET_KEY: 'sk_test_uplift_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_uplift_fake' }, payments });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('a declined Stripe gift', () => {
  it('is cancelled at Stripe on the first decline and cannot be confirmed again', async () => {
    const { page } = await createPage(ctx);
    const created = await give(ctx, page.slug, giftBody());
    expect(created.statusCode, created.body).toBe(201);
    const { gift_id, client_secret } = created.json<{ gift_id: number; client_secret: string }>();
    expect(client_secret).toBe(`${PI}_secret_recorded`);

    const first = await confirm(ctx, gift_id, client_secret);
    expect(first.json()).toMatchObject({ status: 'failed', failure_message: 'Your card did not have enough funds for this payment.' });
    // The fake Stripe saw the cancel, once, with its reason.
    const cancels = fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${PI}/cancel`);
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.form.get('cancellation_reason')).toBe('abandoned');
    expect(await giftRow(ctx, gift_id)).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds' });

    const calls = fake.requests.length;
    const again = await confirm(ctx, gift_id, client_secret);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'gift.card_declined', message: 'This card was declined. Start again with another card.' });
    expect(fake.requests.length).toBe(calls);
  });

  it('the provider reads the card fingerprint of a cancelled charge; a charge already paid is not cancelled', async () => {
    expect(await ctx.app.payments.cancelGuestCharge('pi_paid')).toEqual({ cancelled: false, cardFingerprint: null });
    expect(await ctx.app.payments.retrieveGuestCharge(PI)).toEqual({ status: 'declined', reference: PI, code: 'insufficient_funds', cardFingerprint: 'Fp9TestUpliftCard' });
    // A retrieve asks Stripe for the payment method too (its card's fingerprint).
    expect(fake.requests.at(-1)!.query.get('expand[0]')).toBe('payment_method');
  });
});
