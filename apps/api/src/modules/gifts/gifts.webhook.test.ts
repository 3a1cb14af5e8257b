import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifts, webhookEvents } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createStripeEventDispatcher, type GuestChargeState, type PaymentProvider, type StripeWebhookJob } from '../payments/index.ts';
import { GIFT_LIMITS } from '@uplift/core/gifts';
import { cardOverLimit } from './gift-limits.ts';
import { handleGiftPaymentEvent } from './gifts.service.ts';
import { confirm, createPage, give, giftBody, giftDeps, giftRow, mailsTo } from './gifts.test-support.ts';

// Stripe's webhook settles what the browser did not (docs/decisions/138): an event with
// metadata.gift_id goes to the gifts module, every other one to billing; a later confirm changes nothing.

const SECRET = 'whsec_test_uplift_webhook_secret';
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_uplift_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_uplift_fake', STRIPE_WEBHOOK_SECRET: SECRET };

/** A provider whose guest charges stand where the test says (Stripe's side, without the network). */
const charges = new Map<string, { key: string; state: GuestChargeState }>();
let asked = 0;
const notUsed = () => Promise.reject(new Error('not used by gifts'));
const stripeLike: PaymentProvider = {
  name: 'stripe',
  publicConfig: { provider: 'stripe', publishableKey: 'pk_test_uplift_fake' },
  ensureCustomer: notUsed,
  createSetupSecret: notUsed,
  getCard: notUsed,
  charge: notUsed,
  findCharge: notUsed,
  retrieveCharge: notUsed,
  refund: notUsed,
  detachPaymentMethod: notUsed,
  async createGuestCharge(request) {
    const known = [...charges.entries()].find(([, c]) => c.key === request.idempotencyKey);
    const reference = known?.[0] ?? `pi_gift_${charges.size + 1}`;
    if (!known) charges.set(reference, { key: request.idempotencyKey, state: { status: 'awaiting_payment', reference } });
    return { reference, clientSecret: `${reference}_secret_abc` };
  },
  async retrieveGuestCharge(reference) {
    asked += 1;
    return charges.get(reference)?.state ?? null;
  },
  async findGuestCharge(key) {
    asked += 1;
    return [...charges.values()].find((c) => c.key === key)?.state ?? null;
  },
  async cancelGuestCharge(reference) {
    cancelled.push(reference);
    const charge = charges.get(reference);
    if (!charge || charge.state.status === 'succeeded' || (charge.state.status === 'declined' && charge.state.code === 'canceled')) return { cancelled: false, cardFingerprint: null };
    charge.state = { status: 'declined', reference, code: 'canceled' };
    return { cancelled: true, cardFingerprint: 'fp_test_card' };
  },
};
const cancelled: string[] = [];

let ctx: TestContext;
let events = 0;

beforeAll(async () => {
  ctx = await createTestContext({ env: STRIPE_ENV, payments: stripeLike });
});
afterAll(async () => ctx.close());

function event(type: 'payment_intent.succeeded' | 'payment_intent.payment_failed', intent: string, metadata: Record<string, string>, id = `evt_gift_${(events += 1)}`) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: 1795424600,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: intent,
        object: 'payment_intent',
        amount: 2500,
        currency: 'nzd',
        metadata,
        last_payment_error: type === 'payment_intent.payment_failed' ? { code: 'card_declined', decline_code: 'insufficient_funds', type: 'card_error' } : null,
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
      },
    },
  });
}

function deliver(body: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }) },
    payload: body,
  });
}

