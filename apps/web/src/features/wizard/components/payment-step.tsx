import { formatDayMonthYear } from '@uplift/core/calendar';
import { pledgeTotalMinor, remainingWeeksWord, splitPayments } from '@uplift/core/calculator';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { feeCoverOffer, weeklyCharge } from '@uplift/core/fees';
import { GIFT_AID_WHY, notEligibleForGiftAid } from '@uplift/core/gift-aid';
import { BRAND } from '@uplift/core/brand';
import { MSG } from '@uplift/core/messages';
import { asMinor, formatMoney, fromMinor, toMinor, type Minor } from '@uplift/core/money';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { ApiError } from '../../../lib/api-client';
import { invalidatePledgeData } from '../../../lib/queries/invalidate';
import { useConfirmPledge } from '../api/confirm-pledge';
import { useDeletePendingPledge } from '../api/delete-pledge';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useSetupSecret } from '../../../components/card-form/get-setup-secret';
import { useSavePaymentMethod } from '../api/save-payment-method';
import type { Campaign, ConfirmedPledge, Pledge } from '../api/types';
import { remainingDatesOf } from '../model/calculation';
import { CardFormError, type CardCollector } from '../../../components/card-form/card-collector';
import { CardErrorDialog } from './card-error-dialog';
import { PaymentSummary } from './payment-summary';
import { SavedCards } from './saved-cards';
import { TestCardForm } from '../../../components/card-form/test-card-form';

const StripeCardForm = lazy(() => import('../../../components/card-form/stripe-card-form'));

/** product-rules §8: a card error shows in the red modal after about a second. */
export const CARD_ERROR_DELAY_MS = 1000;

export const PAYMENT_FORM_ID = 'payment-form';

type Props = {
  pledge: Pledge;
  campaign: Campaign | undefined;
  challengeName?: string;
  recipientName?: string;
  onPaid: (confirmed: ConfirmedPledge) => void;
  onSubmittingChange: (submitting: boolean) => void;
  /** The Pending pledge was deleted (Cancel): the wizard starts again. */
  onDeleted: () => void;
  /** The wizard's last button (product-rules §2: 'Finish'), shown here under the charge it makes. */
  finishLabel?: string;
};

/**
 * Step 5 for a signed-in donor: a saved card or a new one (a new one when there is none saved),
 * the pledge summary, then Finish confirms the pledge with that card; Cancel deletes the Pending
 * pledge (product-rules §2).
 */
