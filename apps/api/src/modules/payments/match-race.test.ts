import { asMinor } from '@uplift/core/money';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client.ts';
import { gifts, matchEntries, matchFunds, refunds } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createPage } from '../gifts/gifts.test-support.ts';
import { matchGiftReceived, releaseMatchOfRefund } from './ledger-match.repository.ts';
import { settleGiftReceived } from './index.ts';

// The race (docs/product-rules.md §23, docs/decisions/160-match-funds.md): fifty gifts received at
// once against $100.00 of cap left. The matched sum is exactly $100.00, never a cent more; every
// gift is settled and matched at most once however often its settlement is tried; and a refund's
// release goes to the next gift.

let ctx: TestContext;
let raceDb: Db;
beforeAll(async () => {
  ctx = await createTestContext();
  // Enough connections that the settlements really wait on each other at the match's row.
  raceDb = createDb(ctx.databaseUrl, { max: 25 });
});
afterAll(async () => {
  await raceDb.$client.end();
  await ctx.close();
});

async function newMatch(made: Awaited<ReturnType<typeof createPage>>, cap: number) {
  const now = ctx.clock.now();
  const [match] = await ctx.db
    .insert(matchFunds)
    .values({
      campaign_id: made.campaign.id,
      sponsor_name: 'Acme',
      ratio: 1,
      cap: asMinor(cap),
      applies_to: 'gifts',
      narrowed_to: 'campaign',
      starts_at: new Date('2026-11-01T00:00:00Z'),
      ends_at: new Date('2026-12-31T00:00:00Z'),
      created_at: now,
      updated_at: now,
    })
    .returning();
  return match!;
}

async function pendingGifts(made: Awaited<ReturnType<typeof createPage>>, n: number, amount: number): Promise<number[]> {
  const rows = await ctx.db
    .insert(gifts)
    .values(
      Array.from({ length: n }, (_, i) => ({
        page_id: made.page.id,
        campaign_id: made.campaign.id,
        recipient_id: made.recipient.id,
        amount: asMinor(amount),
        donor_name: 'Friend',
        donor_email: `race-${i}@example.org`,
        idempotency_key: `race-${made.page.id}-${i}-${amount}`,
        client_key: `race-client-${made.page.id}-${i}-${amount}`,
      })),
    )
    .returning({ id: gifts.id });
  return rows.map((r) => r.id);
}

describe('fifty gifts against $100.00 of cap left', () => {
  it('match exactly $100.00, each gift once; a refund frees its share for the next gift', async () => {
    const made = await createPage(ctx);
    const now = ctx.clock.now();
    const match = await newMatch(made, 10_000);
    const ids = await pendingGifts(made, 50, 1500);

    // Every gift settled twice at once (the confirm and the webhook racing), all fifty together.
    const settled = await Promise.all([...ids, ...ids].map((id) => settleGiftReceived(raceDb, id, `pi_race_${id}`, now)));
    expect(settled.filter(Boolean)).toHaveLength(50);

    const [after] = await ctx.db.select().from(matchFunds).where(eq(matchFunds.id, match.id));
    expect(after!.matched).toBe(10_000);
    const entries = await ctx.db.select().from(matchEntries).where(eq(matchEntries.match_id, match.id));
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(10_000);
    // 1500 each: six in full and the last 1000, in whatever order they came.
    expect(entries.map((e) => e.amount).sort((a, b) => a - b)).toEqual([1000, 1500, 1500, 1500, 1500, 1500, 1500]);
    expect(new Set(entries.map((e) => e.gift_id)).size).toBe(entries.length);
    const rows = await ctx.db.select().from(gifts).where(inArray(gifts.id, ids));
    expect(rows.every((g) => g.status === 'succeeded')).toBe(true);
    expect(new Set(rows.map((g) => g.receipt_number)).size).toBe(50);

    // A full refund of a fully matched gift gives its 1500 back to the cap...
    const refunded = entries.find((e) => e.amount === 1500)!;
    const [refund] = await ctx.db
      .insert(refunds)
      .values({ gift_id: refunded.gift_id, amount: asMinor(1500), reason: 'Given twice', status: 'succeeded', idempotency_key: `race-refund-${refunded.gift_id}`, created_at: now, settled_at: now })
      .returning();
    expect(await ctx.db.transaction((tx) => releaseMatchOfRefund(tx, refund!, now))).toBe(1500);
    // ...and given again nothing more (the release counts on every refund so far).
    expect(await ctx.db.transaction((tx) => releaseMatchOfRefund(tx, refund!, now))).toBe(0);
    expect((await ctx.db.select().from(matchFunds).where(eq(matchFunds.id, match.id)))[0]!.matched).toBe(8500);

    // Ten more gifts at once: the freed 1500 goes to exactly one of them.
    const more = await pendingGifts(made, 10, 2000);
    await Promise.all(more.map((id) => settleGiftReceived(raceDb, id, `pi_race_${id}`, now)));
    const next = await ctx.db.select().from(matchEntries).where(inArray(matchEntries.gift_id, more));
    expect(next.map((e) => e.amount)).toEqual([1500]);
    expect((await ctx.db.select().from(matchFunds).where(eq(matchFunds.id, match.id)))[0]!.matched).toBe(10_000);
  });

  it('the match step alone, fifty at once (no receipt number to queue them): the row lock keeps the sum at the cap', async () => {
    // Settlements also queue on the receipt counter's row (docs/decisions/150); here only the
    // match's own lock stands between fifty transactions and the cap.
    const made = await createPage(ctx);
    const now = ctx.clock.now();
    const ids = await pendingGifts(made, 50, 1500);
    await ctx.db.update(gifts).set({ status: 'succeeded', settled_at: now }).where(inArray(gifts.id, ids));
    const match = await newMatch(made, 10_000);
    const results = await Promise.all(ids.map((id) => raceDb.transaction((tx) => matchGiftReceived(tx, id, now))));
    expect(results.filter(Boolean)).toHaveLength(7);
    expect((await ctx.db.select().from(matchFunds).where(eq(matchFunds.id, match.id)))[0]!.matched).toBe(10_000);
    const entries = await ctx.db.select().from(matchEntries).where(eq(matchEntries.match_id, match.id));
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(10_000);
  });
});