describe("Stripe's events about gifts", () => {
  it('payment_intent.succeeded settles the gift once; a redelivery and a later confirm change nothing', async () => {
    const { page, user } = await createPage(ctx);
    const body = giftBody();
    const created = await give(ctx, page.slug, body);
    expect(created.json()).toMatchObject({ status: 'pending', provider: 'stripe', publishable_key: 'pk_test_uplift_fake', client_secret: 'pi_gift_1_secret_abc' });
    const giftId = created.json().gift_id as number;

    const succeeded = event('payment_intent.succeeded', 'pi_gift_1', { gift_id: String(giftId), idempotency_key: 'x' });
    expect((await deliver(succeeded)).json()).toEqual({ received: true });
    expect(await giftRow(ctx, giftId)).toMatchObject({ status: 'succeeded', provider_reference: 'pi_gift_1', receipt_number: expect.stringMatching(/^NZ-2026-\d{6}$/) });
    expect(await mailsTo(ctx, body.email)).toHaveLength(1);
    expect(await mailsTo(ctx, user.email)).toHaveLength(1);
    const [row] = await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, `evt_gift_${events}`));
    expect(row!.processed_at).not.toBeNull();

    expect((await deliver(succeeded)).json()).toEqual({ received: true, duplicate: true });
    // The provider now says something else (it should not): the settled gift stays as it is.
    charges.get('pi_gift_1')!.state = { status: 'declined', reference: 'pi_gift_1', code: 'card_declined' };
    const askedBefore = asked;
    const later = await confirm(ctx, giftId, 'pi_gift_1_secret_abc');
    // A settled gift is answered as it stands: the provider is not asked again.
    expect(asked).toBe(askedBefore);
    expect(later.json()).toMatchObject({ status: 'succeeded', receipt_number: (await giftRow(ctx, giftId)).receipt_number });
    expect(await mailsTo(ctx, body.email)).toHaveLength(1);
    expect(await mailsTo(ctx, user.email)).toHaveLength(1);
  });

  it('payment_intent.payment_failed fails an open gift and cancels its charge: no other card can be tried on it, a later confirm answers 409', async () => {
    const { page } = await createPage(ctx);
    const body = giftBody();
    const giftId = (await give(ctx, page.slug, body)).json().gift_id as number;
    const reference = (await giftRow(ctx, giftId)).provider_reference!;
    await deliver(event('payment_intent.payment_failed', reference, { gift_id: String(giftId) }));
    expect(await giftRow(ctx, giftId)).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds' });
    // The charge was cancelled at once: its client secret takes no other card.
    expect(cancelled.filter((r) => r === reference)).toHaveLength(1);
    expect(charges.get(reference)!.state).toMatchObject({ status: 'declined', code: 'canceled' });
    const confirmed = await confirm(ctx, giftId, `${reference}_secret_abc`);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json()).toEqual({ code: 'gift.card_declined', message: 'This card was declined. Start again with another card.' });
    // A redelivered failure does not cancel again.
    await deliver(event('payment_intent.payment_failed', reference, { gift_id: String(giftId) }));
    expect(cancelled.filter((r) => r === reference)).toHaveLength(1);
    expect(await mailsTo(ctx, body.email)).toHaveLength(0);
  });

  it('a success that won the race with the cancel (another card paid first) is still settled, once', async () => {
    const { page } = await createPage(ctx);
    const body = giftBody();
    const giftId = (await give(ctx, page.slug, body)).json().gift_id as number;
    const reference = (await giftRow(ctx, giftId)).provider_reference!;
    charges.get(reference)!.state = { status: 'succeeded', reference };
    await deliver(event('payment_intent.payment_failed', reference, { gift_id: String(giftId) }));
    expect((await giftRow(ctx, giftId)).status).toBe('succeeded');
    await deliver(event('payment_intent.succeeded', reference, { gift_id: String(giftId) }));
    expect(await mailsTo(ctx, body.email)).toHaveLength(1);
  });

  it('a decline whose event names no card counts under the card its cancellation reports; past its limit that card is refused and its charge cancelled, but money it already paid is settled', async () => {
    const { page } = await createPage(ctx);
    const card = 'fp_test_card'; // what this provider's cancellation reports
    const ip = '203.0.113.61';
    for (let i = 0; i < GIFT_LIMITS.declinesPerCardPerDay; i += 1) {
      const giftId = (await give(ctx, page.slug, giftBody(), ip)).json().gift_id as number;
      const reference = (await giftRow(ctx, giftId)).provider_reference!;
      // Stripe's failure event carries no card: the fingerprint comes from cancelling the charge.
      await deliver(event('payment_intent.payment_failed', reference, { gift_id: String(giftId) }));
      expect((await giftRow(ctx, giftId)).status).toBe('failed');
    }
    expect(await cardOverLimit(ctx.db, giftDeps(ctx).attemptKey, card, ctx.clock.now())).toBe(true);

    // The same card on a new gift, not settled yet: refused, and its charge cancelled before it can settle.
    const refusedId = (await give(ctx, page.slug, giftBody(), ip)).json().gift_id as number;
    const refusedRef = (await giftRow(ctx, refusedId)).provider_reference!;
    charges.get(refusedRef)!.state = { status: 'processing', reference: refusedRef, cardFingerprint: card };
    const refused = await confirm(ctx, refusedId, `${refusedRef}_secret_abc`, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('gift.rate_limited');
    expect(cancelled).toContain(refusedRef);
    expect(await giftRow(ctx, refusedId)).toMatchObject({ status: 'failed', failure_code: 'card_limit' });

    // The same card where the provider already took the money: the gift is settled, never cancelled.
    const paidId = (await give(ctx, page.slug, giftBody(), ip)).json().gift_id as number;
    const paidRef = (await giftRow(ctx, paidId)).provider_reference!;
    charges.get(paidRef)!.state = { status: 'succeeded', reference: paidRef, cardFingerprint: card };
    const paid = await confirm(ctx, paidId, `${paidRef}_secret_abc`, ip);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded', receipt_number: expect.stringMatching(/^NZ-2026-\d{6}$/) });
    expect(cancelled).not.toContain(paidRef);
  });

  it('an event naming a gift with another charge changes nothing; an event without gift_id goes to billing', async () => {
    const { page } = await createPage(ctx);
    const giftId = (await give(ctx, page.slug, giftBody())).json().gift_id as number;
    await deliver(event('payment_intent.succeeded', 'pi_someone_else', { gift_id: String(giftId) }));
    expect((await giftRow(ctx, giftId)).status).toBe('pending');
    const billing = await deliver(event('payment_intent.succeeded', 'pi_not_a_gift', { idempotency_key: 'payment-1-attempt-1' }));
    expect(billing.statusCode).toBe(200);
    expect((await giftRow(ctx, giftId)).status).toBe('pending');
  });

  it('settles a gift whose reference was never written (a crash after the provider’s call); a job for an event already processed changes nothing', async () => {
    const { page } = await createPage(ctx);
    const body = giftBody();
    const giftId = (await give(ctx, page.slug, body)).json().gift_id as number;
    const reference = (await giftRow(ctx, giftId)).provider_reference!;
    await ctx.db.update(gifts).set({ provider_reference: null }).where(eq(gifts.id, giftId));

    // A retried job of an event that was processed meanwhile: nothing happens.
    const processed = event('payment_intent.payment_failed', reference, { gift_id: String(giftId) });
    await ctx.db.insert(webhookEvents).values({ id: JSON.parse(processed).id, type: 'payment_intent.payment_failed', processed_at: new Date() });
    await handleGiftPaymentEvent(giftDeps(ctx), {
      eventId: JSON.parse(processed).id,
      type: 'payment_intent.payment_failed',
      paymentIntentId: reference,
      idempotencyKey: null,
      failureCode: 'card_declined',
      giftId,
    });
    expect((await giftRow(ctx, giftId)).status).toBe('pending');

    await deliver(event('payment_intent.succeeded', reference, { gift_id: String(giftId) }));
    expect(await giftRow(ctx, giftId)).toMatchObject({ status: 'succeeded', provider_reference: reference });
    expect(await mailsTo(ctx, body.email)).toHaveLength(1);
  });

  it('a confirm for a gift with no reference finds its charge by the idempotency key; an unknown charge is not found', async () => {
    const { page } = await createPage(ctx);
    const giftId = (await give(ctx, page.slug, giftBody())).json().gift_id as number;
    const reference = (await giftRow(ctx, giftId)).provider_reference!;
    await ctx.db.update(gifts).set({ provider_reference: null }).where(eq(gifts.id, giftId));
    charges.get(reference)!.state = { status: 'succeeded', reference };
    const settled = await confirm(ctx, giftId, `${reference}_secret_abc`);
    expect(settled.json()).toMatchObject({ status: 'succeeded' });
    expect((await giftRow(ctx, giftId)).provider_reference).toBe(reference);

    const [orphan] = await ctx.db
      .insert(gifts)
      .values({ page_id: page.id, campaign_id: page.campaign_id, recipient_id: (await giftRow(ctx, giftId)).recipient_id, amount: 1000 as never, idempotency_key: 'gift-unknown', client_key: 'unknown' })
      .returning();
    expect((await confirm(ctx, orphan!.id, 'pi_x_secret_abc')).statusCode).toBe(404);
  });
});

