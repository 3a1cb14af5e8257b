import { BRAND } from '@uplift/core/brand';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { asMinor, formatMoney, parseAmountInput, type Minor } from '@uplift/core/money';
import { GIFT_MESSAGE_MAX, GIFT_NAME_MAX, GIFT_SUGGESTED_MINOR } from '@uplift/core/gifts';
import type { GiftCreated, GiftFormOutput, GiftRequest, GiftFormValues, GiftStateResponse } from '@uplift/core/schemas/gifts';
import { lazy, Suspense, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { CheckboxField, TextAreaField, TextField } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import { confirmGift, createGift } from './gift-api';
import { giftFormResolver, loadGiftChecks } from './gift-form-resolver';
import type { GiftCardForm } from './gift-card';
import type { PublicMatch } from '@uplift/core/schemas/match';
import { MatchOffer, matchThanksLine } from '../match/match-offer';
import { visitChannel } from '../../../lib/visit-channel';
import './gift-form.css';
import { TestGiftCard } from './test-gift-card';

// Stripe.js only when the provider is Stripe, and only once the friend reaches the card.
const StripeGiftCard = lazy(() => import('./stripe-gift-card'));

/**
 * A friend's gift on a challenge page (docs/decisions/138-challenge-pages-and-gifts.md): amount,
 * name, email, message and the two "hide" choices, then the card (and the bank's step when asked).
 * The page mounts it after its first paint (so zod and react-hook-form are not in /p/{slug}'s
 * initial JavaScript); `onGiven` lets the page refresh its raised figure and gift list.
 */
export type GiftFormProps = {
  /** The page's slug: the gift is POSTed to /api/pages/{slug}/gifts. */
  slug: string;
  /** The page's campaign country: the currency, the minimum and the receipt rules. */
  country: CountryCode;
  /** The participant's display name ("Give to Sam"). */
  participantName: string;
  /** The sponsor's match a gift here would get now (the page's `match`), said before the amount is chosen. */
  match?: PublicMatch | null;
  onGiven?: () => void;
};

type Step =
  | { kind: 'details' }
  // `spent`: the gift's card was declined, so its charge is closed (one card per gift, docs/decisions/155);
  // the next pay makes a new gift with the same details (docs/decisions/165).
  | { kind: 'card'; gift: GiftCreated; spent: boolean; details: GiftFormOutput }
  | { kind: 'thanks'; details: GiftFormOutput; receipt: string | null; matched: number | null; sponsor: string | null };

const newKey = () => crypto.randomUUID();

/** Said on UK pages before payment (as the UK receipt says it, docs/decisions/081). */
export const GIFT_AID_LINE = `Gift Aid can’t be added to this gift: ${BRAND.operator} is a New Zealand charity, not one registered with HMRC, so no one can claim Gift Aid on it.`;

/**
 * The gift form: the details (the amount's chips first, then name, email and message), then the
 * card, then thanks. Lazy-loadable (default export too). The details are checked by core's gift
 * form schema (the request's bounds and limits in the form's words, docs/decisions/148): each
 * problem at its field, focus on the first. A declined card keeps the friend on the card step with
 * everything else kept: only the card is asked again (docs/decisions/165).
 */
export function GiftForm({ slug, country, participantName, match = null, onGiven }: GiftFormProps) {
  const resolver = useMemo(() => giftFormResolver(country), [country]);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    control,
    formState: { errors },
  } = useForm<GiftFormValues, unknown, GiftFormOutput>({
    resolver,
    defaultValues: { amount: '25', name: '', email: '', message: '', hide_name: false, hide_amount: false, tax_receipt: false },
    // As the friend types, a problem stays until the next submit (the amount's goes at once).
    reValidateMode: 'onSubmit',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The busy state, at once: a second submit in the same moment sends nothing (the client_key covers the rest).
  const sending = useRef(false);
  const [step, setStep] = useState<Step>({ kind: 'details' });
  // One key per gift: a double click or a resent form finds the same gift (and charge) on the server.
  const clientKey = useRef(newKey());
  // What was sent with the current key: details changed after "Change" make a new gift (a new key).
  const sentWithKey = useRef<string | null>(null);
  // Each card attempt's card form is a new one: after a decline the card's fields start empty.
  const [attempt, setAttempt] = useState(0);
  const card = useRef<GiftCardForm>(null);
  const money = (minor: Minor) => formatMoney(minor, country);
  // What the chips and the message's counter show, as the friend types.
  const [amountText, messageText] = useWatch({ control, name: ['amount', 'message'] });

  /** The request for these details with the current key (a new key when the details changed since it was used). */
  function requestFor(details: GiftFormOutput): GiftRequest {
    const body = { ...details, tax_receipt: country === 'NZ' && details.tax_receipt };
    const sent = JSON.stringify(body);
    if (sentWithKey.current !== null && sentWithKey.current !== sent) clientKey.current = newKey();
    sentWithKey.current = sent;
    // The channel this visit came by, if any (docs/decisions/164): not part of what decides the key.
    return { client_key: clientKey.current, ...body, via: visitChannel() };
  }

  /** The checked details: the gift is made (or found again by its client_key), then the card. */
  async function sendDetails(details: GiftFormOutput) {
    if (sending.current) return;
    sending.current = true;
    setProblem(null);
    setBusy(true);
    try {
      const gift = await createGift(slug, requestFor(details));
      if (gift.status === 'succeeded') finish(details, null, null);
      else setStep({ kind: 'card', gift, spent: false, details });
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'Something went wrong. Please try again.';
      if (err instanceof ApiError && /^amount/.test(message)) setError('amount', { message: message.replace(/^amount/, 'The amount') });
      else setProblem(message);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  function finish(details: GiftFormOutput, receipt: string | null, state: Pick<GiftStateResponse, 'matched_minor' | 'match_sponsor'> | null) {
    setStep({ kind: 'thanks', details, receipt, matched: state ? state.matched_minor : null, sponsor: state?.match_sponsor ?? null });
    onGiven?.();
  }

  /**
   * A declined card: that gift is over (its charge closed), but the friend stays here with the
   * amount, name, email and message kept; the card's fields start empty and the next pay makes a
   * new gift with a new key.
   */
  function declined(gift: GiftCreated, details: GiftFormOutput, message: string) {
    clientKey.current = newKey();
    sentWithKey.current = null;
    setStep({ kind: 'card', gift, spent: true, details });
    setAttempt((n) => n + 1);
    setProblem(`${message} Nothing was taken. Enter another card to try again: everything else is kept.`);
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (step.kind !== 'card' || busy || !card.current) return;
    const { details } = step;
    let { gift, spent } = step;
    setBusy(true);
    setProblem(null);
    // The charge's secret, asked for by the card form once what was entered is complete.
    const secret = async () => {
      if (spent) {
        gift = await createGift(slug, requestFor(details));
        spent = false;
        setStep({ kind: 'card', gift, spent: false, details });
      }
      return gift.client_secret!;
    };
    try {
      const paid = await card.current.pay(secret);
      if (paid.status === 'invalid') {
        setProblem(paid.message);
        return;
      }
      // Whatever the card said, the server asks the provider and settles the gift.
      const state = await confirmGift(gift.gift_id, gift.client_secret!);
      if (state.status === 'succeeded') finish(details, state.receipt_number, state);
      else if (state.status === 'failed' || paid.status === 'declined') {
        declined(gift, details, paid.status === 'declined' ? paid.message : (state.failure_message ?? 'Your card was declined.'));
      } else setProblem('Your bank has not confirmed this payment yet. Please finish its step, or try again.');
    } catch (err) {
      // One card per gift (docs/decisions/155): after a decline the server closes the gift; the form
      // keeps everything but the card and asks for the card again on a new gift.
      if (err instanceof ApiError && err.code === 'gift.card_declined') declined(gift, details, err.message);
      else setProblem(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (step.kind === 'thanks') {
    const { details } = step;
    // What the match added, or that it was used up (product-rules §23); not said when the gift was found already given.
    const matchLine = step.matched === null ? null : matchThanksLine({ matched: step.matched, sponsor: step.sponsor, offered: match, amount: details.amount, participantName, country });
    return (
      <section className="gift-form" aria-label={`Give to ${participantName}`}>
        <h2>Thank you{details.name ? `, ${details.name}` : ''}!</h2>
        <Alert tone="success">
          Your gift of {money(details.amount)} to {participantName}’s challenge has gone through. Your receipt is on its way to {details.email}
          {step.receipt ? ` (receipt number ${step.receipt})` : ''}.
        </Alert>
        {matchLine && <p className="gift-match-thanks">{matchLine}</p>}
      </section>
    );
  }

  if (step.kind === 'card') {
    const { gift, details } = step;
    return (
      <section className="gift-form" aria-label={`Give to ${participantName}`}>
        <h2>Your card</h2>
        {match && <MatchOffer match={match} country={country} amount={details.amount} />}
        <p>
          Your gift: <strong>{money(details.amount)}</strong> to {participantName}’s challenge.{' '}
          <button type="button" className="link-button" onClick={() => setStep({ kind: 'details' })} disabled={busy}>
            Change
          </button>
        </p>
        <form onSubmit={pay} noValidate>
          {gift.provider === 'stripe' && gift.publishable_key ? (
            <Suspense fallback={<p role="status">Loading the card form…</p>}>
              <StripeGiftCard
                key={attempt}
                ref={card}
                publishableKey={gift.publishable_key}
                amount={details.amount}
                currency={COUNTRIES[country].currency}
                billing={{ name: details.name, email: details.email }}
              />
            </Suspense>
          ) : (
            <TestGiftCard key={attempt} ref={card} disabled={busy} focusFirst={attempt > 0} />
          )}
          {problem && <Alert>{problem}</Alert>}
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Giving…' : `Give ${money(details.amount)}`}
          </button>
        </form>
      </section>
    );
  }

  const chosen = parseAmountInput(amountText.trim());
  return (
    <section className="gift-form" aria-label={`Give to ${participantName}`}>
      <h2>Give to {participantName}</h2>
      <form
        onSubmit={(event) =>
          // The checks' code may fail to arrive (a lost connection): say so rather than do nothing.
          void handleSubmit(sendDetails, () => setProblem(null))(event).catch(() => setProblem('The form could not be checked: the connection may have dropped. Please try again.'))
        }
        onFocus={() => void loadGiftChecks().catch(() => undefined)}
        noValidate
      >
        {match && <MatchOffer match={match} country={country} amount={chosen} />}
        <fieldset className="gift-amounts">
          <legend>Amount</legend>
          <div className="gift-amount-choices">
            {GIFT_SUGGESTED_MINOR.map((minor) => (
              <button
                key={minor}
                type="button"
                className={`button secondary${chosen === minor ? ' selected' : ''}`}
                aria-pressed={chosen === minor}
                onClick={() => {
                  setValue('amount', String(minor / 100));
                  clearErrors('amount');
                }}
              >
                {money(asMinor(minor))}
              </button>
            ))}
          </div>
          <TextField
            label={`Amount (${COUNTRIES[country].symbol})`}
            inputMode="decimal"
            error={errors.amount?.message}
            {...register('amount', { onChange: () => clearErrors('amount') })}
          />
        </fieldset>
        <TextField label="Your name" autoComplete="name" error={errors.name?.message} maxLength={GIFT_NAME_MAX} {...register('name')} />
        <TextField
          label="Your email"
          type="email"
          autoComplete="email"
          hint="For your receipt. Never shown to anyone."
          error={errors.email?.message}
          {...register('email')}
        />
        <TextAreaField
          label="A message (optional)"
          hint={`${messageText.length}/${GIFT_MESSAGE_MAX} characters`}
          rows={3}
          error={errors.message?.message}
          {...register('message')}
        />
        <CheckboxField label="Hide my name (show “Anonymous”)" {...register('hide_name')} />
        <CheckboxField label="Hide the amount" {...register('hide_amount')} />
        {country === 'NZ' && <CheckboxField label="I want a donation tax credit receipt in my name" {...register('tax_receipt')} />}
        {country === 'UK' && <p className="gift-note">{GIFT_AID_LINE}</p>}
        {problem && <Alert>{problem}</Alert>}
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Please wait…' : 'Continue to payment'}
        </button>
      </form>
    </section>
  );
}

export default GiftForm;
