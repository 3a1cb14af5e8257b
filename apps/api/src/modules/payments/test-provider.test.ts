import { asMinor } from '@uplift/core/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProviderCharges, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { ChargeRequest } from './payment-provider.ts';
import { passesLuhn, validateCard } from './test-cards.ts';
import type { TestPaymentProvider } from './test-provider-common.ts';
import { createTestProvider } from './test-provider.ts';
import { createUser, saveTestCard } from './payments.test-support.ts';

let ctx: TestContext;
let provider: TestPaymentProvider;

beforeAll(async () => {
  ctx = await createTestContext();
  provider = createTestProvider(ctx.db);
});

afterAll(async () => {
  await ctx.close();
});

async function customerWithCard(number: string) {
  const user = await createUser(ctx);
  const card = await saveTestCard(ctx, user, number);
  const [row] = await ctx.db.select({ customer: users.stripe_customer_id }).from(users).where(eq(users.id, user.id));
  return { customerId: row!.customer!, paymentMethodId: card.stripe_payment_method_id };
}

let keys = 0;
function chargeRequest(card: { customerId: string; paymentMethodId: string }, extra: Partial<ChargeRequest> = {}): ChargeRequest {
  keys += 1;
  return {
    ...card,
    amountMinor: asMinor(1750),
    currency: 'NZD',
    idempotencyKey: `payment-${keys}-attempt-1`,
    description: 'Uplift pledge payment',
    metadata: { payment_id: String(keys) },
    ...extra,
  };
}