describe('dispatching Stripe’s payment events (docs/decisions/150)', () => {
  it('sends an event with a gift id to the handler gifts registered and every other event to billing’s, each once; a processed one to neither', async () => {
    const seen: string[] = [];
    const dispatcher = createStripeEventDispatcher({ db: ctx.db });
    dispatcher.register('gift', async (job) => void seen.push(`gift ${job.eventId}`));
    dispatcher.register('pledge-payment', async (job) => void seen.push(`billing ${job.eventId}`));
    const event = (eventId: string, giftId?: number | null): StripeWebhookJob => ({ eventId, type: 'payment_intent.succeeded', paymentIntentId: `pi_${eventId}`, idempotencyKey: null, failureCode: null, giftId });
    const ids = ['route_a', 'route_b', 'route_c', 'route_done'];
    await ctx.db.insert(webhookEvents).values(ids.map((id) => ({ id, type: 'payment_intent.succeeded', ...(id === 'route_done' ? { processed_at: new Date() } : {}) })));
    await dispatcher.dispatch(event('route_a', 7));
    await dispatcher.dispatch(event('route_b'));
    await dispatcher.dispatch(event('route_c', null));
    await dispatcher.dispatch(event('route_done', 7));
    expect(seen).toEqual(['gift route_a', 'billing route_b', 'billing route_c']);
  });
});
