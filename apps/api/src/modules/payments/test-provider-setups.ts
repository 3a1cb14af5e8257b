import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { testProviderPaymentMethods, testProviderSetupIntents } from '../../db/schema.ts';
import { paymentErrors } from './payments.errors.ts';
import type { CardDetails, PaymentProvider } from './payment-provider.ts';
import { AUTHENTICATION_FAILED, clientSecretFor, randomId, type TestPaymentProvider } from './test-provider-common.ts';
import { findTestCard, normaliseCardNumber, NOT_A_TEST_CARD, validateCard, type CardInput, type TestCardBehaviour } from './test-cards.ts';

// The test provider's saved cards (product-rules §15): customers, set-up intents, the card form's
// confirm and its authentication step, detaching. Stripe's SetupIntent stands behind each.

type SetupRow = typeof testProviderSetupIntents.$inferSelect;
type SavableBehaviour = Exclude<TestCardBehaviour, { setup: 'declined' }>;
type SetupParts = Pick<PaymentProvider, 'ensureCustomer' | 'createSetupSecret' | 'getCard' | 'detachPaymentMethod'> &
  Pick<TestPaymentProvider, 'confirmSetup' | 'authenticateSetup'>;

/** A saved card of this customer whose setup has finished (not waiting for authentication). */
export async function usableMethod(db: Db, customerId: string, paymentMethodId: string) {
  const [method] = await db
    .select()
    .from(testProviderPaymentMethods)
    .where(
      and(
        eq(testProviderPaymentMethods.id, paymentMethodId),
        eq(testProviderPaymentMethods.customer_id, customerId),
        isNull(testProviderPaymentMethods.detached_at),
        sql`not exists (select 1 from ${testProviderSetupIntents} s
          where s.payment_method_id = ${testProviderPaymentMethods.id} and s.status <> 'succeeded')`,
      ),
    );
  return method;
}

async function findSetup(db: Db, customerId: string, clientSecret: string): Promise<SetupRow> {
  const [setup] = await db
    .select()
    .from(testProviderSetupIntents)
    .where(and(eq(testProviderSetupIntents.client_secret, clientSecret), eq(testProviderSetupIntents.customer_id, customerId)));
  if (!setup) throw paymentErrors.setupNotFound();
  return setup;
}

/** A setup that finished, or waits for the bank, takes no second card. */
function assertAwaitingCard(setup: SetupRow): void {
  if (setup.status === 'succeeded') throw paymentErrors.setupAlreadySucceeded();
  if (setup.status === 'requires_action') throw paymentErrors.setupRequiresAction();
}

/** The test card behind a number a setup accepts; a refused card leaves its words on the setup. */
async function acceptedCard(db: Db, setup: SetupRow, card: CardInput, now: Date): Promise<{ brand: string; behaviour: SavableBehaviour }> {
  const invalid = validateCard(card, now);
  // A card problem the donor must fix (invalid) or cannot fix with this card (declined).
  if (invalid) throw paymentErrors.cardInvalid({ cardMessage: invalid.message });
  const testCard = findTestCard(card.number);
  const behaviour = testCard?.behaviour;
  if (testCard && behaviour && behaviour.setup !== 'declined') return { brand: testCard.brand, behaviour };
  const message = behaviour?.setup === 'declined' ? behaviour.message : NOT_A_TEST_CARD;
  await db.update(testProviderSetupIntents).set({ last_error: message }).where(eq(testProviderSetupIntents.id, setup.id));
  throw paymentErrors.cardDeclined({ cardMessage: message });
}

/** Saves the card on the customer and moves the setup on: done, or waiting for the bank's step. */
async function saveCard(db: Db, setup: SetupRow, card: CardInput, accepted: { brand: string; behaviour: SavableBehaviour }): Promise<string> {
  const paymentMethodId = randomId('pm_test');
  const needsAuthentication = accepted.behaviour.setup === 'requires_action';
  await db.transaction(async (tx) => {
    await tx.insert(testProviderPaymentMethods).values({
      id: paymentMethodId,
      customer_id: setup.customer_id,
      brand: accepted.brand,
      last4: normaliseCardNumber(card.number).slice(-4),
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      behaviour: accepted.behaviour.charge,
    });
    await tx
      .update(testProviderSetupIntents)
      .set({ status: needsAuthentication ? 'requires_action' : 'succeeded', payment_method_id: paymentMethodId, last_error: null })
      .where(eq(testProviderSetupIntents.id, setup.id));
  });
  return paymentMethodId;
}

/** A failed authentication leaves nothing saved; the form can be tried again, as with Stripe. */
async function forgetCard(db: Db, setup: SetupRow, paymentMethodId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(testProviderSetupIntents)
      .set({ status: 'requires_payment_method', payment_method_id: null, last_error: AUTHENTICATION_FAILED })
      .where(eq(testProviderSetupIntents.id, setup.id));
    await tx.delete(testProviderPaymentMethods).where(eq(testProviderPaymentMethods.id, paymentMethodId));
  });
}

export function testSetups(db: Db): SetupParts {
  return {
    async ensureCustomer(user) {
      return user.customerId ?? randomId('cus_test');
    },

    async createSetupSecret(customerId) {
      const id = randomId('seti_test');
      const clientSecret = clientSecretFor(id);
      await db.insert(testProviderSetupIntents).values({ id, customer_id: customerId, client_secret: clientSecret });
      return clientSecret;
    },

    async getCard(customerId, paymentMethodId): Promise<CardDetails | null> {
      const method = await usableMethod(db, customerId, paymentMethodId);
      return method ? { brand: method.brand, last4: method.last4, exp_month: method.exp_month, exp_year: method.exp_year } : null;
    },

    async confirmSetup({ customerId, clientSecret, card, now }) {
      const setup = await findSetup(db, customerId, clientSecret);
      assertAwaitingCard(setup);
      const accepted = await acceptedCard(db, setup, card, now);
      const paymentMethodId = await saveCard(db, setup, card, accepted);
      return accepted.behaviour.setup === 'requires_action'
        ? { status: 'requires_action', setup_intent: setup.id, payment_method: paymentMethodId, next_action: { type: 'test_authentication' } }
        : { status: 'succeeded', setup_intent: setup.id, payment_method: paymentMethodId };
    },

    async authenticateSetup({ customerId, clientSecret, outcome }) {
      const setup = await findSetup(db, customerId, clientSecret);
      const paymentMethodId = setup.payment_method_id;
      if (setup.status !== 'requires_action' || !paymentMethodId) throw paymentErrors.setupNotAwaitingAuthentication();
      if (outcome === 'complete') {
        await db.update(testProviderSetupIntents).set({ status: 'succeeded' }).where(eq(testProviderSetupIntents.id, setup.id));
        return { status: 'succeeded', setup_intent: setup.id, payment_method: paymentMethodId };
      }
      await forgetCard(db, setup, paymentMethodId);
      throw paymentErrors.cardDeclined({ cardMessage: AUTHENTICATION_FAILED });
    },

    async detachPaymentMethod(paymentMethodId) {
      await db
        .update(testProviderPaymentMethods)
        .set({ detached_at: sql`coalesce(${testProviderPaymentMethods.detached_at}, now())` })
        .where(eq(testProviderPaymentMethods.id, paymentMethodId));
    },
  };
}
