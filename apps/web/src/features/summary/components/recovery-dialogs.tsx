import { formatLongDate } from '@uplift/core/calendar';
import type { Minor } from '@uplift/core/money';
import type { PayNowResponse, Payment } from '@uplift/core/schemas/payment';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { CardFormError, type CardCollector } from '../../../components/card-form/card-collector';
import { authenticateTestPayment } from '../../../components/card-form/confirm-test-card';
import { useSetupSecret } from '../../../components/card-form/get-setup-secret';
import { TestCardForm } from '../../../components/card-form/test-card-form';
import { Dialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { confirmPayment, makeDefaultCard, payNow, saveCard, useRefreshAfterPayment } from '../api/pay-now';
import { chargedOf } from '../model/summary';
import { ACTION_LABEL, failureSummary } from '../model/recovery';

const StripeCardForm = lazy(() => import('../../../components/card-form/stripe-card-form'));

const message = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Please try again.');

const NOTHING_RETURNED = () => undefined;

/** The card form of step 5 (test mode or Stripe), for a new card. */
function NewCardForm({
  collector,
  attempt,
  returnPath,
  onReturnedWithCard = NOTHING_RETURNED,
}: {
  collector: RefObject<CardCollector | null>;
  attempt: number;
  returnPath: string;
  /** Back from a bank redirect with the card saved at the provider (Stripe only). */
  onReturnedWithCard?: (providerPaymentMethodId: string) => void;
}) {
  const secret = useSetupSecret(attempt, true);
  if (secret.isError) return <Alert>We could not load the card form. Please close this and try again.</Alert>;
  if (!secret.data) return <p role="status">Loading the card form…</p>;
  return secret.data.provider === 'stripe' ? (
    <Suspense fallback={<p role="status">Loading the card form…</p>}>
      <StripeCardForm
        ref={collector}
        publishableKey={secret.data.publishable_key}
        clientSecret={secret.data.client_secret}
        onReturnedWithCard={onReturnedWithCard}
        returnPath={returnPath}
      />
    </Suspense>
  ) : (
    <TestCardForm ref={collector} clientSecret={secret.data.client_secret} />
  );
}

/** Saves the card in the form with the provider and with us, and makes it the one every remaining payment uses. */
async function saveAsDefault(collector: CardCollector): Promise<string> {
  const providerId = await collector.collect();
  await recordAsDefault(providerId);
  return providerId;
}

/** Records a card the provider has saved and makes it the one every remaining payment uses. */
async function recordAsDefault(providerId: string): Promise<void> {
  await saveCard(providerId);
  await makeDefaultCard(providerId);
}

/** What Stripe adds to the return URL after a bank redirect. */
const REDIRECT_PARAMS = ['setup_intent', 'setup_intent_client_secret', 'redirect_status'];

const BANK_REFUSED = 'Your bank did not confirm this card. Please try again, or use another card.';

/**
 * Back from a bank redirect the bank said no to: the message to show above a fresh form. Stripe's
 * parameters are taken out of the address, or a reload (or the other dialog) would say it again.
 */
function useRefusedByBank(): string | undefined {
  const [search, setSearch] = useSearchParams();
  const [refused] = useState(() => search.get('redirect_status') === 'failed');
  const cleared = useRef(false);
  useEffect(() => {
    if (!refused || cleared.current) return;
    cleared.current = true;
    setSearch(withoutRedirectParams(search), { replace: true });
  }, [refused, search, setSearch]);
  return refused ? BANK_REFUSED : undefined;
}

function withoutRedirectParams(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of REDIRECT_PARAMS) next.delete(name);
  return next;
}

/**
 * Back from the bank's page (3-D Secure) with the card saved at the provider: the card form's
 * `onReturnedWithCard`. It acts once, and takes Stripe's parameters out of the address.
 */
function useCardBackFromBank(use: (providerId: string) => void): (providerId: string) => void {
  const [search, setSearch] = useSearchParams();
  const returned = useRef(false);
  return (providerId) => {
    if (returned.current) return;
    returned.current = true;
    setSearch(withoutRedirectParams(search), { replace: true });
    use(providerId);
  };
}

type Stage = { name: 'start' } | { name: 'card' } | { name: 'bank'; clientSecret: string; methodId?: string } | { name: 'done'; text: string };

/**
 * A failed week's action (decisions 046–047): pay now with the saved card, confirm with the bank (the
 * test provider's simulated step, or Stripe.js), or use another card — which then becomes the
 * card for every remaining payment.
 */
