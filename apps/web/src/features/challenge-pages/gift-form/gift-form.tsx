import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { asMinor, formatMoney, parseAmountInput, type Minor } from '@uplift/core/money';
import { GIFT_MESSAGE_MAX, GIFT_SUGGESTED_MINOR, giftAmountError } from '@uplift/core/gifts';
import type { GiftCreated } from '@uplift/core/schemas/gifts';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { CheckboxField, TextAreaField, TextField } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import { confirmGift, createGift } from './gift-api';
import type { GiftCardForm } from './gift-card';
import './gift-form.css';
import { TestGiftCard } from './test-gift-card';

// Stripe.js only when the provider is Stripe, and only once the friend reaches the card.
const StripeGiftCard = lazy(() => import('./stripe-gift-card'));

/**
 * A friend's gift on a challenge page (docs/decisions/138-challenge-pages-and-gifts.md): amount,
 * name, email, message and the two "hide" choices, then the card (and the bank's step when asked).
 * The page mounts it; `onGiven` lets the page refresh its raised figure and gift list.
 */
export type GiftFormProps = {
  /** The page's slug: the gift is POSTed to /api/pages/{slug}/gifts. */
  slug: string;
  /** The page's campaign country: the currency, the minimum and the receipt rules. */
  country: CountryCode;
  /** The participant's display name ("Give to Sam"). */
  participantName: string;
  onGiven?: () => void;
};

type Details = { amountText: string; name: string; email: string; message: string; hideName: boolean; hideAmount: boolean; taxReceipt: boolean };
type Errors = Partial<Record<'amount' | 'name' | 'email' | 'message', string>>;
type Step = { kind: 'details' } | { kind: 'card'; gift: GiftCreated; amount: Minor } | { kind: 'thanks'; amount: Minor; receipt: string | null };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const newKey = () => crypto.randomUUID();

function check(details: Details, country: CountryCode): { errors: Errors; amount: Minor | null } {
  const errors: Errors = {};
  const amount = parseAmountInput(details.amountText.trim());
  if (amount === null) errors.amount = 'Enter an amount, such as 25 or 25.50';
  else {
    const problem = giftAmountError(amount, country);
    if (problem) errors.amount = problem.replace(/^amount/, 'The amount');
  }
  if (!details.name.trim()) errors.name = 'Please enter your name';
  if (!EMAIL.test(details.email.trim())) errors.email = 'Please enter your email address, for your receipt';
  if (details.message.length > GIFT_MESSAGE_MAX) errors.message = `Your message can be at most ${GIFT_MESSAGE_MAX} characters`;
  return { errors, amount: Object.keys(errors).length === 0 ? amount : null };
}

