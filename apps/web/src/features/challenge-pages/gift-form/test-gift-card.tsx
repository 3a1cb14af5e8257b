import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { TextField } from '../../../components/field';
import { formatCardNumber, parseExpiry, validateTestCard, type TestCardErrors, type TestCardFields } from '../../../components/card-form/test-card';
import { ApiError } from '../../../lib/api-client';
import { authenticateTestGift, payTestGift } from './gift-api';
import type { GiftCardForm } from './gift-card';

/** The test provider's card fields for a gift, with its simulated bank step (product-rules §15). */
export const TestGiftCard = forwardRef<GiftCardForm, { disabled?: boolean }>(function TestGiftCard({ disabled }, ref) {
  const [fields, setFields] = useState<TestCardFields>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<TestCardErrors>({});
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
      async pay(clientSecret) {
        const problems = validateTestCard(fields, new Date());
        setErrors(problems);
        const first = Object.values(problems)[0];
        if (first) return { status: 'invalid', message: first };
        const expiry = parseExpiry(fields.expiry)!;
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
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={fields.number}
        disabled={disabled}
        error={errors.number}
        onChange={(e) => {
          setFields({ ...fields, number: formatCardNumber(e.target.value) });
          setErrors({ ...errors, number: undefined });
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
          error={errors.expiry}
          onChange={(e) => {
            setFields({ ...fields, expiry: e.target.value });
            setErrors({ ...errors, expiry: undefined });
          }}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={fields.cvc}
          disabled={disabled}
          error={errors.cvc}
          onChange={(e) => {
            setFields({ ...fields, cvc: e.target.value.replace(/\D/g, '') });
            setErrors({ ...errors, cvc: undefined });
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
