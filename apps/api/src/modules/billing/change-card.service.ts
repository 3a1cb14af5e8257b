import type { SetDefaultPaymentMethodResponse } from '@uplift/core/schemas/payment';
import type { BaseLogger } from 'pino';
import type { Db } from '../../db/client.ts';
import { disableCards, findOwnEnabledMethodByReference, moveRemainingToCard, paymentErrors, paymentMethodView, type PaymentProvider } from '../payments/index.ts';
import { setCardOfConfirmedPledges } from '../pledges/index.ts';

// "Change card" (docs/decisions/047-change-card.md): the new card becomes the one every
// remaining Pending and Failed payment of the donor's live pledges is taken from, in one
// transaction that waits for any charge in flight (the CHARGE lock, as cancelling does); only
// after that commits are the old cards detached at the provider — detaching is irreversible, so
// never before nothing points at them.

export type ChangeCardDeps = { db: Db; payments: PaymentProvider; log: Pick<BaseLogger, 'error'> };

/** PUT /api/payment_method/default: the donor's remaining payments move to this saved card. */
export async function changeCard(deps: ChangeCardDeps, userId: number, reference: string): Promise<SetDefaultPaymentMethodResponse> {
  const { db, payments: provider, log } = deps;
  const method = await findOwnEnabledMethodByReference(db, userId, reference);
  if (!method) throw paymentErrors.cardNotOnAccount();
  const newId = method.stripe_payment_method_id;

  const { updated, oldIds } = await db.transaction(async (tx) => {
    const moved = await moveRemainingToCard(tx, userId, newId);
    // The pledges say which card they are paid with too (the summary and the account show it).
    await setCardOfConfirmedPledges(tx, userId, method.id);
    await disableCards(tx, userId, moved.unusedCards);
    return { updated: moved.updated, oldIds: moved.unusedCards };
  });

  // Only now, with nothing pointing at them: detach the old cards (irreversible).
  let detached: string | null = null;
  for (const oldId of oldIds) {
    try {
      await provider.detachPaymentMethod(oldId);
      detached = oldId;
    } catch (err) {
      // The payments already use the new card; a card left attached is only logged.
      log.error({ err, paymentMethod: oldId }, 'change card: could not detach the old card');
    }
  }
  return { payment_method: paymentMethodView({ ...method, is_enabled: true }), payments_updated: updated, detached };
}
