import { MSG } from '@uplift/core/messages';
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { testProviderGuestCharges } from '../../db/schema.ts';
import { paymentErrors } from './payments.errors.ts';
import type { GuestChargeRequest, GuestChargeState, PaymentProvider } from './payment-provider.ts';
import { AUTHENTICATION_FAILED, clientSecretFor, randomId, type GuestChargeAnswer, type TestPaymentProvider } from './test-provider-common.ts';
import { findTestCard, normaliseCardNumber, NOT_A_TEST_CARD, TEST_CARDS, validateCard } from './test-cards.ts';

// The test provider's guest charges (a friend's gift, docs/decisions/138-challenge-pages-and-gifts.md):
// created with no customer, then paid in the browser with a card and, if the card asks, the bank's step.

type GuestRow = typeof testProviderGuestCharges.$inferSelect;
type GuestOutcome = { status: 'succeeded' | 'requires_action' | 'declined'; code: string | null };
type GuestParts = Pick<PaymentProvider, 'createGuestCharge' | 'retrieveGuestCharge' | 'findGuestCharge' | 'cancelGuestCharge'> &
  Pick<TestPaymentProvider, 'confirmGuestCharge' | 'authenticateGuestCharge'>;

/** Stripe's words for a declined guest charge, by its decline code. */
const DECLINE_WORDS: Record<string, string> = {
  card_declined: MSG.cardDeclined,
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  authentication_failed: AUTHENTICATION_FAILED,
};

/** The words of the test cards that are refused outright (incorrect_cvc, processing_error…). */
const TEST_CARD_DECLINE_WORDS = new Map(
  TEST_CARDS.flatMap((c) => (c.behaviour.setup === 'declined' ? [[c.behaviour.code, c.behaviour.message] as const] : [])),
);

/**
 * The test provider's card fingerprint: derived from the card tried (its last four digits, which
 * tell the test cards apart), so the same test card always gives the same one, as with Stripe.
 */
export const testCardFingerprint = (last4: string) => `tfp_${createHash('sha256').update(`uplift test card ${last4}`).digest('hex').slice(0, 16)}`;

function guestState(row: GuestRow): GuestChargeState {
  const card = row.last4 ? { cardFingerprint: testCardFingerprint(row.last4) } : {};
  switch (row.status) {
    case 'succeeded':
      return { status: 'succeeded', reference: row.id, ...card };
    case 'requires_action':
      return { status: 'requires_action', reference: row.id, ...card };
    case 'declined':
      return { status: 'declined', reference: row.id, code: row.code ?? 'card_declined', ...card };
    default:
      return { status: 'awaiting_payment', reference: row.id };
  }
}

/** What paying a guest charge with this card does (on-session: a card that wants the bank's step asks for it). */
function guestOutcome(number: string): GuestOutcome {
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

async function guestBy(db: Db, column: 'id' | 'idempotency_key' | 'client_secret', value: string): Promise<GuestRow | undefined> {
  const [row] = await db.select().from(testProviderGuestCharges).where(eq(testProviderGuestCharges[column], value));
  return row;
}

async function guestBySecret(db: Db, clientSecret: string): Promise<GuestRow> {
  const row = await guestBy(db, 'client_secret', clientSecret);
  if (!row) throw paymentErrors.chargeNotFound();
  return row;
}

/** Moves a guest charge on from `from` only: a second submit racing this one changes nothing. */
async function moveGuest(db: Db, row: GuestRow, from: GuestRow['status'], to: Partial<typeof testProviderGuestCharges.$inferInsert>): Promise<GuestChargeAnswer> {
  const [moved] = await db
    .update(testProviderGuestCharges)
    .set(to)
    .where(and(eq(testProviderGuestCharges.id, row.id), eq(testProviderGuestCharges.status, from)))
    .returning();
  return guestAnswer(moved ?? (await guestBySecret(db, row.client_secret)));
}

async function createGuestCharge(db: Db, request: GuestChargeRequest) {
  const id = randomId('pi_test');
  // The same key gives the same charge (a resent form, two racing requests), as with Stripe.
  await db
    .insert(testProviderGuestCharges)
    .values({
      idempotency_key: request.idempotencyKey,
      id,
      client_secret: clientSecretFor(id),
      amount: request.amountMinor,
      currency: request.currency,
      description: request.description,
      metadata: request.metadata,
    })
    .onConflictDoNothing({ target: testProviderGuestCharges.idempotency_key });
  const row = (await guestBy(db, 'idempotency_key', request.idempotencyKey))!;
  if (row.amount !== request.amountMinor || row.currency !== request.currency) {
    throw new Error(`Idempotency key ${request.idempotencyKey} was already used with different charge parameters`);
  }
  return { reference: row.id, clientSecret: row.client_secret };
}

export function testGuestCharges(db: Db): GuestParts {
  return {
    createGuestCharge: (request) => createGuestCharge(db, request),

    async retrieveGuestCharge(reference) {
      const row = await guestBy(db, 'id', reference);
      return row ? guestState(row) : null;
    },

    async findGuestCharge(idempotencyKey) {
      const row = await guestBy(db, 'idempotency_key', idempotencyKey);
      return row ? guestState(row) : null;
    },

    async cancelGuestCharge(reference) {
      // As Stripe cancels: a charge waiting for a card (or for the bank) is closed; a paid or
      // declined one is over already (this provider refuses a second card after a decline).
      const [cancelled] = await db
        .update(testProviderGuestCharges)
        .set({ status: 'declined', code: 'canceled' })
        .where(and(eq(testProviderGuestCharges.id, reference), inArray(testProviderGuestCharges.status, ['requires_payment_method', 'requires_action'])))
        .returning();
      const row = cancelled ?? (await guestBy(db, 'id', reference));
      return { cancelled: cancelled !== undefined, cardFingerprint: row?.last4 ? testCardFingerprint(row.last4) : null };
    },

    async confirmGuestCharge({ clientSecret, card, now }) {
      const row = await guestBySecret(db, clientSecret);
      if (row.status === 'succeeded') return { status: 'succeeded' };
      if (row.status === 'requires_action') throw paymentErrors.guestChargeAwaitingBank();
      if (row.status === 'declined') throw paymentErrors.guestChargeDeclinedBefore();
      const invalid = validateCard(card, now);
      if (invalid) throw paymentErrors.cardInvalid({ cardMessage: invalid.message });
      const last4 = normaliseCardNumber(card.number).slice(-4);
      return moveGuest(db, row, 'requires_payment_method', { ...guestOutcome(card.number), last4 });
    },

    async authenticateGuestCharge({ clientSecret, outcome }) {
      const row = await guestBySecret(db, clientSecret);
      if (row.status === 'succeeded') return { status: 'succeeded' };
      if (row.status !== 'requires_action') throw paymentErrors.chargeNotAwaitingAuthentication();
      const to: GuestOutcome = outcome === 'complete' ? { status: 'succeeded', code: null } : { status: 'declined', code: 'authentication_failed' };
      return moveGuest(db, row, 'requires_action', to);
    },
  };
}
