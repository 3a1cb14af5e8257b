import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProviderPaymentMethods, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { call, createUser, saveTestCard, type TestUser } from './payments.test-support.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

async function secretFor(user: TestUser): Promise<string> {
  const res = await call(ctx, 'GET', '/api/payment_method/secret', { token: user.token });
  expect(res.statusCode).toBe(200);
  return res.json().client_secret;
}

function confirmCard(user: TestUser, clientSecret: string, card: Partial<{ number: string; exp_month: number; exp_year: number; cvc: string }> = {}) {
  return call(ctx, 'POST', '/api/test-provider/setup/confirm', {
    token: user.token,
    body: { client_secret: clientSecret, number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', ...card },
  });
}

function savePaymentMethod(user: TestUser, providerId: string) {
  return call(ctx, 'POST', '/api/payment_method', {
    token: user.token,
    body: { method_name: 'card', is_enabled: true, stripe_payment_method_id: providerId },
  });
}

describe('authentication', () => {
  it.each([
    ['GET', '/api/payment_method'],
    ['POST', '/api/payment_method'],
    ['GET', '/api/payment_method/secret'],
    ['GET', '/api/payment_method/1'],
    ['POST', '/api/test-provider/setup/confirm'],
    ['POST', '/api/test-provider/setup/authenticate'],
  ] as const)('%s %s needs a signed-in user', async (method, url) => {
    const res = await call(ctx, method, url, { body: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/payment_method/secret', () => {
  it('creates the provider customer once and answers a fresh client secret for the test provider', async () => {
    const user = await createUser(ctx);
    const first = await call(ctx, 'GET', '/api/payment_method/secret', { token: user.token });
    expect(first.json()).toEqual({ client_secret: expect.stringMatching(/^seti_test_\w+_secret_\w+$/), provider: 'test' });
    expect(first.headers['cache-control']).toBe('no-store');
    const [row] = await ctx.db.select({ customer: users.stripe_customer_id }).from(users).where(eq(users.id, user.id));
    expect(row!.customer).toMatch(/^cus_test_/);
    const second = await call(ctx, 'GET', '/api/payment_method/secret', { token: user.token });
    expect(second.json().client_secret).not.toBe(first.json().client_secret);
    const [again] = await ctx.db.select({ customer: users.stripe_customer_id }).from(users).where(eq(users.id, user.id));
    expect(again!.customer).toBe(row!.customer);
  });
});

describe('saving a card: 4242 4242 4242 4242', () => {
  it('saves it, stores only brand, last4 and expiry, and shows it to its owner only', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const confirmed = await confirmCard(user, await secretFor(user), { number: '4242 4242 4242 4242' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'succeeded', payment_method: expect.stringMatching(/^pm_test_/) });
    const providerId = confirmed.json().payment_method as string;

    const [stored] = await ctx.db.select().from(testProviderPaymentMethods).where(eq(testProviderPaymentMethods.id, providerId));
    expect(stored).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, behaviour: 'succeeds' });
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');

    const saved = await savePaymentMethod(user, providerId);
    expect(saved.statusCode).toBe(201);
    const method = saved.json();
    expect(method).toMatchObject({ method_name: 'card', is_enabled: true, stripe_payment_method_id: providerId, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });

    // Saving it again (a double click) answers with the same row.
    const twice = await savePaymentMethod(user, providerId);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().id).toBe(method.id);

    const list = await call(ctx, 'GET', '/api/payment_method', { token: user.token });
    expect(list.json()).toEqual([method]);
    const one = await call(ctx, 'GET', `/api/payment_method/${method.id}`, { token: user.token });
    expect(one.json()).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });

    expect((await call(ctx, 'GET', `/api/payment_method/${method.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await call(ctx, 'GET', '/api/payment_method', { token: other.token })).json()).toEqual([]);
    // Another user cannot claim the card.
    const claim = await savePaymentMethod(other, providerId);
    expect(claim.statusCode).toBe(403);
  });

  it('refuses a provider payment method that is not on the user’s customer', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const confirmed = await confirmCard(other, await secretFor(other));
    // `user` has no customer yet, then one without that card: both refused.
    expect((await savePaymentMethod(user, confirmed.json().payment_method)).statusCode).toBe(403);
    await secretFor(user);
    const res = await savePaymentMethod(user, confirmed.json().payment_method);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('That card could not be found on your account. Please add it again.');
    expect((await savePaymentMethod(user, 'pm_test_made_up')).statusCode).toBe(403);
  });

  it('validates the body', async () => {
    const user = await createUser(ctx);
    const res = await call(ctx, 'POST', '/api/payment_method', { token: user.token, body: { method_name: 'card', is_enabled: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a payment method');
    const bank = await call(ctx, 'POST', '/api/payment_method', { token: user.token, body: { method_name: 'bank', stripe_payment_method_id: 'x' } });
    expect(bank.statusCode).toBe(400);
    expect((await call(ctx, 'GET', '/api/payment_method/0', { token: user.token })).statusCode).toBe(400);
  });

  it('only accepts the user’s own client secret', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const res = await confirmCard(user, await secretFor(other));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('card.setup_not_found');
  });
});

describe('the test cards', () => {
  it('4000 0000 0000 0002 is declined at setup: "Your card was declined."', async () => {
    const user = await createUser(ctx);
    const secret = await secretFor(user);
    const res = await confirmCard(user, secret, { number: '4000 0000 0000 0002' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ code: 'card.card_error', message: 'Your card was declined.' });
    // The same form can then be used with another card, as with Stripe.
    expect((await confirmCard(user, secret)).statusCode).toBe(200);
  });

  it.each([
    ['4000 0000 0000 0127', "Your card's security code is incorrect."],
    ['4111 1111 1111 1111', 'Your card was declined. This is test mode: please use a test card such as 4242 4242 4242 4242.'],
  ])('%s is declined with "%s"', async (number, message) => {
    const user = await createUser(ctx);
    const res = await confirmCard(user, await secretFor(user), { number });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(message);
  });

  it.each([
    [{ number: '4242 4242 4242' }, 'Your card number is incomplete.'],
    [{ number: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
    [{ exp_month: 10, exp_year: 2026 }, "Your card's expiration date is in the past."],
    [{ exp_month: 13 }, "Your card's expiration date is invalid."],
    [{ cvc: '12' }, "Your card's security code is incomplete."],
    [{ number: '3782 822463 10005', cvc: '123' }, "Your card's security code is incomplete."],
  ])('a malformed card %j is a validation error: %s', async (card, message) => {
    const user = await createUser(ctx);
    const res = await confirmCard(user, await secretFor(user), card);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'card.validation_error', message });
  });

  it('accepts a card expiring this month', async () => {
    const user = await createUser(ctx);
    expect((await confirmCard(user, await secretFor(user), { exp_month: 11, exp_year: 2026 })).statusCode).toBe(200);
  });

  it('4000 0025 0000 3155 asks for authentication; the card is usable only once authenticated', async () => {
    const user = await createUser(ctx);
    const secret = await secretFor(user);
    const res = await confirmCard(user, secret, { number: '4000002500003155' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'requires_action', next_action: { type: 'test_authentication' } });
    const providerId = res.json().payment_method;
    expect((await savePaymentMethod(user, providerId)).statusCode).toBe(403);

    const done = await call(ctx, 'POST', '/api/test-provider/setup/authenticate', {
      token: user.token,
      body: { client_secret: secret, outcome: 'complete' },
    });
    expect(done.json()).toMatchObject({ status: 'succeeded', payment_method: providerId });
    expect((await savePaymentMethod(user, providerId)).statusCode).toBe(201);
  });

  it('a failed authentication saves nothing and can be retried', async () => {
    const user = await createUser(ctx);
    const secret = await secretFor(user);
    const res = await confirmCard(user, secret, { number: '4000002500003155' });
    const failed = await call(ctx, 'POST', '/api/test-provider/setup/authenticate', {
      token: user.token,
      body: { client_secret: secret, outcome: 'fail' },
    });
    expect(failed.statusCode).toBe(402);
    expect(failed.json().message).toMatch(/unable to authenticate/);
    expect(await ctx.db.select().from(testProviderPaymentMethods).where(eq(testProviderPaymentMethods.id, res.json().payment_method))).toEqual([]);
    expect((await confirmCard(user, secret)).statusCode).toBe(200);
  });

  it('a saved card can be read back through the shared helper', async () => {
    const user = await createUser(ctx);
    const card = await saveTestCard(ctx, user, '5555 5555 5555 4444');
    expect(card).toMatchObject({ brand: 'mastercard', last4: '4444' });
  });
});
