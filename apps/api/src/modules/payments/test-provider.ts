import { randomBytes } from 'node:crypto';
import { MSG } from '@uplift/core/messages';
import type { TestSetupResult } from '@uplift/core/schemas/payment';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { testProviderCharges, testProviderGuestCharges, testProviderPaymentMethods, testProviderRefunds, testProviderSetupIntents } from '../../db/schema.ts';
import { paymentErrors } from './payments.errors.ts';
import type { CardDetails, ChargeRequest, ChargeResult, GuestChargeState, PaymentProvider, RefundResult } from './payment-provider.ts';
import { findTestCard, normaliseCardNumber, NOT_A_TEST_CARD, TEST_CARDS, validateCard, type CardInput, type TestChargeBehaviour } from './test-cards.ts';

// The built-in test provider (product-rules §15): Stripe's test cards, no network.
// It keeps its state in PostgreSQL, as a real provider keeps it on its side.

/** The card form's answer, like Stripe.js' confirmSetup (the shape is core's response schema). */
export type SetupConfirmation = TestSetupResult;

export interface TestPaymentProvider extends PaymentProvider {
  readonly name: 'test';
  /** The card form's submit: like Stripe.js confirmSetup, for the customer's own client secret. */
  confirmSetup(input: { customerId: string; clientSecret: string; card: CardInput; now: Date }): Promise<SetupConfirmation>;
  /** The simulated authentication step (3-D Secure) of a card that asked for it. */
  authenticateSetup(input: { customerId: string; clientSecret: string; outcome: 'complete' | 'fail' }): Promise<SetupConfirmation>;
  /** The simulated bank step of a charge that needs authentication (Stripe.js confirmCardPayment). */
  authenticatePayment(input: { customerId: string; clientSecret: string; outcome: 'complete' | 'fail' }): Promise<'succeeded' | 'requires_payment_method'>;
  /** The browser pays a guest charge with a card (Stripe.js confirmCardPayment stands here). */
  confirmGuestCharge(input: { clientSecret: string; card: CardInput; now: Date }): Promise<GuestChargeAnswer>;
  /** The simulated bank step of a guest charge that asked for it. */
  authenticateGuestCharge(input: { clientSecret: string; outcome: 'complete' | 'fail' }): Promise<GuestChargeAnswer>;
}

/** What the browser hears after paying a guest charge, in Stripe's words for a decline. */
export type GuestChargeAnswer = { status: 'succeeded' | 'requires_action' | 'declined'; message?: string };

export function isTestProvider(provider: PaymentProvider): provider is TestPaymentProvider {
  return provider.name === 'test' && 'confirmSetup' in provider;
}

const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** Stripe's words for a declined guest charge, by its decline code. */
const DECLINE_WORDS: Record<string, string> = {
  card_declined: MSG.cardDeclined,
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  authentication_failed: AUTHENTICATION_FAILED,
};

type GuestRow = typeof testProviderGuestCharges.$inferSelect;

