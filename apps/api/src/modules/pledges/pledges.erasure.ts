import { setLocalLockTimeout, type Tx } from '../../db/client.ts';
import { cancelRemainingOfDonor } from '../payments/index.ts';
import { cancelPendingPledgesOfDonor } from './pledges.repository.ts';

/**
 * Account erasure (docs/decisions/082), inside its transaction: the ledger cancels every remaining
 * payment of the donor and drops every automatic retry, after waiting for any charge under way, as
 * a pledge cancel does. Confirmed pledges stay Confirmed so totals and charity figures do not
 * change, which is why the retries must go: billing retries a Failed payment of a Confirmed pledge.
 * A Pending (never confirmed) pledge becomes Cancelled. Returns how many payments will not be charged.
 */
export async function cancelRemainingForErasure(tx: Tx, userId: number, now: Date): Promise<number> {
  await setLocalLockTimeout(tx, '15s');
  const notCharged = await cancelRemainingOfDonor(tx, userId);
  await cancelPendingPledgesOfDonor(tx, userId, now);
  return notCharged;
}
