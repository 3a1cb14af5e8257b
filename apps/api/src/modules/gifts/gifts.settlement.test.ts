import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gifts, users, webhookEvents } from '../../db/schema.ts';
import { anonymiseLapsedDonors } from '../account/index.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { Mailer } from '../mail/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { anonymiseLapsedGifts, confirmGift, handleGiftPaymentEvent, settleOpenGifts } from './gifts.service.ts';
import { createPage, give, giftBody, giftDeps, giftRow, mailsTo, pay, aFriend } from './gifts.test-support.ts';

// The settlement's edges (docs/decisions/138): what is settled when, what is logged when something
// around it fails, and that one failing gift does not stop the others. Each test stands alone.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const after = (ms: number) => ({ now: () => new Date(ctx.clock.now().getTime() + ms) });
const HOUR = 60 * 60_000;

function capturingLog() {
  return { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
}

async function openGift(over: Record<string, unknown> = {}) {
  const { page, user } = await createPage(ctx);
  const body = giftBody(over);
  const res = await give(ctx, page.slug, body);
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<{ gift_id: number; client_secret: string }>();
  return { page, user, body, giftId: created.gift_id, secret: created.client_secret };
}

describe('settling by asking the provider', () => {
  it('a gift open for a day whose charge was paid succeeds (it is not abandoned); one the provider never made stays open until a full day has passed', async () => {
    const paid = await openGift();
    await pay(ctx, paid.secret);
    await settleOpenGifts(giftDeps(ctx, { clock: after(25 * HOUR) }));
    expect((await giftRow(ctx, paid.giftId)).status).toBe('succeeded');

    const orphan = await openGift();
    await ctx.db.update(gifts).set({ provider_reference: null, idempotency_key: `gift-never-made-${orphan.giftId}` }).where(eq(gifts.id, orphan.giftId));
    await settleOpenGifts(giftDeps(ctx, { clock: after(24 * HOUR) }));
    expect((await giftRow(ctx, orphan.giftId)).status).toBe('pending');
    await settleOpenGifts(giftDeps(ctx, { clock: after(24 * HOUR + 1) }));
    expect((await giftRow(ctx, orphan.giftId)).status).toBe('failed');
  });

  it('a charge still waiting for its card: the gift stays pending and its reference is written', async () => {
    const { giftId, secret } = await openGift();
    const reference = secret.split('_secret_')[0]!;
    await ctx.db.update(gifts).set({ provider_reference: null }).where(eq(gifts.id, giftId));
    const state = await confirmGift(giftDeps(ctx), giftId, secret, aFriend);
    expect(state.status).toBe('pending');
    expect((await giftRow(ctx, giftId)).provider_reference).toBe(reference);
  });

  it('a declined gift: a second confirmation answers 409 (one card per gift), without asking the provider', async () => {
    const { giftId, secret } = await openGift();
    await pay(ctx, secret, '4000000000000341');
    await confirmGift(giftDeps(ctx), giftId, secret, aFriend);
    const real = ctx.app.payments as PaymentProvider;
    const asking: PaymentProvider = { ...real, retrieveGuestCharge: vi.fn(real.retrieveGuestCharge), findGuestCharge: vi.fn(real.findGuestCharge) };
    await expect(confirmGift(giftDeps(ctx, { payments: asking }), giftId, secret, aFriend)).rejects.toMatchObject({
      status: 409,
      code: 'gift.card_declined',
      message: 'This card was declined. Start again with another card.',
    });
    expect(asking.retrieveGuestCharge).not.toHaveBeenCalled();
  });

  it('one gift the provider cannot be asked about is logged and the others are still settled', async () => {
    const broken = await openGift();
    const fine = await openGift();
    await pay(ctx, fine.secret);
    const real = ctx.app.payments as PaymentProvider;
    const brokenRef = broken.secret.split('_secret_')[0];
    const flaky: PaymentProvider = {
      ...real,
      async retrieveGuestCharge(reference) {
        if (reference === brokenRef) throw new Error('connect ETIMEDOUT api.stripe.com');
        return real.retrieveGuestCharge(reference);
      },
    };
    const log = capturingLog();
    await settleOpenGifts(giftDeps(ctx, { payments: flaky, log, clock: after(HOUR) }));
    expect((await giftRow(ctx, fine.giftId)).status).toBe('succeeded');
    expect((await giftRow(ctx, broken.giftId)).status).toBe('pending');
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ giftId: broken.giftId, err: expect.any(Error) }), 'could not ask the provider about an open gift');
  });
});