function guestState(row: GuestRow): GuestChargeState {
  switch (row.status) {
    case 'succeeded':
      return { status: 'succeeded', reference: row.id };
    case 'requires_action':
      return { status: 'requires_action', reference: row.id };
    case 'declined':
      return { status: 'declined', reference: row.id, code: row.code ?? 'card_declined' };
    default:
      return { status: 'awaiting_payment', reference: row.id };
  }
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

type ChargeRow = typeof testProviderCharges.$inferSelect;

function toResult(row: ChargeRow): ChargeResult {
  if (row.status === 'succeeded') return { status: 'succeeded', reference: row.id };
  if (row.status === 'requires_action') {
    return { status: 'requires_action', reference: row.id, code: 'authentication_required', clientSecret: row.client_secret };
  }
  return { status: 'declined', reference: row.id, code: row.code ?? 'card_declined' };
}

/** A charge's outcome on a saved card with this behaviour (no card: Stripe's resource_missing). */
function chargeOutcome(behaviour: TestChargeBehaviour | undefined): { status: ChargeRow['status']; code: string | null } {
  switch (behaviour) {
    case undefined:
      return { status: 'declined', code: 'card_not_available' };
    case 'succeeds':
      return { status: 'succeeded', code: null };
    case 'declines':
      return { status: 'declined', code: 'card_declined' };
    case 'insufficient_funds':
    case 'expired_card':
      return { status: 'declined', code: behaviour };
    case 'requires_action':
    case 'authentication_required':
      return { status: 'requires_action', code: 'authentication_required' };
  }
}

export function createTestProvider(db: Db): TestPaymentProvider {
  async function findSetup(customerId: string, clientSecret: string) {
    const [setup] = await db
      .select()
      .from(testProviderSetupIntents)
      .where(and(eq(testProviderSetupIntents.client_secret, clientSecret), eq(testProviderSetupIntents.customer_id, customerId)));
    if (!setup) throw paymentErrors.setupNotFound();
    return setup;
  }

  /** A saved card of this customer whose setup has finished (not waiting for authentication). */
  async function usableMethod(customerId: string, paymentMethodId: string) {
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

  return {
    name: 'test',
    publicConfig: { provider: 'test' },

    async ensureCustomer(user) {
      return user.customerId ?? randomId('cus_test');
    },

    async createSetupSecret(customerId) {
      const id = randomId('seti_test');
      const clientSecret = `${id}_secret_${randomBytes(16).toString('hex')}`;
      await db.insert(testProviderSetupIntents).values({ id, customer_id: customerId, client_secret: clientSecret });
      return clientSecret;
    },

    async getCard(customerId, paymentMethodId): Promise<CardDetails | null> {
      const method = await usableMethod(customerId, paymentMethodId);
      return method ? { brand: method.brand, last4: method.last4, exp_month: method.exp_month, exp_year: method.exp_year } : null;
    },

    async confirmSetup({ customerId, clientSecret, card, now }) {
      const setup = await findSetup(customerId, clientSecret);
      if (setup.status === 'succeeded') {
        throw paymentErrors.setupAlreadySucceeded();
      }
      if (setup.status === 'requires_action') {
        throw paymentErrors.setupRequiresAction();
      }
      const invalid = validateCard(card, now);
      // A card problem the donor must fix (invalid) or cannot fix with this card (declined).
      if (invalid) throw paymentErrors.cardInvalid({ cardMessage: invalid.message });

      const testCard = findTestCard(card.number);
      const outcome = testCard?.behaviour;
      if (!testCard || !outcome || outcome.setup === 'declined') {
        const message = outcome?.setup === 'declined' ? outcome.message : NOT_A_TEST_CARD;
        await db.update(testProviderSetupIntents).set({ last_error: message }).where(eq(testProviderSetupIntents.id, setup.id));
        throw paymentErrors.cardDeclined({ cardMessage: message });
      }

      const behaviour = outcome.charge;
      const paymentMethodId = randomId('pm_test');
      const needsAuthentication = outcome.setup === 'requires_action';
      await db.transaction(async (tx) => {
        await tx.insert(testProviderPaymentMethods).values({
          id: paymentMethodId,
          customer_id: customerId,
          brand: testCard.brand,
          last4: normaliseCardNumber(card.number).slice(-4),
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          behaviour,
        });
        await tx
          .update(testProviderSetupIntents)
          .set({ status: needsAuthentication ? 'requires_action' : 'succeeded', payment_method_id: paymentMethodId, last_error: null })
          .where(eq(testProviderSetupIntents.id, setup.id));
      });
      return needsAuthentication
        ? { status: 'requires_action', setup_intent: setup.id, payment_method: paymentMethodId, next_action: { type: 'test_authentication' } }
        : { status: 'succeeded', setup_intent: setup.id, payment_method: paymentMethodId };
    },

    async authenticateSetup({ customerId, clientSecret, outcome }) {
      const setup = await findSetup(customerId, clientSecret);
      if (setup.status !== 'requires_action' || !setup.payment_method_id) {
        throw paymentErrors.setupNotAwaitingAuthentication();
      }
      const paymentMethodId = setup.payment_method_id;
      if (outcome === 'complete') {
        await db.update(testProviderSetupIntents).set({ status: 'succeeded' }).where(eq(testProviderSetupIntents.id, setup.id));
        return { status: 'succeeded', setup_intent: setup.id, payment_method: paymentMethodId };
      }
      // A failed authentication leaves nothing saved; the form can be tried again, as with Stripe.
      await db.transaction(async (tx) => {
        await tx
          .update(testProviderSetupIntents)
          .set({ status: 'requires_payment_method', payment_method_id: null, last_error: AUTHENTICATION_FAILED })
          .where(eq(testProviderSetupIntents.id, setup.id));
        await tx.delete(testProviderPaymentMethods).where(eq(testProviderPaymentMethods.id, paymentMethodId));
      });
      throw paymentErrors.cardDeclined({ cardMessage: AUTHENTICATION_FAILED });
    },

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const method = await usableMethod(request.customerId, request.paymentMethodId);
      const { status, code } = chargeOutcome(method?.behaviour as TestChargeBehaviour | undefined);
      const id = randomId('pi_test');
      // A key seen before (a retry, or two racing calls) inserts nothing and answers with the first
      // outcome, as Stripe does; trying the insert first saves a lookup on every new charge.
      const [inserted] = await db
        .insert(testProviderCharges)
        .values({
          idempotency_key: request.idempotencyKey,
          id,
          code,
          client_secret: status === 'requires_action' ? `${id}_secret_${randomBytes(16).toString('hex')}` : null,
          customer_id: request.customerId,
          payment_method_id: request.paymentMethodId,
          amount: request.amountMinor,
          currency: request.currency,
          status,
          reason: code,
          description: request.description,
          metadata: request.metadata,
        })
        .onConflictDoNothing({ target: testProviderCharges.idempotency_key })
        .returning();
      if (inserted) return toResult(inserted);
      return sameRequestOrThrow((await findChargeRow(request.idempotencyKey))!, request);
    },

    async findCharge(idempotencyKey) {
      const row = await findChargeRow(idempotencyKey);
      return row ? toResult(row) : null;
    },

    async retrieveCharge(reference) {
      const [row] = await db.select().from(testProviderCharges).where(eq(testProviderCharges.id, reference));
      return row ? toResult(row) : null;
    },

    async refund(request): Promise<RefundResult> {
      // As Stripe: the same key gives the first answer; a charge it does not know, or more than is
      // left of it after earlier refunds, is refused with its words. One transaction with the
      // charge's row locked, so two refunds of one charge are checked one after the other.
      return db.transaction(async (tx) => {
        const [seen] = await tx.select().from(testProviderRefunds).where(eq(testProviderRefunds.idempotency_key, request.idempotencyKey));
        if (seen) return { status: 'succeeded', reference: seen.id };
        const [charge] = await tx.select().from(testProviderCharges).where(eq(testProviderCharges.id, request.chargeReference)).for('update');
        if (!charge || charge.status !== 'succeeded') {
          return { status: 'failed', reference: null, message: `No such payment_intent: '${request.chargeReference}'` };
        }
        const [done] = await tx
          .select({ total: sql<number>`coalesce(sum(${testProviderRefunds.amount}), 0)::int` })
          .from(testProviderRefunds)
          .where(eq(testProviderRefunds.charge_id, charge.id));
        const left = charge.amount - Number(done?.total ?? 0);
        if (request.amountMinor > left) {
          return {
            status: 'failed',
            reference: null,
            message: `Refund amount (${request.amountMinor}) is greater than unrefunded amount on charge (${left})`,
          };
        }
        const id = randomId('re_test');
        await tx.insert(testProviderRefunds).values({ idempotency_key: request.idempotencyKey, id, charge_id: charge.id, amount: request.amountMinor });
        return { status: 'succeeded', reference: id };
      });
    },

    async detachPaymentMethod(paymentMethodId) {
      await db
        .update(testProviderPaymentMethods)
        .set({ detached_at: sql`coalesce(${testProviderPaymentMethods.detached_at}, now())` })
        .where(eq(testProviderPaymentMethods.id, paymentMethodId));
    },

    async createGuestCharge(request) {
      const id = randomId('pi_test');
      // The same key gives the same charge (a resent form, two racing requests), as with Stripe.
      await db
        .insert(testProviderGuestCharges)
        .values({
          idempotency_key: request.idempotencyKey,
          id,
          client_secret: `${id}_secret_${randomBytes(16).toString('hex')}`,
          amount: request.amountMinor,
          currency: request.currency,
          description: request.description,
          metadata: request.metadata,
        })
        .onConflictDoNothing({ target: testProviderGuestCharges.idempotency_key });
      const [row] = await db.select().from(testProviderGuestCharges).where(eq(testProviderGuestCharges.idempotency_key, request.idempotencyKey));
      if (row!.amount !== request.amountMinor || row!.currency !== request.currency) {
        throw new Error(`Idempotency key ${request.idempotencyKey} was already used with different charge parameters`);
      }
      return { reference: row!.id, clientSecret: row!.client_secret };
    },

    async retrieveGuestCharge(reference) {
      const [row] = await db.select().from(testProviderGuestCharges).where(eq(testProviderGuestCharges.id, reference));
      return row ? guestState(row) : null;
    },

    async findGuestCharge(idempotencyKey) {
      const [row] = await db.select().from(testProviderGuestCharges).where(eq(testProviderGuestCharges.idempotency_key, idempotencyKey));
      return row ? guestState(row) : null;
    },

    async confirmGuestCharge({ clientSecret, card, now }) {
      const row = await guestBySecret(clientSecret);
      if (row.status === 'succeeded') return { status: 'succeeded' };
      if (row.status === 'requires_action') throw paymentErrors.guestChargeAwaitingBank();
      if (row.status === 'declined') throw paymentErrors.guestChargeDeclinedBefore();
      const invalid = validateCard(card, now);
      if (invalid) throw paymentErrors.cardInvalid({ cardMessage: invalid.message });
      const { status, code } = guestOutcome(card.number);
      // Only a charge still waiting for its card moves: a second submit racing this one changes nothing.
      const [moved] = await db
        .update(testProviderGuestCharges)
        .set({ status, code, last4: normaliseCardNumber(card.number).slice(-4) })
        .where(and(eq(testProviderGuestCharges.id, row.id), eq(testProviderGuestCharges.status, 'requires_payment_method')))
        .returning();
      return guestAnswer(moved ?? (await guestBySecret(clientSecret)));
    },

    async authenticateGuestCharge({ clientSecret, outcome }) {
      const row = await guestBySecret(clientSecret);
      if (row.status === 'succeeded') return { status: 'succeeded' };
      if (row.status !== 'requires_action') throw paymentErrors.chargeNotAwaitingAuthentication();
      const [moved] = await db
        .update(testProviderGuestCharges)
        .set(outcome === 'complete' ? { status: 'succeeded', code: null } : { status: 'declined', code: 'authentication_failed' })
        .where(and(eq(testProviderGuestCharges.id, row.id), eq(testProviderGuestCharges.status, 'requires_action')))
        .returning();
      return guestAnswer(moved ?? (await guestBySecret(clientSecret)));
    },

    async authenticatePayment({ customerId, clientSecret, outcome }) {
      const [row] = await db
        .select()
        .from(testProviderCharges)
        .where(and(eq(testProviderCharges.client_secret, clientSecret), eq(testProviderCharges.customer_id, customerId)));
      if (!row) throw paymentErrors.chargeNotFound();
      if (row.status === 'succeeded') return 'succeeded';
      if (row.status !== 'requires_action') {
        throw paymentErrors.chargeNotAwaitingAuthentication();
      }
      // Completing the bank's step takes the payment (the card is charged on-session); failing it
      // leaves it unpaid, as Stripe's PaymentIntent goes back to requires_payment_method.
      const status = outcome === 'complete' ? 'succeeded' : 'declined';
      await db
        .update(testProviderCharges)
        .set({ status, code: outcome === 'complete' ? null : 'authentication_required' })
        .where(and(eq(testProviderCharges.id, row.id), eq(testProviderCharges.status, 'requires_action')));
      return outcome === 'complete' ? 'succeeded' : 'requires_payment_method';
    },
  };

  async function guestBySecret(clientSecret: string) {
    const [row] = await db.select().from(testProviderGuestCharges).where(eq(testProviderGuestCharges.client_secret, clientSecret));
    if (!row) throw paymentErrors.chargeNotFound();
    return row;
  }

  async function findChargeRow(idempotencyKey: string) {
    const [row] = await db.select().from(testProviderCharges).where(eq(testProviderCharges.idempotency_key, idempotencyKey));
    return row;
  }
}

/** Stripe refuses a reused idempotency key with different parameters; so do we. */
function sameRequestOrThrow(row: ChargeRow, request: ChargeRequest): ChargeResult {
  const same =
    row.amount === request.amountMinor &&
    row.currency === request.currency &&
    row.customer_id === request.customerId &&
    row.payment_method_id === request.paymentMethodId;
  if (!same) {
    throw new Error(`Idempotency key ${request.idempotencyKey} was already used with different charge parameters`);
  }
  return toResult(row);
}

/** What paying a guest charge with this card does (on-session: a card that wants the bank's step asks for it). */
function guestOutcome(number: string): { status: 'succeeded' | 'requires_action' | 'declined'; code: string | null } {
  const behaviour = findTestCard(number)?.behaviour;
  if (!behaviour) return { status: 'declined', code: 'not_a_test_card' };
  if (behaviour.setup === 'declined') return { status: 'declined', code: behaviour.code };
  switch (behaviour.charge) {
    case 'succeeds':
      return { status: 'succeeded', code: null };
    case 'declines':
      return { status: 'declined', code: 'card_declined' };
    case 'insufficient_funds':
    case 'expired_card':
      return { status: 'declined', code: behaviour.charge };
    case 'requires_action':
    case 'authentication_required':
      return { status: 'requires_action', code: null };
  }
}

function guestAnswer(row: GuestRow): GuestChargeAnswer {
  if (row.status === 'succeeded') return { status: 'succeeded' };
  if (row.status === 'requires_action') return { status: 'requires_action' };
  const code = row.code ?? 'card_declined';
  const setupDecline = TEST_CARD_DECLINE_WORDS.get(code);
  return { status: 'declined', message: code === 'not_a_test_card' ? NOT_A_TEST_CARD : (DECLINE_WORDS[code] ?? setupDecline ?? MSG.cardDeclined) };
}

/** The words of the test cards that are refused outright (incorrect_cvc, processing_error…). */
const TEST_CARD_DECLINE_WORDS = new Map(
  TEST_CARDS.flatMap((c) => (c.behaviour.setup === 'declined' ? [[c.behaviour.code, c.behaviour.message] as const] : [])),
);
