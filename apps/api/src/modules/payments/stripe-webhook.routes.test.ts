import { asMinor } from '@uplift/core/money';
import { eq } from 'drizzle-orm';
import type { PaymentStatus } from '@uplift/core/statuses';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mails, payments, pledges, webhookEvents } from '../../db/schema.ts';
import type { Queue } from '../../queue/queue.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { acceptStripeEvent, createStripeEventDispatcher, markStripeEventProcessed, STRIPE_WEBHOOK_JOB, type StripeWebhookJob } from './stripe-webhook.service.ts';
import { createCampaign, createUser, referenceIds } from './payments.test-support.ts';

const SECRET = 'whsec_test_uplift_webhook_secret';
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_uplift_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_uplift_fake', STRIPE_WEBHOOK_SECRET: SECRET };

let ctx: TestContext;
let pledgeId: number;
let userEmail: string;
let eventCount = 0;

function paymentIntentEvent(type: string, intent: { id: string; idempotencyKey?: string; failure?: string }) {
  eventCount += 1;
  return JSON.stringify({
    id: `evt_test_${eventCount}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: 1795424600,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: intent.idempotencyKey ?? null },
    type,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: 1750,
        currency: 'nzd',
        metadata: intent.idempotencyKey ? { idempotency_key: intent.idempotencyKey } : {},
        last_payment_error: intent.failure ? { code: 'card_declined', decline_code: intent.failure, message: 'Your card was declined.', type: 'card_error' } : null,
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
      },
    },
  });
}

function post(body: string, signature: string | undefined) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: body,
  });
}

const sign = (body: string, secret = SECRET) => Stripe.webhooks.generateTestHeaderString({ payload: body, secret });

async function paymentRow(values: {
  idempotency_key?: string;
  provider_reference?: string;
  payment_status?: PaymentStatus;
  date: string;
  processing_at?: Date;
}) {
  const [row] = await ctx.db
    .insert(payments)
    .values({
      pledge_id: pledgeId,
      processing_date: values.date,
      amount: asMinor(1750),
      payment_status: values.payment_status ?? 'Pending',
      idempotency_key: values.idempotency_key ?? null,
      provider_reference: values.provider_reference ?? null,
      processing_at: values.processing_at ?? null,
    })
    .returning();
  return row!;
}

const reload = async (id: number) => (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;

beforeAll(async () => {
  ctx = await createTestContext({ env: STRIPE_ENV });
  const user = await createUser(ctx);
  userEmail = user.email;
  const ids = await referenceIds(ctx);
  const campaign = await createCampaign(ctx, { start: '2026-11-01', end: '2026-12-20', billing: '2026-11-02' });
  const [pledge] = await ctx.db
    .insert(pledges)
    .values({
      user_id: user.id,
      campaign_id: campaign,
      challenge_id: ids.challengeId,
      recipient_id: ids.recipientId,
      number_of_units: 5,
      cost_per_unit: asMinor(350),
      confirmed_amount: asMinor(7000),
      pledge_status: 'Confirmed',
    })
    .returning();
  pledgeId = pledge!.id;
});

afterAll(async () => {
  await ctx.close();
});

describe('POST /api/webhooks/stripe', () => {
  it('refuses a bad or missing signature with 400 and records nothing', async () => {
    const body = paymentIntentEvent('payment_intent.succeeded', { id: 'pi_forged' });
    const forged = await post(body, sign(body, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'webhook.invalid_signature' });
    expect((await post(body, undefined)).statusCode).toBe(400);
    // A body changed after signing fails too: the check is on the raw bytes.
    const signature = sign(body);
    expect((await post(body.replace('1750', '9999'), signature)).statusCode).toBe(400);
    expect(await ctx.db.select().from(webhookEvents)).toEqual([]);
  });

  it('marks the payment Success on payment_intent.succeeded, matched by idempotency key', async () => {
    const payment = await paymentRow({ idempotency_key: 'payment-a-attempt-1', date: '2026-11-02' });
    const body = paymentIntentEvent('payment_intent.succeeded', { id: 'pi_paid_a', idempotencyKey: 'payment-a-attempt-1' });
    const res = await post(body, sign(body));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await reload(payment.id)).toMatchObject({ payment_status: 'Success', provider_reference: 'pi_paid_a' });
    const [event] = await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, JSON.parse(body).id));
    expect(event!.processed_at).toBeInstanceOf(Date);
  });

  it('settles a payment that was processing: Success with one receipt, and no failure mail', async () => {
    const payment = await paymentRow({ idempotency_key: 'payment-p-attempt-1', provider_reference: 'pi_processing_p', date: '2026-11-23', processing_at: new Date() });
    const body = paymentIntentEvent('payment_intent.succeeded', { id: 'pi_processing_p', idempotencyKey: 'payment-p-attempt-1' });
    expect((await post(body, sign(body))).statusCode).toBe(200);
    expect(await reload(payment.id)).toMatchObject({ payment_status: 'Success', processing_at: null });
    const sent = await ctx.db.select().from(mails).where(eq(mails.to_address, userEmail));
    expect(sent.map((m) => m.kind)).toEqual(['payment-receipt']);
    // The same event again, and a late failure event: nothing changes, nothing more is mailed.
    expect((await post(body, sign(body))).json()).toEqual({ received: true, duplicate: true });
    const late = paymentIntentEvent('payment_intent.payment_failed', { id: 'pi_processing_p', failure: 'insufficient_funds' });
    await post(late, sign(late));
    expect((await reload(payment.id)).payment_status).toBe('Success');
    expect(await ctx.db.select().from(mails).where(eq(mails.to_address, userEmail))).toHaveLength(1);
    await ctx.db.delete(mails).where(eq(mails.to_address, userEmail));
  });

  it('a processing payment that fails becomes Failed with its code and one failure mail linking to pay it', async () => {
    const payment = await paymentRow({ provider_reference: 'pi_processing_f', date: '2026-11-24', processing_at: new Date() });
    const body = paymentIntentEvent('payment_intent.payment_failed', { id: 'pi_processing_f', failure: 'insufficient_funds' });
    expect((await post(body, sign(body))).statusCode).toBe(200);
    expect(await reload(payment.id)).toMatchObject({ payment_status: 'Failed', failure_reason: 'insufficient_funds' });
    const sent = await ctx.db.select().from(mails).where(eq(mails.to_address, userEmail));
    expect(sent.map((m) => m.kind)).toEqual(['payment-failed']);
    expect(sent[0]!.text_body).toContain(`/summary?pay=${payment.id}`);
    await ctx.db.delete(mails).where(eq(mails.to_address, userEmail));
  });

  it('ignores a redelivered event', async () => {
    const payment = await paymentRow({ provider_reference: 'pi_failed_b', date: '2026-11-09' });
    const body = paymentIntentEvent('payment_intent.payment_failed', { id: 'pi_failed_b', failure: 'insufficient_funds' });
    expect((await post(body, sign(body))).json()).toEqual({ received: true });
    expect(await reload(payment.id)).toMatchObject({ payment_status: 'Failed', failure_reason: 'insufficient_funds' });

    // Someone fixes the row by hand; the same event arriving again must not undo it.
    await ctx.db.update(payments).set({ payment_status: 'Pending' }).where(eq(payments.id, payment.id));
    const again = await post(body, sign(body));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect((await reload(payment.id)).payment_status).toBe('Pending');
    expect(await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, JSON.parse(body).id))).toHaveLength(1);
  });

  it('never turns a Success into Failed, matched by provider reference', async () => {
    const payment = await paymentRow({ provider_reference: 'pi_paid_c', payment_status: 'Success', date: '2026-11-16' });
    const body = paymentIntentEvent('payment_intent.payment_failed', { id: 'pi_paid_c', failure: 'late failure' });
    expect((await post(body, sign(body))).statusCode).toBe(200);
    expect((await reload(payment.id)).payment_status).toBe('Success');
  });

  it("settling the pledge's final payment attaches the PDF receipt, as billing's final receipt does", async () => {
    // The latest date of this pledge's payments in this file: it is the final one.
    const payment = await paymentRow({ idempotency_key: 'payment-z-attempt-1', provider_reference: 'pi_processing_z', date: '2026-12-28', processing_at: new Date() });
    const body = paymentIntentEvent('payment_intent.succeeded', { id: 'pi_processing_z', idempotencyKey: 'payment-z-attempt-1' });
    expect((await post(body, sign(body))).statusCode).toBe(200);
    expect((await reload(payment.id)).payment_status).toBe('Success');
    const [receipt] = await ctx.db.select().from(mails).where(eq(mails.to_address, userEmail));
    expect(receipt!.kind).toBe('payment-receipt');
    expect(receipt!.attachments).toHaveLength(1);
    expect(receipt!.attachments![0]!.contentType).toBe('application/pdf');
    await ctx.db.delete(mails).where(eq(mails.to_address, userEmail));
  });

  it('acknowledges event types it does not handle', async () => {
    const body = JSON.stringify({ id: 'evt_other_1', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } });
    const res = await post(body, sign(body));
    expect(res.json()).toEqual({ received: true });
    const [event] = await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_other_1'));
    expect(event).toMatchObject({ type: 'customer.created' });
    expect(event!.processed_at).toBeInstanceOf(Date);
  });
});

describe('the dispatcher (docs/decisions/150)', () => {
  it("sends a pledge payment's event only to billing's handler and a gift's only to the gifts handler, once each, however often Stripe delivers them", async () => {
    const dispatcher = createStripeEventDispatcher({ db: ctx.db });
    const handled = (job: StripeWebhookJob) => markStripeEventProcessed(ctx.db, job.eventId, ctx.clock.now());
    const billing = vi.fn(handled);
    const gifts = vi.fn(handled);
    dispatcher.register('pledge-payment', billing);
    dispatcher.register('gift', gifts);
    const accept = (body: string) => acceptStripeEvent({ db: ctx.db, clock: ctx.clock, queue: undefined, handle: dispatcher.dispatch }, JSON.parse(body));

    const paymentEvent = paymentIntentEvent('payment_intent.succeeded', { id: 'pi_dispatch_payment', idempotencyKey: 'payment-dispatch-attempt-1' });
    const giftEvent = paymentIntentEvent('payment_intent.succeeded', { id: 'pi_dispatch_gift' }).replace('"metadata":{}', '"metadata":{"gift_id":"42"}');
    for (const body of [paymentEvent, giftEvent, paymentEvent, giftEvent]) await accept(body);

    expect(billing.mock.calls.map(([job]) => [job.eventId, job.paymentIntentId, job.giftId])).toEqual([[JSON.parse(paymentEvent).id, 'pi_dispatch_payment', undefined]]);
    expect(gifts.mock.calls.map(([job]) => [job.eventId, job.paymentIntentId, job.giftId])).toEqual([[JSON.parse(giftEvent).id, 'pi_dispatch_gift', 42]]);
  });

  it('refuses a second handler for the same events, and fails (for the job to retry) an event nobody registered for', async () => {
    const dispatcher = createStripeEventDispatcher({ db: ctx.db });
    dispatcher.register('pledge-payment', async () => {});
    expect(() => dispatcher.register('pledge-payment', async () => {})).toThrow(/registered already/);
    const body = paymentIntentEvent('payment_intent.succeeded', { id: 'pi_nobody' }).replace('"metadata":{}', '"metadata":{"gift_id":"7"}');
    await expect(acceptStripeEvent({ db: ctx.db, clock: ctx.clock, queue: undefined, handle: dispatcher.dispatch }, JSON.parse(body))).rejects.toThrow(/no handler of Stripe's gift events/);
    const [row] = await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, JSON.parse(body).id));
    expect(row!.processed_at).toBeNull();
  });
});

describe('with a job queue', () => {
  it('hands the event to the pg-boss job and answers at once', async () => {
    const sent: { name: string; data: unknown }[] = [];
    const queue = { send: async (name: string, data: unknown) => void sent.push({ name, data }) } as unknown as Queue;
    const queued = await createTestContext({ env: STRIPE_ENV, queue });
    try {
      const body = paymentIntentEvent('payment_intent.succeeded', { id: 'pi_q', idempotencyKey: 'payment-q-attempt-1' });
      const res = await queued.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(body) },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      expect(sent).toEqual([
        {
          name: STRIPE_WEBHOOK_JOB,
          data: { eventId: JSON.parse(body).id, type: 'payment_intent.succeeded', paymentIntentId: 'pi_q', idempotencyKey: 'payment-q-attempt-1', failureCode: null },
        },
      ]);
    } finally {
      await queued.close();
    }
  });
});

describe('without a webhook secret', () => {
  it('answers 404: webhooks are not configured', async () => {
    const plain = await createTestContext();
    try {
      const res = await plain.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
