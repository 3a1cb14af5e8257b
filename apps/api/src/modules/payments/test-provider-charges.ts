import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { testProviderCharges } from '../../db/schema.ts';
import { paymentErrors } from './payments.errors.ts';
import type { ChargeRequest, ChargeResult, PaymentProvider } from './payment-provider.ts';
import { clientSecretFor, randomId, type TestPaymentProvider } from './test-provider-common.ts';
import { usableMethod } from './test-provider-setups.ts';
import type { TestChargeBehaviour } from './test-cards.ts';

// The test provider's charges of saved cards (product-rules §15): made once per idempotency key,
// looked up by key or reference, and the bank's step of a charge that asks for it.

type ChargeRow = typeof testProviderCharges.$inferSelect;
type ChargeParts = Pick<PaymentProvider, 'charge' | 'findCharge' | 'retrieveCharge'> & Pick<TestPaymentProvider, 'authenticatePayment'>;

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

async function findChargeRow(db: Db, idempotencyKey: string): Promise<ChargeRow | undefined> {
  const [row] = await db.select().from(testProviderCharges).where(eq(testProviderCharges.idempotency_key, idempotencyKey));
  return row;
}

/** Inserts the charge unless its key was seen before; the new row, or undefined for a key seen before. */
async function insertCharge(db: Db, request: ChargeRequest, outcome: { status: ChargeRow['status']; code: string | null }): Promise<ChargeRow | undefined> {
  const id = randomId('pi_test');
  const [inserted] = await db
    .insert(testProviderCharges)
    .values({
      idempotency_key: request.idempotencyKey,
      id,
      code: outcome.code,
      client_secret: outcome.status === 'requires_action' ? clientSecretFor(id) : null,
      customer_id: request.customerId,
      payment_method_id: request.paymentMethodId,
      amount: request.amountMinor,
      currency: request.currency,
      status: outcome.status,
      reason: outcome.code,
      description: request.description,
      metadata: request.metadata,
    })
    .onConflictDoNothing({ target: testProviderCharges.idempotency_key })
    .returning();
  return inserted;
}

export function testCharges(db: Db): ChargeParts {
  return {
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const method = await usableMethod(db, request.customerId, request.paymentMethodId);
      // A key seen before (a retry, or two racing calls) inserts nothing and answers with the first
      // outcome, as Stripe does; trying the insert first saves a lookup on every new charge.
      const inserted = await insertCharge(db, request, chargeOutcome(method?.behaviour as TestChargeBehaviour | undefined));
      if (inserted) return toResult(inserted);
      return sameRequestOrThrow((await findChargeRow(db, request.idempotencyKey))!, request);
    },

    async findCharge(idempotencyKey) {
      const row = await findChargeRow(db, idempotencyKey);
      return row ? toResult(row) : null;
    },

    async retrieveCharge(reference) {
      const [row] = await db.select().from(testProviderCharges).where(eq(testProviderCharges.id, reference));
      return row ? toResult(row) : null;
    },

    async authenticatePayment({ customerId, clientSecret, outcome }) {
      const [row] = await db
        .select()
        .from(testProviderCharges)
        .where(and(eq(testProviderCharges.client_secret, clientSecret), eq(testProviderCharges.customer_id, customerId)));
      if (!row) throw paymentErrors.chargeNotFound();
      if (row.status === 'succeeded') return 'succeeded';
      if (row.status !== 'requires_action') throw paymentErrors.chargeNotAwaitingAuthentication();
      // Completing the bank's step takes the payment (the card is charged on-session); failing it
      // leaves it unpaid, as Stripe's PaymentIntent goes back to requires_payment_method.
      await db
        .update(testProviderCharges)
        .set(outcome === 'complete' ? { status: 'succeeded', code: null } : { status: 'declined', code: 'authentication_required' })
        .where(and(eq(testProviderCharges.id, row.id), eq(testProviderCharges.status, 'requires_action')));
      return outcome === 'complete' ? 'succeeded' : 'requires_payment_method';
    },
  };
}