export function PaymentStep({ pledge, campaign, challengeName, recipientName, onPaid, onSubmittingChange, onDeleted, finishLabel = 'Finish' }: Props) {
  const queryClient = useQueryClient();
  const methods = usePaymentMethods();
  const savedMethods = methods.data ?? [];
  const [source, setSource] = useState<'saved' | 'new' | null>(null);
  // Undecided (null) until the saved cards are known, so no setup secret is asked for in vain.
  const effectiveSource = source ?? (methods.isPending ? null : savedMethods.length > 0 ? 'saved' : 'new');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [savedError, setSavedError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Covering the card fee (decision 135): unticked unless the donor ticks it.
  const [coverFee, setCoverFee] = useState(false);
  // A fresh client secret for each card form; a saved-but-unconfirmed card is reused on retry.
  const [secretAttempt, setSecretAttempt] = useState(0);
  const secret = useSetupSecret(secretAttempt, effectiveSource === 'new');
  const collectedCard = useRef<string | null>(null);
  const collector = useRef<CardCollector>(null);
  const errorTimer = useRef<number | undefined>(undefined);
  const savePaymentMethod = useSavePaymentMethod();
  const confirmPledge = useConfirmPledge();
  const deletePledge = useDeletePendingPledge();

  useEffect(() => () => window.clearTimeout(errorTimer.current), []);
  useEffect(() => onSubmittingChange(submitting), [submitting, onSubmittingChange]);

  const country = (pledge.country ?? campaign?.country ?? 'NZ') as CountryCode;
  const dates = campaign ? remainingDatesOf(campaign, new Date()) : [];
  const totalMinor = pledgeTotalMinor({
    numberOfUnits: pledge.number_of_units,
    costPerUnitMinor: toMinor(pledge.cost_per_unit),
    period: pledge.period,
    remainingWeeks: dates.length,
  });
  const amounts = dates.length > 0 && Number.isSafeInteger(totalMinor) ? splitPayments(totalMinor, dates.length) : [];
  const schedule = dates.map((date, i) => ({ date, amountMinor: amounts[i] ?? asMinor(0) }));
  const lastPaymentDate = schedule.at(-1)?.date;

  const showCardErrorSoon = (message: string) => {
    window.clearTimeout(errorTimer.current);
    errorTimer.current = window.setTimeout(() => setCardError(message), CARD_ERROR_DELAY_MS);
  };

  const finish = useCallback(
    async (providerCardId: string | null, savedId: number | null) => {
      let methodId = savedId;
      if (methodId === null) {
        const saved = await savePaymentMethod.mutateAsync(providerCardId!);
        methodId = saved.id;
      }
      const confirmed = await confirmPledge.mutateAsync({ payment_method_id: String(methodId), confirmed_amount: fromMinor(totalMinor), cover_fee: coverFee });
      onPaid(confirmed);
    },
    [savePaymentMethod, confirmPledge, totalMinor, onPaid, coverFee],
  );

  async function handleFailure(err: unknown) {
    if (err instanceof CardFormError) {
      if (err.kind === 'card') showCardErrorSoon(err.message);
      return; // validation problems are already shown at their fields
    }
    if (err instanceof ApiError) {
      if (err.code === 'card.setup_already_succeeded' || err.code === 'card.setup_not_found') setSecretAttempt((n) => n + 1);
      if (err.code === 'pledge.amount_changed' || err.code === 'pledge.no_pending' || err.code === 'pledge.already_confirmed') {
        await invalidatePledgeData(queryClient);
      }
      setFormError(err.message);
      return;
    }
    setFormError('We could not reach Uplift. Please check your connection and try again.');
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setFormError(null);
    setSavedError(null);
    if (effectiveSource === 'saved') {
      if (selectedId === null) {
        setSavedError(MSG.selectPaymentMethod);
        return;
      }
    } else if (!secret.data || !collector.current) {
      return; // still 'loading'
    }
    setSubmitting(true);
    try {
      if (effectiveSource === 'saved') {
        await finish(null, selectedId);
      } else {
        collectedCard.current ??= await collector.current!.collect();
        await finish(collectedCard.current, null);
      }
    } catch (err) {
      await handleFailure(err);
    } finally {
      setSubmitting(false);
    }
  }

  async function cancelPledge() {
    setFormError(null);
    try {
      await deletePledge.mutateAsync();
    } catch (err) {
      // Already gone (another tab) is what the donor wanted; anything else is reported.
      if (!(err instanceof ApiError && err.status === 404)) {
        setFormError(err instanceof ApiError ? err.message : 'We could not reach Uplift. Please try again.');
        return;
      }
    }
    onDeleted();
  }

  const onReturnedWithCard = useCallback(
    (id: string) => {
      collectedCard.current = id;
      setSubmitting(true);
      finish(id, null)
        .catch((err: unknown) => handleFailure(err))
        .finally(() => setSubmitting(false));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, after a bank redirect
    [finish],
  );

  // The order a donor reads and acts in (docs/decisions/124): the card, the pledge it pays for,
  // what is charged and when, Finish, and only then Cancel.
  return (
    <form id={PAYMENT_FORM_ID} className="payment-step" onSubmit={onSubmit} noValidate aria-label="Payment">
      <section className="card payment-card" aria-labelledby="payment-card-title">
        <h3 id="payment-card-title">Payment method</h3>
        <fieldset className="source-toggle">
          <legend>Pay with</legend>
          {/* 'Saved card' only for a donor who has one (docs/decisions/157). */}
          {(savedMethods.length > 0 ? (['saved', 'new'] as const) : (['new'] as const)).map((value) => (
            <label key={value} className={effectiveSource === value ? 'selected' : undefined}>
              <input
                type="radio"
                name="payment-source"
                value={value}
                checked={effectiveSource === value}
                disabled={submitting}
                onChange={() => {
                  setSource(value);
                  setSavedError(null);
                }}
              />
              {value === 'saved' ? 'Saved card' : 'New card'}
            </label>
          ))}
        </fieldset>

        {effectiveSource === 'saved' ? (
          methods.isPending ? (
            <p role="status">{MSG.loading}</p>
          ) : (
            <SavedCards
              methods={savedMethods}
              selectedId={selectedId}
              onSelect={setSelectedId}
              error={savedError}
              disabled={submitting}
              lastPaymentDate={lastPaymentDate}
            />
          )
        ) : !secret.data ? (
          secret.isError ? (
            <Alert>We could not open the card form. Please reload the page and try again.</Alert>
          ) : (
            <p role="status">{MSG.loading}</p>
          )
        ) : secret.data.provider === 'stripe' ? (
          <Suspense fallback={<p role="status">{MSG.loading}</p>}>
            <StripeCardForm
              ref={collector}
              publishableKey={secret.data.publishable_key}
              clientSecret={secret.data.client_secret}
              onReturnedWithCard={onReturnedWithCard}
            />
          </Suspense>
        ) : (
          <TestCardForm ref={collector} clientSecret={secret.data.client_secret} disabled={submitting} />
        )}
        <p className="field-hint">Your card is saved with our payment provider; Uplift never sees or stores its number.</p>
      </section>

      <PaymentSummary
        country={country}
        campaignName={campaign?.campaign_name}
        challengeName={challengeName}
        recipientName={recipientName}
        totalMinor={totalMinor}
        schedule={schedule}
        coverFee={coverFee}
      />

      {schedule[0] && (
        <div className="fee-cover">
          <label>
            <input type="checkbox" name="cover_fee" checked={coverFee} disabled={submitting} onChange={(e) => setCoverFee(e.target.checked)} />
            {feeCoverOffer(schedule[0].amountMinor, country)}
          </label>
          <p className="field-hint">Optional: either way your pledge goes ahead. You can change this later on your pledge page.</p>
        </div>
      )}

      <div className="payment-finish">
        {/* UK donors learn before paying, not first from the receipt, that no Gift Aid is added (docs/decisions/081, 167). */}
        {country === 'UK' && (
          <p className="field-hint gift-aid-line" data-testid="gift-aid-line">
            {notEligibleForGiftAid(BRAND.operator, 'this pledge')} {GIFT_AID_WHY}
          </p>
        )}
        <ChargeLine schedule={schedule.map((p) => ({ ...p, amountMinor: weeklyCharge(p.amountMinor, coverFee, country).chargedMinor }))} country={country} />
        {formError && <Alert>{formError}</Alert>}
        {submitting && (
          <p role="status" className="submitting">
            Saving your card and confirming your pledge…
          </p>
        )}
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? 'Finishing…' : finishLabel}
        </button>
      </div>

      <div className="payment-cancel">
        <button type="button" className="button secondary" onClick={() => void cancelPledge()} disabled={submitting || deletePledge.isPending}>
          Cancel
        </button>
        <p className="field-hint">Changed your mind? Cancel deletes this pledge and takes you back to the first step.</p>
      </div>

      <CardErrorDialog message={cardError} onClose={() => setCardError(null)} />
    </form>
  );
}

/** What is charged each week and when it starts, stated right above Finish. */
function ChargeLine({ schedule, country }: { schedule: { date: string; amountMinor: Minor }[]; country: CountryCode }) {
  const first = schedule[0];
  if (!first) return null;
  const even = schedule.every((p) => p.amountMinor === first.amountMinor);
  return (
    <p className="charge-line" data-testid="charge-line">
      We will charge{' '}
      <strong>
        {even ? '' : 'about '}
        {formatMoney(first.amountMinor, country)} {COUNTRIES[country].currency}
      </strong>{' '}
      each week{schedule.length > 1 ? ` (${remainingWeeksWord(schedule.length)} payments)` : ''}, the first on{' '}
      <strong>{formatDayMonthYear(first.date)}</strong>.
    </p>
  );
}