describe('charge', () => {
  it('succeeds for 4242 4242 4242 4242', async () => {
    const result = await provider.charge(chargeRequest(await customerWithCard('4242424242424242')));
    expect(result).toEqual({ status: 'succeeded', reference: expect.stringMatching(/^pi_test_/) });
  });

  it('declines every charge of 4000 0000 0000 0341, which saved fine', async () => {
    const card = await customerWithCard('4000000000000341');
    expect(await provider.charge(chargeRequest(card))).toMatchObject({ status: 'declined', code: 'card_declined' });
    expect(await provider.charge(chargeRequest(card))).toMatchObject({ status: 'declined' });
  });

  it.each([
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
  ])('saves %s, then declines its charges with %s, as Stripe documents', async (number, code) => {
    const card = await customerWithCard(number);
    expect(await provider.charge(chargeRequest(card))).toMatchObject({ status: 'declined', code });
  });

  it('4000 0027 6000 3184 saves without a step, asks for authentication on every charge, and is paid once the bank step completes', async () => {
    const card = await customerWithCard('4000002760003184');
    const result = await provider.charge(chargeRequest(card));
    expect(result).toMatchObject({ status: 'requires_action', code: 'authentication_required', clientSecret: expect.stringMatching(/^pi_test_\w+_secret_/) });
    if (result.status !== 'requires_action') throw new Error('expected requires_action');
    // Only the customer's own client secret works.
    const other = await customerWithCard('4242424242424242');
    await expect(provider.authenticatePayment({ customerId: other.customerId, clientSecret: result.clientSecret!, outcome: 'complete' })).rejects.toThrow();
    expect(await provider.authenticatePayment({ customerId: card.customerId, clientSecret: result.clientSecret!, outcome: 'complete' })).toBe('succeeded');
    expect(await provider.retrieveCharge(result.reference!)).toEqual({ status: 'succeeded', reference: result.reference });
  });

  it('declines charges on a detached card (card_not_available)', async () => {
    const card = await customerWithCard('4242424242424242');
    await provider.detachPaymentMethod(card.paymentMethodId);
    expect(await provider.charge(chargeRequest(card))).toMatchObject({ status: 'declined', code: 'card_not_available' });
    expect(await provider.getCard(card.customerId, card.paymentMethodId)).toBeNull();
  });

  it('answers requires_action off-session for 4000 0025 0000 3155', async () => {
    const user = await createUser(ctx);
    const secret = (await ctx.app.inject({ method: 'GET', url: '/api/payment_method/secret', headers: { authorization: `Bearer ${user.token}` } })).json().client_secret;
    const [row] = await ctx.db.select({ customer: users.stripe_customer_id }).from(users).where(eq(users.id, user.id));
    const confirmation = await provider.confirmSetup({
      customerId: row!.customer!,
      clientSecret: secret,
      card: { number: '4000002500003155', exp_month: 1, exp_year: 2031, cvc: '999' },
      now: ctx.clock.now(),
    });
    await provider.authenticateSetup({ customerId: row!.customer!, clientSecret: secret, outcome: 'complete' });
    const result = await provider.charge(chargeRequest({ customerId: row!.customer!, paymentMethodId: confirmation.payment_method }));
    expect(result).toMatchObject({ status: 'requires_action', reference: expect.stringMatching(/^pi_test_/) });
  });

  it('declines a card that is not the customer’s', async () => {
    const mine = await customerWithCard('4242424242424242');
    const theirs = await customerWithCard('4242424242424242');
    const result = await provider.charge(chargeRequest({ customerId: mine.customerId, paymentMethodId: theirs.paymentMethodId }));
    expect(result).toMatchObject({ status: 'declined' });
  });

  it('is idempotent by key: the same key charges once and always gives the same answer', async () => {
    const card = await customerWithCard('4242424242424242');
    const request = chargeRequest(card);
    const [a, b] = await Promise.all([provider.charge(request), provider.charge(request)]);
    const c = await provider.charge(request);
    expect(a).toEqual(b);
    expect(c).toEqual(a);
    const rows = await ctx.db.select().from(testProviderCharges).where(eq(testProviderCharges.idempotency_key, request.idempotencyKey));
    expect(rows).toHaveLength(1);
    expect(await provider.findCharge(request.idempotencyKey)).toEqual(a);
  });

  it('refuses a reused key with different parameters, as Stripe does', async () => {
    const card = await customerWithCard('4242424242424242');
    const request = chargeRequest(card);
    await provider.charge(request);
    await expect(provider.charge({ ...request, amountMinor: asMinor(9999) })).rejects.toThrow(/already used with different charge parameters/);
  });

  it('findCharge answers null for a key never used, and a decline for a declined one', async () => {
    expect(await provider.findCharge('never-used')).toBeNull();
    const card = await customerWithCard('4000000000000341');
    const request = chargeRequest(card);
    await provider.charge(request);
    expect(await provider.findCharge(request.idempotencyKey)).toMatchObject({ status: 'declined' });
  });
});

describe('getCard', () => {
  it('answers the card only to its own customer', async () => {
    const card = await customerWithCard('378282246310005');
    expect(await provider.getCard(card.customerId, card.paymentMethodId)).toEqual({ brand: 'amex', last4: '0005', exp_month: 12, exp_year: 2030 });
    expect(await provider.getCard('cus_test_someone_else', card.paymentMethodId)).toBeNull();
  });
});

describe('card checks', () => {
  const now = new Date('2026-11-23T09:00:00Z');
  it('Luhn', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000002500003155')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
  });
  it('validates like a card form', () => {
    const ok = { number: '4242 4242 4242 4242', exp_month: 11, exp_year: 2026, cvc: '123' };
    expect(validateCard(ok, now)).toBeNull();
    expect(validateCard({ ...ok, number: '' }, now)?.field).toBe('number');
    expect(validateCard({ ...ok, number: '4242-4242-4242-4242' }, now)).toBeNull();
    expect(validateCard({ ...ok, number: '4242 abcd' }, now)?.message).toBe('Your card number is invalid.');
    expect(validateCard({ ...ok, exp_month: 10 }, now)?.field).toBe('expiry');
    expect(validateCard({ ...ok, cvc: '1234' }, now)?.field).toBe('cvc');
  });
});
