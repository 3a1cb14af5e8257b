import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import { authenticateTestGift, payTestGift } from './gift-api';
import type { GiftCardForm } from './gift-card';

type CardFields = { number: string; expiry: string; cvc: string };

/** Digits in groups of four as they are typed. */
const grouped = (input: string) =>
  input
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** 'MM/YY' or 'MM/YYYY' to numbers; anything else is sent as 0/0 and the provider names the problem. */
function expiryOf(text: string): { month: number; year: number } {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return { month: 0, year: 0 };
  return { month: Number(match[1]), year: match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]) };
}

/**
 * The test provider's card fields for a gift, with its simulated bank step (product-rules §15). The
 * card is checked by the provider, which answers with Stripe's words for the first problem, as
 * Stripe's card element would. (Not the shared card form's helpers: importing them would split the
 * wizard's card form into more chunks, each a name in the landing page's first script and its budget.)
 */
export const TestGiftCard = forwardRef<GiftCardForm, { disabled?: boolean; focusFirst?: boolean }>(function TestGiftCard({ disabled, focusFirst = false }, ref) {
  const [fields, setFields] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  // After a decline the card is asked again: its number is where the friend starts.
  const numberField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirst) numberField.current?.focus();
  }, [focusFirst]);
  const [bankStep, setBankStep] = useState(false);
  const decide = useRef<((outcome: 'complete' | 'fail') => void) | null>(null);

  const askBank = () =>
    new Promise<'complete' | 'fail'>((resolve) => {
      decide.current = resolve;
      setBankStep(true);
    });
  const answer = (outcome: 'complete' | 'fail') => {
    setBankStep(false);
    decide.current?.(outcome);
    decide.current = null;
  };

  useImperativeHandle(
    ref,
    () => ({
      async pay(secret) {
        const expiry = expiryOf(fields.expiry);
        const clientSecret = await secret();
        try {
          let result = await payTestGift({ client_secret: clientSecret, number: fields.number, exp_month: expiry.month, exp_year: expiry.year, cvc: fields.cvc.trim() });
          if (result.status === 'requires_action') result = await authenticateTestGift(clientSecret, await askBank());
          return result.status === 'succeeded' ? { status: 'paid' } : { status: 'declined', message: result.message ?? 'Your card was declined.' };
        } catch (err) {
          if (err instanceof ApiError && err.code === 'card.validation_error') return { status: 'invalid', message: err.message };
          throw err;
        }
      },
    }),
    [fields],
  );

  return (
    <div className="test-card-form">
      <p className="test-mode-banner" role="note">
        <strong>Test mode</strong> — no real card is charged. Use 4242 4242 4242 4242 with any future expiry and any CVC.
      </p>
      <TextField
        ref={numberField}
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={fields.number}
        disabled={disabled}
        onChange={(e) => {
          setFields({ ...fields, number: grouped(e.target.value) });
        }}
      />
      <div className="test-card-row">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          value={fields.expiry}
          disabled={disabled}
          onChange={(e) => {
            setFields({ ...fields, expiry: e.target.value });
          }}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={fields.cvc}
          disabled={disabled}
          onChange={(e) => {
            setFields({ ...fields, cvc: e.target.value.replace(/\D/g, '') });
          }}
        />
      </div>
      <Dialog open={bankStep} title="Confirm this payment with your bank" onClose={() => answer('fail')}>
        <p>
          <strong>Test mode:</strong> your bank asks you to confirm this payment (a simulated 3-D Secure check).
        </p>
        <div className="form-actions">
          <button type="button" className="button" onClick={() => answer('complete')}>
            Complete authentication
          </button>
          <button type="button" className="button secondary" onClick={() => answer('fail')}>
            Fail authentication
          </button>
        </div>
      </Dialog>
    </div>
  );
});
