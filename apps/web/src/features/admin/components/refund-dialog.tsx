import { asMinor, decimalText, formatMoney, parseAmountInput } from '@uplift/core/money';
import type { AdminPayment, Refund } from '@uplift/core/schemas/refund';
import { REFUND_REASON_MAX, REFUND_REASON_MIN } from '@uplift/core/schemas/refund';
import { formatLongDate } from '@uplift/core/calendar';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/dialog';
import { useRefund } from '../api/refunds';
import { reasonOf } from './describe-error';

type Errors = { amount?: string; reason?: string };

/** The form's own checks, with the words the API uses, so a refused field reads the same either way. */
function check(payment: AdminPayment, amountText: string, reason: string): Errors {
  const errors: Errors = {};
  const amount = parseAmountInput(amountText.trim());
  const most = formatMoney(asMinor(payment.refundable_minor), payment.country);
  if (amount === null || amount <= 0) errors.amount = 'Amount must be an amount of 0.01 or more, with at most two decimal places.';
  else if (amount > payment.refundable_minor) errors.amount = `Amount can be at most ${most}: what is left of this payment.`;
  const trimmed = reason.trim();
  if (trimmed.length < REFUND_REASON_MIN) errors.reason = `Reason is required: at least ${REFUND_REASON_MIN} characters saying why the money is given back.`;
  else if (trimmed.length > REFUND_REASON_MAX) errors.reason = `Reason must be at most ${REFUND_REASON_MAX} characters long.`;
  return errors;
}

/**
 * Refund a paid week (docs/decisions/132-refunds.md): the amount starts at what can still be
 * refunded, the reason is required, and nothing is sent until the admin confirms.
 */
export function RefundDialog({
  userId,
  payment,
  onClose,
  onRefunded,
}: {
  userId: number;
  /** The payment to refund, or null when the dialog is closed. */
  payment: AdminPayment | null;
  onClose: () => void;
  onRefunded?: (refund: Refund) => void;
}) {
  return (
    <Dialog open={payment !== null} title={payment ? `Refund payment of ${formatLongDate(payment.processing_date)}` : 'Refund'} onClose={onClose}>
      {/* Keyed by payment: a new payment starts a fresh form, prefilled again. */}
      {payment && <RefundForm key={payment.id} userId={userId} payment={payment} onClose={onClose} onRefunded={onRefunded} />}
    </Dialog>
  );
}

function RefundForm({ userId, payment, onClose, onRefunded }: { userId: number; payment: AdminPayment; onClose: () => void; onRefunded?: (refund: Refund) => void }) {
  const id = useId();
  const [amount, setAmount] = useState(decimalText(asMinor(payment.refundable_minor)));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const refund = useRefund(userId);
  const money = (minor: number) => formatMoney(asMinor(minor), payment.country);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(payment, amount, reason);
    setErrors(found);
    if (found.amount || found.reason) return;
    refund.mutate(
      { paymentId: payment.id, amountMinor: parseAmountInput(amount.trim())!, reason: reason.trim() },
      {
        onSuccess: (done) => {
          onRefunded?.(done);
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <p>
        {payment.recipient_name}, {payment.campaign_name}: {money(payment.amount_minor)} charged
        {payment.refunded_minor > 0 ? `, ${money(payment.refunded_minor)} already refunded` : ''}. At most {money(payment.refundable_minor)} can be refunded.
      </p>
      <div className="field">
        <label htmlFor={`${id}-amount`}>Amount to refund</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
        />
        {errors.amount && (
          <p id={`${id}-amount-error`} className="field-error" role="alert">
            {errors.amount}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={REFUND_REASON_MAX + 50}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
        />
        {errors.reason && (
          <p id={`${id}-reason-error`} className="field-error" role="alert">
            {errors.reason}
          </p>
        )}
      </div>
      {refund.isError && (
        <p className="field-error" role="alert">
          {reasonOf(refund.error)}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button admin-danger" disabled={refund.isPending}>
          {refund.isPending ? 'Refunding…' : 'Confirm refund'}
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