describe('around the settlement', () => {
  it('mails that cannot be recorded are logged; the gift has succeeded all the same', async () => {
    const { giftId, secret, body } = await openGift();
    await pay(ctx, secret);
    const log = capturingLog();
    const failing: Mailer = { ...ctx.app.mailer, send: () => Promise.reject(new Error('the outbox is full')) };
    expect((await confirmGift(giftDeps(ctx, { mailer: failing, log }), giftId, secret, aFriend)).status).toBe('succeeded');
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ giftId, err: expect.any(Error) }), 'a gift succeeded but its mails could not be recorded');
    expect(await mailsTo(ctx, body.email)).toHaveLength(0);
  });

  it('an event naming a gift that is not ours (or has another charge) is logged and marked processed', async () => {
    const { giftId } = await openGift();
    const log = capturingLog();
    const eventId = `evt_not_ours_${giftId}`;
    await ctx.db.insert(webhookEvents).values({ id: eventId, type: 'payment_intent.succeeded' });
    await handleGiftPaymentEvent(giftDeps(ctx, { log }), {
      eventId,
      type: 'payment_intent.succeeded',
      paymentIntentId: 'pi_someone_else',
      idempotencyKey: null,
      failureCode: null,
      giftId,
    });
    expect((await giftRow(ctx, giftId)).status).toBe('pending');
    expect(log.warn).toHaveBeenCalledWith({ eventId, giftId }, 'a Stripe event named a gift that is not ours or has another charge');
    const [row] = await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
    expect(row!.processed_at).not.toBeNull();
  });
});

describe('retention', () => {
  it('a lapsed donor anonymised by retention: the gifts they made keep their amounts, without their name, email or message', async () => {
    const { page } = await createPage(ctx);
    // A donor whose last pledge and payments are long past (their account is old enough for retention).
    const lapsed = await createPage(ctx, { published: false });
    const [donor] = await ctx.db.select().from(users).where(eq(users.id, lapsed.user.id));
    const body = giftBody({ email: donor!.email, name: 'Old Donor', message: 'From long ago' });
    const created = (await give(ctx, page.slug, body)).json<{ gift_id: number; client_secret: string }>();
    await pay(ctx, created.client_secret);
    await confirmGift(giftDeps(ctx), created.gift_id, created.client_secret, aFriend);

    const farFuture = new Date('2040-01-01T00:00:00Z');
    expect(await anonymiseLapsedDonors({ db: ctx.db, clock: ctx.clock, log: capturingLog() }, farFuture)).toBeGreaterThan(0);
    expect(await giftRow(ctx, created.gift_id)).toMatchObject({ donor_name: null, donor_email: null, message: '', erased_at: expect.any(Date), amount: 2500, status: 'succeeded' });
  });

  it('a friend without an account: gifts older than the donation records’ period lose name, email and message; newer ones keep them', async () => {
    const { page } = await createPage(ctx);
    const made = async (email: string) => {
      const created = (await give(ctx, page.slug, giftBody({ email, name: 'Kiri Friend', message: 'Kia kaha' }))).json<{ gift_id: number; client_secret: string }>();
      await pay(ctx, created.client_secret);
      await confirmGift(giftDeps(ctx), created.gift_id, created.client_secret, aFriend);
      return created.gift_id;
    };
    const old = await made(`old.friend.${Date.now()}@example.org`);
    const recent = await made(`recent.friend.${Date.now()}@example.org`);
    await ctx.db.update(gifts).set({ created_at: new Date('2018-06-01T00:00:00Z') }).where(eq(gifts.id, old));

    const cutoff = new Date('2019-11-26T00:00:00Z');
    expect(await anonymiseLapsedGifts(ctx.db, cutoff, ctx.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await giftRow(ctx, old)).toMatchObject({ donor_name: null, donor_email: null, message: '', erased_at: expect.any(Date), amount: 2500, status: 'succeeded' });
    expect(await giftRow(ctx, recent)).toMatchObject({ donor_name: 'Kiri Friend', message: 'Kia kaha', erased_at: null });
    // A second pass finds nothing more.
    expect(await anonymiseLapsedGifts(ctx.db, cutoff, ctx.clock.now())).toBe(0);
  });
});