export function PayNowDialog({ payment, money, onClose }: { payment: Payment; money: (minor: Minor) => string; onClose: () => void }) {
  const action = payment.action ?? 'pay_now';
  const [search] = useSearchParams();
  // Back from the bank's page after "Use another card" (Stripe): the card form picks the card up.
  const backFromBank = search.has('setup_intent_client_secret');
  const [stage, setStage] = useState<Stage>(action === 'new_card' || backFromBank ? { name: 'card' } : { name: 'start' });
  const [error, setError] = useState<string | undefined>(useRefusedByBank());
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const collector = useRef<CardCollector>(null);
  const refresh = useRefreshAfterPayment();
  const provider = useSetupSecret(1000 + payment.id, stage.name === 'bank');
  const amount = money(chargedOf(payment));

  async function run(step: () => Promise<PayNowResponse | void>) {
    setBusy(true);
    setError(undefined);
    try {
      const result = await step();
      if (result) await settle(result);
    } catch (err) {
      if (err instanceof CardFormError && err.kind === 'validation') return; // shown at the field
      setError(err instanceof ApiError && err.status === 409 ? err.message : message(err));
      if (err instanceof ApiError) void refresh();
    } finally {
      setBusy(false);
    }
  }

  async function settle(result: PayNowResponse) {
    if (result.outcome === 'requires_action' && result.client_secret) {
      setStage({ name: 'bank', clientSecret: result.client_secret, methodId: result.payment_method_id });
      return;
    }
    await refresh();
    if (result.outcome === 'succeeded' || result.outcome === 'processing') {
      setStage({ name: 'done', text: result.outcome === 'succeeded' ? `Thank you! Your ${amount} payment has gone through. We have emailed you a receipt.` : result.message });
    } else {
      setError(result.message);
      setStage({ name: 'start' });
    }
  }

  // The bank's redirect (3-D Secure) left the page while the new card was being saved: Stripe
  // brings the donor back to /summary?pay={id} with the saved card, and the payment is made here.
  const payAfterRedirect = useCardBackFromBank((providerId) =>
    void run(async () => {
      await recordAsDefault(providerId);
      setAttempt((n) => n + 1);
      return payNow(payment.id, providerId);
    }),
  );

  async function bankStep(outcome: 'complete' | 'fail', clientSecret: string, methodId?: string) {
    if (provider.data?.provider === 'stripe') {
      const { confirmStripePayment } = await import('../../../components/card-form/stripe-confirm');
      await confirmStripePayment(provider.data.publishable_key, clientSecret, methodId);
    } else {
      await authenticateTestPayment({ client_secret: clientSecret, outcome });
    }
    return confirmPayment(payment.id);
  }

  let body: ReactNode;
  if (stage.name === 'done') {
    body = (
      <>
        <Alert tone="success">{stage.text}</Alert>
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            Done
          </button>
        </div>
      </>
    );
  } else if (stage.name === 'bank') {
    const stripe = provider.data?.provider === 'stripe';
    body = (
      <>
        <p>Your bank wants to confirm it is you before it takes this {amount} payment.</p>
        {stripe ? (
          <div className="form-actions">
            <button type="button" className="button" disabled={busy || !provider.data} onClick={() => void run(() => bankStep('complete', stage.clientSecret, stage.methodId))}>
              {busy ? 'Waiting for your bank…' : 'Continue to your bank'}
            </button>
          </div>
        ) : (
          <>
            <p className="test-mode-banner" role="note">
              <strong>Test mode:</strong> your bank asks you to confirm this payment (a simulated 3-D Secure check).
            </p>
            <div className="form-actions">
              <button type="button" className="button" disabled={busy || !provider.data} onClick={() => void run(() => bankStep('complete', stage.clientSecret))}>
                Complete authentication
              </button>
              <button type="button" className="button secondary" disabled={busy || !provider.data} onClick={() => void run(() => bankStep('fail', stage.clientSecret))}>
                Fail authentication
              </button>
            </div>
          </>
        )}
      </>
    );
  } else if (stage.name === 'card') {
    body = (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            const methodId = await saveAsDefault(collector.current!);
            setAttempt((n) => n + 1);
            return payNow(payment.id, methodId);
          });
        }}
      >
        <p>Add a card for this payment. Your remaining weekly payments will use it too.</p>
        <NewCardForm
          key={attempt}
          collector={collector}
          attempt={attempt}
          returnPath={`${paths.summary}?pay=${payment.id}`}
          onReturnedWithCard={payAfterRedirect}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Paying…' : `Save card and pay ${amount}`}
          </button>
          {action !== 'new_card' && (
            <button type="button" className="button secondary" disabled={busy} onClick={() => setStage({ name: 'start' })}>
              Back
            </button>
          )}
        </div>
      </form>
    );
  } else {
    body = (
      <>
        <p className="summary-muted">{failureSummary(payment)}</p>
        <div className="form-actions">
          <button type="button" className="button" disabled={busy} onClick={() => void run(() => payNow(payment.id))}>
            {busy ? 'Paying…' : action === 'authenticate' ? ACTION_LABEL.authenticate : `Pay ${amount} now`}
          </button>
          <button type="button" className="button secondary" disabled={busy} onClick={() => setStage({ name: 'card' })}>
            {ACTION_LABEL.new_card}
          </button>
        </div>
      </>
    );
  }

  return (
    <Dialog open title={`Your ${amount} payment of ${formatLongDate(payment.processing_date)}`} onClose={onClose}>
      {error && <Alert>{error}</Alert>}
      {body}
    </Dialog>
  );
}

/** "Change card": a new card for every remaining payment; the old one is removed after. */
export function ChangeCardDialog({ onClose }: { onClose: () => void }) {
  const collector = useRef<CardCollector>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(useRefusedByBank());
  const [done, setDone] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const refresh = useRefreshAfterPayment();

  // The bank's redirect (3-D Secure) left the page: Stripe brings the donor back to
  // /summary?card=change with the saved card, and the change is finished here.
  const finishAfterRedirect = useCardBackFromBank((providerId) => void submit(() => recordAsDefault(providerId)));

  async function submit(save: () => Promise<unknown> = () => saveAsDefault(collector.current!)) {
    setBusy(true);
    setError(undefined);
    try {
      await save();
      setAttempt((n) => n + 1);
      await refresh();
      setDone(true);
    } catch (err) {
      if (!(err instanceof CardFormError && err.kind === 'validation')) setError(message(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open title="Change card" onClose={onClose}>
      {error && <Alert>{error}</Alert>}
      {done ? (
        <>
          <Alert tone="success">Saved. Your remaining payments will use your new card.</Alert>
          <div className="form-actions">
            <button type="button" className="button" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p>Your remaining weekly payments, and any that did not go through, will use the new card. We remove the old card afterwards.</p>
          <NewCardForm
            key={attempt}
            collector={collector}
            attempt={attempt}
            returnPath={`${paths.summary}?card=change`}
            onReturnedWithCard={finishAfterRedirect}
          />
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Saving…' : 'Save new card'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
