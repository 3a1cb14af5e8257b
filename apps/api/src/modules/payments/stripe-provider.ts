import Stripe from 'stripe';
import type { CardDetails, ChargeRequest, ChargeResult, GuestChargeCancel, GuestChargeState, PaymentProvider, RefundRequest, RefundResult } from './payment-provider.ts';

// Stripe behind the PaymentProvider interface: a Customer per user, a SetupIntent to save a
// card for off-session use, and off-session PaymentIntents charged once per idempotency key.

export type StripeProviderOptions = {
  secretKey: string;
  publishableKey: string;
  /** Where the API lives; tests point it at a recorded fake server on loopback. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

/** The metadata key that carries our idempotency key, so a charge can be found again. */
export const IDEMPOTENCY_METADATA_KEY = 'idempotency_key';

export function createStripeClient(opts: StripeProviderOptions): Stripe {
  return new Stripe(opts.secretKey, {
    maxNetworkRetries: 2, // the SDK reuses the idempotency key on its own retries
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Uplift' },
    ...(opts.host ? { host: opts.host } : {}),
    ...(opts.port ? { port: opts.port } : {}),
    ...(opts.protocol ? { protocol: opts.protocol } : {}),
  });
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** A PaymentIntent's state as billing and pay-now need it (docs/decisions/045-payment-statuses.md). */
export function chargeResultOf(intent: Stripe.PaymentIntent): ChargeResult {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', reference: intent.id };
    case 'processing':
      // Not settled yet: the payment_intent.succeeded / payment_failed webhook settles it. Not a failure.
      return { status: 'processing', reference: intent.id };
    case 'requires_action':
    case 'requires_confirmation':
      return { status: 'requires_action', reference: intent.id, code: 'authentication_required', clientSecret: intent.client_secret };
    default: {
      // requires_payment_method (declined or authentication failed), canceled: what the last error says.
      const error = intent.last_payment_error;
      if (error?.code === 'authentication_required' || error?.code === 'payment_intent_authentication_failure') {
        return { status: 'requires_action', reference: intent.id, code: 'authentication_required', clientSecret: intent.client_secret };
      }
      return { status: 'declined', reference: intent.id, code: error?.decline_code || error?.code || 'card_declined' };
    }
  }
}

/**
 * A guest charge's PaymentIntent (a friend's gift, docs/decisions/138) as the gifts module needs it.
 * Made without a payment method, it waits in requires_payment_method until the browser pays: with no
 * error that is `awaiting_payment`; with one (a decline, a failed bank step) it is `declined`.
 */
export function guestChargeStateOf(intent: Stripe.PaymentIntent): GuestChargeState {
  const reference = intent.id;
  const fingerprint = cardFingerprintOf(intent);
  const card = fingerprint ? { cardFingerprint: fingerprint } : {};
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', reference, ...card };
    case 'processing':
      return { status: 'processing', reference, ...card };
    case 'requires_action':
    case 'requires_confirmation':
      return { status: 'requires_action', reference, ...card };
    case 'canceled':
      return { status: 'declined', reference, code: intent.last_payment_error?.decline_code || intent.last_payment_error?.code || 'canceled', ...card };
    default: {
      const error = intent.last_payment_error;
      if (!error) return { status: 'awaiting_payment', reference };
      return { status: 'declined', reference, code: error.decline_code || error.code || 'card_declined', ...card };
    }
  }
}

/**
 * The card tried on a PaymentIntent (docs/decisions/155): the payment method (when expanded), else
 * the one of its last error (Stripe gives that one whole); null when no card was tried.
 */
export function cardFingerprintOf(intent: Stripe.PaymentIntent): string | null {
  const method = typeof intent.payment_method === 'object' && intent.payment_method ? intent.payment_method : intent.last_payment_error?.payment_method;
  return method?.card?.fingerprint ?? null;
}

/**
 * Stripe's errors for a charge: a card error is an answer (its decline code); a request Stripe
 * refuses (a detached or missing card, a bad parameter) is a failure the donor must hear about,
 * not something to retry each run; network, rate-limit and server errors are thrown, so the
 * caller retries with the same idempotency key.
 */
export function chargeErrorResult(err: unknown): ChargeResult {
  if (err instanceof Stripe.errors.StripeCardError) {
    const intent = (err.raw as { payment_intent?: Stripe.PaymentIntent } | undefined)?.payment_intent;
    const reference = intent?.id ?? null;
    if (err.code === 'authentication_required') {
      return { status: 'requires_action', reference, code: 'authentication_required', clientSecret: intent?.client_secret ?? null };
    }
    return { status: 'declined', reference, code: err.decline_code || err.code || 'card_declined' };
  }
  if (err instanceof Stripe.errors.StripeInvalidRequestError) {
    const missing = err.code === 'resource_missing' || err.code?.startsWith('payment_method_') === true;
    return { status: 'declined', reference: null, code: missing ? 'card_not_available' : 'provider_error' };
  }
  throw err;
}

/**
 * A Stripe Refund as the ledger records it: `succeeded` and `pending` (the money is on its way
 * back; Stripe settles card refunds on its own) are done; `failed` and `canceled` are not.
 */
