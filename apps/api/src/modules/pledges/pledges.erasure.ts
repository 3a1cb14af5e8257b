import { setLocalLockTimeout, type Tx } from '../../db/client.ts';
import { cancelRemainingOfDonor } from '../payments/index.ts';
import { cancelUnfinishedPledgesOfDonor } from './pledges.repository.ts';

/**
 * Account erasure (docs/decisions/082), inside its transaction: the ledger cancels every remaining
 * payment of the donor and drops every automatic retry, after waiting for any charge under way, as
 * a pledge cancel does. Then every pledge that will not be paid in full becomes Cancelled, so the
 * totals count only what it gave, as after a cancel (docs/product-rules.md §16). Returns how many
 * payments will not be charged.
 */
export async function cancelRemainingForErasure(tx: Tx, userId: number, now: Date): Promise<number> {
  await setLocalLockTimeout(tx, '15s');
  const notCharged = await cancelRemainingOfDonor(tx, userId);
  await cancelUnfinishedPledgesOfDonor(tx, userId, now);
  return notCharged;
}
