import { todayInCountry } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { asMinor, type Minor } from '@uplift/core/money';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { gifts, refunds } from '../../db/schema.ts';
import { matchGiftReceived } from './ledger-match.repository.ts';
import type { RefundRow } from './ledger-refunds.repository.ts';

// The ledger's writes of a friend's gift (docs/decisions/150-gifts-in-the-one-ledger.md). The gifts
// module writes a gift while it is made and tried (its row, its charge's reference, a decline, the
// bank's step); the ledger writes what a gift becomes once its money arrived: its settlement (status
// succeeded, receipt number, settled_at) and its refunds.

export type SettledGift = typeof gifts.$inferSelect;

/**
 * THE settlement of a gift's success, once: in one transaction the gift's row is locked, and only
 * a gift not yet succeeded moves to succeeded and takes the next receipt number of its campaign's
 * country and the settlement's year (in the country's zone) from receipt_counters, the sequence
 * pledge payments take theirs from (docs/decisions/080): the counter row stays locked until the
 * transaction ends, so numbers follow the order money was received and a rolled-back settlement
 * gives its number back. The row is locked before the number is taken, so a second settler (which
 * waits on the row and then finds it succeeded) never takes a number. Any state but succeeded moves
 * (a charge declined and then paid with another card on the same PaymentIntent is money taken: the
 * ledger follows the provider). A match that applies adds its entry in the same transaction
 * (ledger-match.repository.ts). Returns the row only to the caller that settled it.
 */
export async function settleGiftReceived(db: Db, giftId: number, reference: string | null, now: Date): Promise<SettledGift | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ status: string; country: CountryCode }>(sql`
      select g.status, c.country from gifts g join campaigns c on c.id = g.campaign_id where g.id = ${giftId} for update of g`);
    const locked = rows[0];
    if (!locked || locked.status === 'succeeded') return undefined;
    const year = Number(todayInCountry(locked.country, now).slice(0, 4));
    const [row] = await tx
      .update(gifts)
      .set({
        status: 'succeeded',
        provider_reference: sql`coalesce(${gifts.provider_reference}, ${reference})`,
        receipt_number: sql`take_receipt_number(${locked.country}, ${year})`,
        failure_code: null,
        settled_at: now,
      })
      .where(eq(gifts.id, giftId))
      .returning();
    // The match step, in the receipt's transaction (product-rules §23, docs/decisions/160).
    if (row) await matchGiftReceived(tx, giftId, now);
    return row;
  });
}

// A gift's refunds (docs/decisions/132-refunds.md, 150), exactly as a payment's: a refund is reserved
// (Pending, with its idempotency key) under the gift's row lock before the provider is called, then
// settled with the provider's answer by the ledger's settleRefund.

/** A gift as a refund (and the admin's search) needs it: who gave, where, and what is left to give back. */
export type RefundableGift = {
  id: number;
  status: SettledGift['status'];
  amount: Minor;
  provider_reference: string | null;
  receipt_number: string | null;
  tax_receipt: boolean;
  donor_name: string | null;
  donor_email: string | null;
  page_id: number | null;
  page_slug: string | null;
  page_name: string | null;
  country: CountryCode;
  campaign_name: string;
  recipient_name: string;
  settled_at: Date | null;
  /** Succeeded refunds so far. */
  refunded: Minor;
  /** amount − pending and succeeded refunds (what may still be asked for). */
  refundable: Minor;
};

const REFUNDABLE_GIFT_SQL = sql`
  select g.id, g.status, g.amount, g.provider_reference, g.receipt_number, g.tax_receipt, g.donor_name, g.donor_email,
         g.page_id, cp.slug as page_slug, cp.display_name as page_name, c.country, c.campaign_name, r.recipient_name, g.settled_at,
         coalesce((select sum(x.amount) from refunds x where x.gift_id = g.id and x.status = 'succeeded'), 0)::int as refunded,
         (g.amount - coalesce((select sum(x.amount) from refunds x where x.gift_id = g.id and x.status in ('pending', 'succeeded')), 0))::int as refundable
    from gifts g
    join campaigns c on c.id = g.campaign_id
    join recipients r on r.id = g.recipient_id
    left join challenge_pages cp on cp.id = g.page_id`;

function refundableGiftOf(row: Record<string, unknown>): RefundableGift {
  const at = row.settled_at == null ? null : row.settled_at instanceof Date ? row.settled_at : new Date(String(row.settled_at));
  return {
    ...(row as RefundableGift),
    amount: asMinor(Number(row.amount)),
    settled_at: at,
    refunded: asMinor(Number(row.refunded)),
    refundable: asMinor(Number(row.refundable)),
  };
}

/** One gift with its refund sums, or undefined. */
export async function findRefundableGift(db: Executor, giftId: number): Promise<RefundableGift | undefined> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`${REFUNDABLE_GIFT_SQL} where g.id = ${giftId}`);
  return rows[0] ? refundableGiftOf(rows[0]) : undefined;
}

/** The admin's search: gifts by receipt number (exact) or by the slug of the page they were given on, newest first. */
export async function searchGifts(db: Executor, q: string, limit = 50): Promise<RefundableGift[]> {
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`${REFUNDABLE_GIFT_SQL} where upper(g.receipt_number) = upper(${q}) or cp.slug = lower(${q}) order by g.id desc limit ${limit}`,
  );
  return rows.map(refundableGiftOf);
}

export type GiftRefundReservation =
  | { kind: 'not_found' }
  | { kind: 'not_refundable'; gift: RefundableGift }
  | { kind: 'too_much'; gift: RefundableGift }
  | { kind: 'reserved'; gift: RefundableGift; refund: RefundRow };

/**
 * In one short transaction, as reserveRefund does for a payment: locks the gift's row (a second
 * admin's refund of the same gift waits here, then sees this one), checks that the gift succeeded
 * with a charge and that the amount is at most what is left after pending and succeeded refunds,
 * and writes the Pending refund with its idempotency key. Committed before the provider is called.
 */
export async function reserveGiftRefund(
  db: Db,
  input: { giftId: number; amount: Minor; reason: string; adminId: number; now: Date },
): Promise<GiftRefundReservation> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ id: number; page_id: number | null }>(sql`select id, page_id from gifts where id = ${input.giftId} for update`);
    if (locked.rows.length === 0) return { kind: 'not_found' as const };
    const gift = (await findRefundableGift(tx, input.giftId))!;
    if (gift.status !== 'succeeded' || !gift.provider_reference) return { kind: 'not_refundable' as const, gift };
    if (input.amount > gift.refundable) return { kind: 'too_much' as const, gift };
    const [{ n } = { n: 0 }] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from refunds where gift_id = ${input.giftId}`)).rows;
    const [refund] = await tx
      .insert(refunds)
      .values({
        gift_id: input.giftId,
        // The gift's page, read under the gift's lock: a page's raised finds its gift refunds by it (docs/decisions/161).
        page_id: locked.rows[0]!.page_id,
        amount: input.amount,
        reason: input.reason,
        status: 'pending',
        idempotency_key: `gift-${input.giftId}-refund-${Number(n) + 1}`,
        admin_user_id: input.adminId,
        created_at: input.now,
      })
      .returning();
    return { kind: 'reserved' as const, gift: { ...gift, refundable: asMinor(gift.refundable - input.amount) }, refund: refund! };
  });
}

/** How many refunds of the gift have succeeded: the revision of its corrected receipt. */
export async function succeededGiftRefundCount(db: Executor, giftId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from refunds where gift_id = ${giftId} and status = 'succeeded'`);
  return Number(rows[0]?.n ?? 0);
}
