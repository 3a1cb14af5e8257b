import { todayInCountry } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gifts } from '../../db/schema.ts';

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
 * ledger follows the provider). Returns the row only to the caller that settled it.
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
    return row;
  });
}