export function refundResultOf(refund: Stripe.Refund): RefundResult {
  if (refund.status === 'failed' || refund.status === 'canceled') {
    return { status: 'failed', reference: refund.id, message: `Stripe could not make the refund (${refund.failure_reason ?? refund.status}).` };
  }
  return { status: 'succeeded', reference: refund.id };
}

/**
 * Stripe's answer refusing a refund (more than is left, a charge it does not know, a disputed
 * charge) is the admin's to read; network, rate-limit and server errors are thrown, so the refund
 * stays pending and is asked again with the same idempotency key.
 */
export function refundErrorResult(err: unknown): RefundResult {
  if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError) {
    return { status: 'failed', reference: null, message: err.message };
  }
  throw err;
}

/** Quotes a value for Stripe's search query language. */
function searchValue(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function createStripeProvider(opts: StripeProviderOptions, client: Stripe = createStripeClient(opts)): PaymentProvider {
  const stripe = client;
  return {
    name: 'stripe',
    publicConfig: { provider: 'stripe', publishableKey: opts.publishableKey },

    async ensureCustomer(user) {
      if (user.customerId) return user.customerId;
      // Keyed by our user id: two racing requests create one customer, not two.
      const customer = await stripe.customers.create(
        { email: user.email, name: user.name, metadata: { user_id: String(user.id) } },
        { idempotencyKey: `uplift-customer-${user.id}` },
      );
      return customer.id;
    },

    async createSetupSecret(customerId) {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      });
      if (!intent.client_secret) throw new Error(`Stripe returned SetupIntent ${intent.id} without a client secret`);
      return intent.client_secret;
    },

    async getCard(customerId, paymentMethodId): Promise<CardDetails | null> {
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.retrieve(paymentMethodId);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
        throw err;
      }
      // A payment method is usable only by the customer it is attached to.
      if (idOf(method.customer) !== customerId || method.type !== 'card' || !method.card) return null;
      return { brand: method.card.brand, last4: method.card.last4, exp_month: method.card.exp_month, exp_year: method.card.exp_year };
    },

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currency.toLowerCase(),
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            // Off-session (billing): the bank cannot ask the donor. On-session (pay now): it may,
            // and the answer is requires_action with a client secret for Stripe.js.
            ...(request.onSession ? {} : { off_session: true }),
            confirm: true,
            description: request.description,
            metadata: { ...request.metadata, [IDEMPOTENCY_METADATA_KEY]: request.idempotencyKey },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return chargeResultOf(intent);
      } catch (err) {
        return chargeErrorResult(err);
      }
    },

    async retrieveCharge(reference) {
      try {
        return chargeResultOf(await stripe.paymentIntents.retrieve(reference));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
        throw err;
      }
    },

    async detachPaymentMethod(paymentMethodId) {
      try {
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (err) {
        // Already detached (or deleted at Stripe): the card is gone either way.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return;
        if (err instanceof Stripe.errors.StripeInvalidRequestError && /not attached/i.test(err.message)) return;
        throw err;
      }
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.chargeReference, amount: request.amountMinor, reason: 'requested_by_customer', metadata: request.metadata },
          { idempotencyKey: request.idempotencyKey },
        );
        return refundResultOf(refund);
      } catch (err) {
        return refundErrorResult(err);
      }
    },

    async createGuestCharge(request) {
      // On-session, no customer, no card yet: Stripe.js pays it in the browser (and does the bank's step).
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountMinor,
          currency: request.currency.toLowerCase(),
          allowed_payment_method_types: ['card'],
          description: request.description,
          metadata: { ...request.metadata, [IDEMPOTENCY_METADATA_KEY]: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`Stripe returned PaymentIntent ${intent.id} without a client secret`);
      return { reference: intent.id, clientSecret: intent.client_secret };
    },

    async retrieveGuestCharge(reference) {
      try {
        return guestChargeStateOf(await stripe.paymentIntents.retrieve(reference, { expand: ['payment_method'] }));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
        throw err;
      }
    },

    async cancelGuestCharge(reference): Promise<GuestChargeCancel> {
      // One card attempt per gift (docs/decisions/155): after a decline its client secret pays nothing more.
      try {
        const intent = await stripe.paymentIntents.cancel(reference, { cancellation_reason: 'abandoned' });
        return { cancelled: true, cardFingerprint: cardFingerprintOf(intent) };
      } catch (err) {
        // Already paid, processing or cancelled (Stripe refuses to cancel it), or unknown: nothing to do.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && (err.code === 'payment_intent_unexpected_state' || err.code === 'resource_missing')) {
          return { cancelled: false, cardFingerprint: null };
        }
        throw err;
      }
    },

    async findGuestCharge(idempotencyKey) {
      const found = await stripe.paymentIntents.search({
        query: `metadata[${searchValue(IDEMPOTENCY_METADATA_KEY)}]:${searchValue(idempotencyKey)}`,
        limit: 1,
      });
      const intent = found.data[0];
      return intent ? guestChargeStateOf(intent) : null;
    },

    async findCharge(idempotencyKey) {
      const found = await stripe.paymentIntents.search({
        query: `metadata[${searchValue(IDEMPOTENCY_METADATA_KEY)}]:${searchValue(idempotencyKey)}`,
        limit: 1,
      });
      const intent = found.data[0];
      return intent ? chargeResultOf(intent) : null;
    },

  };
}