/** The gift form: the details, then the card, then thanks. Lazy-loadable (default export too). */
export function GiftForm({ slug, country, participantName, onGiven }: GiftFormProps) {
  const [details, setDetails] = useState<Details>({ amountText: '25', name: '', email: '', message: '', hideName: false, hideAmount: false, taxReceipt: false });
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'details' });
  // One key per gift: a double click or a resent form finds the same gift (and charge) on the server.
  const clientKey = useRef(newKey());
  const card = useRef<GiftCardForm>(null);
  const money = (minor: Minor) => formatMoney(minor, country);
  const set = <K extends keyof Details>(key: K, value: Details[K]) => setDetails((d) => ({ ...d, [key]: value }));

  async function submitDetails(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { errors: found, amount } = check(details, country);
    setErrors(found);
    setProblem(null);
    if (amount === null) return;
    setBusy(true);
    try {
      const gift = await createGift(slug, {
        client_key: clientKey.current,
        amount,
        name: details.name.trim(),
        email: details.email.trim(),
        message: details.message.trim(),
        hide_name: details.hideName,
        hide_amount: details.hideAmount,
        tax_receipt: country === 'NZ' && details.taxReceipt,
      });
      if (gift.status === 'succeeded') finish(amount, null);
      else setStep({ kind: 'card', gift, amount });
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'Something went wrong. Please try again.';
      if (err instanceof ApiError && /^amount/.test(message)) setErrors({ amount: message.replace(/^amount/, 'The amount') });
      else setProblem(message);
    } finally {
      setBusy(false);
    }
  }

  function finish(amount: Minor, receipt: string | null) {
    setStep({ kind: 'thanks', amount, receipt });
    onGiven?.();
  }

  /** A gift that failed is over: the next try is a new gift with a new key. */
  function startAgain(message: string) {
    clientKey.current = newKey();
    setProblem(message);
    setStep({ kind: 'details' });
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (step.kind !== 'card' || busy || !card.current) return;
    const { gift, amount } = step;
    const secret = gift.client_secret!;
    setBusy(true);
    setProblem(null);
    try {
      const paid = await card.current.pay(secret);
      if (paid.status === 'invalid') {
        setProblem(paid.message);
        return;
      }
      // Whatever the card said, the server asks the provider and settles the gift.
      const state = await confirmGift(gift.gift_id, secret);
      if (state.status === 'succeeded') finish(amount, state.receipt_number);
      else if (state.status === 'failed' || paid.status === 'declined') {
        startAgain(`${paid.status === 'declined' ? paid.message : (state.failure_message ?? 'Your card was declined.')} Nothing was taken. You can try again with another card.`);
      } else setProblem('Your bank has not confirmed this payment yet. Please finish its step, or try again.');
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (step.kind === 'thanks') {
    return (
      <section className="gift-form" aria-label={`Give to ${participantName}`}>
        <h2>Thank you{details.name ? `, ${details.name.trim()}` : ''}!</h2>
        <Alert tone="success">
          Your gift of {money(step.amount)} to {participantName}’s challenge has gone through. Your receipt is on its way to {details.email.trim()}
          {step.receipt ? ` (receipt number ${step.receipt})` : ''}.
        </Alert>
      </section>
    );
  }

  if (step.kind === 'card') {
    const { gift, amount } = step;
    return (
      <section className="gift-form" aria-label={`Give to ${participantName}`}>
        <h2>Your card</h2>
        <p>
          Your gift: <strong>{money(amount)}</strong> to {participantName}’s challenge.{' '}
          <button type="button" className="link-button" onClick={() => setStep({ kind: 'details' })} disabled={busy}>
            Change
          </button>
        </p>
        <form onSubmit={pay} noValidate>
          {gift.provider === 'stripe' && gift.publishable_key ? (
            <Suspense fallback={<p role="status">Loading the card form…</p>}>
              <StripeGiftCard ref={card} publishableKey={gift.publishable_key} billing={{ name: details.name.trim(), email: details.email.trim() }} />
            </Suspense>
          ) : (
            <TestGiftCard ref={card} disabled={busy} />
          )}
          {problem && <Alert>{problem}</Alert>}
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Giving…' : `Give ${money(amount)}`}
          </button>
        </form>
      </section>
    );
  }

  const chosen = parseAmountInput(details.amountText.trim());
  return (
    <section className="gift-form" aria-label={`Give to ${participantName}`}>
      <h2>Give to {participantName}</h2>
      <form onSubmit={submitDetails} noValidate>
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
                  set('amountText', String(minor / 100));
                  setErrors((e) => ({ ...e, amount: undefined }));
                }}
              >
                {money(asMinor(minor))}
              </button>
            ))}
          </div>
          <TextField
            label={`Amount (${COUNTRIES[country].symbol})`}
            inputMode="decimal"
            value={details.amountText}
            error={errors.amount}
            onChange={(e) => {
              set('amountText', e.target.value);
              setErrors((x) => ({ ...x, amount: undefined }));
            }}
          />
        </fieldset>
        <TextField label="Your name" autoComplete="name" value={details.name} error={errors.name} maxLength={60} onChange={(e) => set('name', e.target.value)} />
        <TextField
          label="Your email"
          type="email"
          autoComplete="email"
          hint="For your receipt. Never shown to anyone."
          value={details.email}
          error={errors.email}
          onChange={(e) => set('email', e.target.value)}
        />
        <TextAreaField
          label="A message (optional)"
          hint={`${details.message.length}/${GIFT_MESSAGE_MAX} characters`}
          rows={3}
          value={details.message}
          error={errors.message}
          onChange={(e) => set('message', e.target.value)}
        />
        <CheckboxField label="Hide my name (show “Anonymous”)" checked={details.hideName} onChange={(e) => set('hideName', e.target.checked)} />
        <CheckboxField label="Hide the amount" checked={details.hideAmount} onChange={(e) => set('hideAmount', e.target.checked)} />
        {country === 'NZ' && (
          <CheckboxField label="I want a donation tax credit receipt in my name" checked={details.taxReceipt} onChange={(e) => set('taxReceipt', e.target.checked)} />
        )}
        {problem && <Alert>{problem}</Alert>}
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Please wait…' : 'Continue to payment'}
        </button>
      </form>
    </section>
  );
}

export default GiftForm;
