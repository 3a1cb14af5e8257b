import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { Dialog } from '../dialog';
import { TextField } from '../field';
import { ApiError } from '../../lib/api-client';
import { authenticateTestCard, confirmTestCard } from './confirm-test-card';
import { CardFormError, type CardCollector } from './card-collector';
import './card-form.css';
import { formatCardNumber, parseExpiry, validateTestCard, type TestCardErrors, type TestCardFields } from './test-card';

type Props = { clientSecret: string; disabled?: boolean };

/**
 * The built-in test provider's card form (product-rules §15): a plain form under a
 * "Test mode" banner, answering like Stripe for Stripe's test cards, with a simulated
 * authentication step for a card that asks for one.
 */
export const TestCardForm = forwardRef<CardCollector, Props>(function TestCardForm({ clientSecret, disabled }, ref) {
  const [fields, setFields] = useState<TestCardFields>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<TestCardErrors>({});
  const [authenticating, setAuthenticating] = useState(false);
  const decide = useRef<((outcome: 'complete' | 'fail') => void) | null>(null);

  const askToAuthenticate = () =>
    new Promise<'complete' | 'fail'>((resolve) => {
      decide.current = resolve;
      setAuthenticating(true);
    });

  const answer = (outcome: 'complete' | 'fail') => {
    setAuthenticating(false);
    decide.current?.(outcome);
    decide.current = null;
  };

  useImperativeHandle(
    ref,
    () => ({
      async collect() {
        const problems = validateTestCard(fields, new Date());
        setErrors(problems);
        const first = Object.values(problems)[0];
        if (first) throw new CardFormError('validation', first);
        const expiry = parseExpiry(fields.expiry)!;
        try {
          let result = await confirmTestCard({
            client_secret: clientSecret,
            number: fields.number,
            exp_month: expiry.month,
            exp_year: expiry.year,
            cvc: fields.cvc.trim(),
          });
          if (result.status === 'requires_action') {
            result = await authenticateTestCard({ client_secret: clientSecret, outcome: await askToAuthenticate() });
          }
          return result.payment_method;
        } catch (err) {
          if (err instanceof ApiError && err.code === 'card.validation_error') throw new CardFormError('validation', err.message);
          if (err instanceof ApiError && err.code === 'card.card_error') throw new CardFormError('card', err.message);
          throw err;
        }
      },
    }),
    [fields, clientSecret],
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
      <Dialog open={authenticating} title="Confirm this card with your bank" onClose={() => answer('fail')}>
        <p>
          <strong>Test mode:</strong> your bank asks you to confirm that you are saving this card (a simulated 3-D Secure check).
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
