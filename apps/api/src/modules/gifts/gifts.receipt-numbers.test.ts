import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { confirmGift, settleOpenGifts } from './gifts.service.ts';
import { confirm, createPage, give, giftBody, giftDeps, giftRow, pay, aFriend } from './gifts.test-support.ts';

// One receipt numbering for everything a person gives (docs/decisions/150, product-rules §21): a
// friend's gift takes its number from the same per-country, per-year sequence as pledge payments
// (receipt_counters, docs/decisions/080), when it is settled as received, in the order received;
// a declined or pending attempt takes none, and none is reused.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** The number's place in its sequence: 'NZ-2026-000124' → 124. */
const seqOf = (receipt: string | null) => {
  expect(receipt).toMatch(/^NZ-2026-\d{6}$/);
  return Number(receipt!.slice(-6));
};

async function receivePayment(id: number) {
  const [row] = await ctx.db.update(payments).set({ payment_status: 'Success', settled_at: ctx.clock.now() }).where(eq(payments.id, id)).returning();
  return row!.receipt_number;
}

async function openGift(slug: string) {
  const created = (await give(ctx, slug, giftBody())).json<{ gift_id: number; client_secret: string }>();
  return { giftId: created.gift_id, secret: created.client_secret };
}

describe('one receipt numbering for pledge payments and gifts', () => {
  it('two declined attempts then a good gift, between two pledge payments received: consecutive numbers of one sequence, none for a declined or open attempt', async () => {
    const { page, pledge } = await createPage(ctx);
    const [week1, week2] = await ctx.db.select().from(payments).where(eq(payments.pledge_id, pledge.id)).orderBy(payments.processing_date);

    const first = seqOf(await receivePayment(week1!.id));

    for (const _ of [1, 2]) {
      const declined = await openGift(page.slug);
      await pay(ctx, declined.secret, '4000000000000341');
      expect((await confirm(ctx, declined.giftId, declined.secret)).json()).toMatchObject({ status: 'failed', receipt_number: null });
    }
    // An attempt still open (the friend never paid) takes no number either.
    const open = await openGift(page.slug);

    const good = await openGift(page.slug);
    await pay(ctx, good.secret);
    const settled = (await confirm(ctx, good.giftId, good.secret)).json<{ status: string; receipt_number: string }>();
    expect(settled.status).toBe('succeeded');
    expect(seqOf(settled.receipt_number)).toBe(first + 1);

    expect(seqOf(await receivePayment(week2!.id))).toBe(first + 2);
    expect((await giftRow(ctx, open.giftId)).receipt_number).toBeNull();
  });

  it('a gift settled twice (the browser and the periodic job) keeps its one number and the next payment follows it', async () => {
    const { page, pledge } = await createPage(ctx);
    const [week1] = await ctx.db.select().from(payments).where(eq(payments.pledge_id, pledge.id)).orderBy(payments.processing_date);
    const gift = await openGift(page.slug);
    await pay(ctx, gift.secret);
    const [a, b] = await Promise.all([
      confirmGift(giftDeps(ctx), gift.giftId, gift.secret, aFriend),
      settleOpenGifts(giftDeps(ctx, { clock: { now: () => new Date(ctx.clock.now().getTime() + 60 * 60_000) } })),
    ]);
    expect(a.status).toBe('succeeded');
    expect(b).toBeGreaterThanOrEqual(0);
    const number = seqOf((await giftRow(ctx, gift.giftId)).receipt_number);
    expect(seqOf(await receivePayment(week1!.id))).toBe(number + 1);
  });

  it('a UK gift is numbered in the UK sequence, in the payments’ format', async () => {
    const { page } = await createPage(ctx, { country: 'UK' });
    const gift = await openGift(page.slug);
    await pay(ctx, gift.secret);
    expect((await confirm(ctx, gift.giftId, gift.secret)).json().receipt_number).toMatch(/^UK-2026-\d{6}$/);
  });
});
