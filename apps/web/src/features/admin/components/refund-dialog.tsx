import { asMinor, decimalText, formatMoney, parseAmountInput } from '@uplift/core/money';
import type { AdminGift } from '@uplift/core/schemas/gifts';
import type { AdminPayment, Refund, RefundRequest } from '@uplift/core/schemas/refund';
import { REFUND_REASON_MAX, REFUND_REASON_MIN } from '@uplift/core/schemas/refund';
import { formatLongDate } from '@uplift/core/calendar';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/dialog';
import { useGiftRefund } from '../api/gifts';
import { useRefund } from '../api/refunds';
import { reasonOf } from './describe-error';

type Errors = { amount?: string; reason?: string };

/** What a refund gives back: a paid week of a pledge, or a friend's gift (docs/decisions/150). */
type Refundable = {
  kind: 'payment' | 'gift';
  id: number;
  country: AdminPayment['country'];
  amount_minor: number;
  refunded_minor: number;
  refundable_minor: number;
  recipient_name: string;
  campaign_name: string;
};

/** The refund request's mutation, the payment's or the gift's: the same shape, another route. */
type RefundMutation = {
  mutate: (vars: RefundRequest, opts: { onSuccess: (done: Refund) => void }) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

/** The form's own checks, with the words the API uses, so a refused field reads the same either way. */
function check(target: Refundable, amountText: string, reason: string): Errors {
  const errors: Errors = {};
  const amount = parseAmountInput(amountText.trim());
  const most = formatMoney(asMinor(target.refundable_minor), target.country);
  if (amount === null || amount <= 0) errors.amount = 'Amount must be an amount of 0.01 or more, with at most two decimal places.';
  else if (amount > target.refundable_minor) errors.amount = `Amount can be at most ${most}: what is left of this ${target.kind}.`;
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
  const refund = useRefund(userId);
  const mutation: RefundMutation = {
    mutate: (vars, opts) => payment && refund.mutate({ paymentId: payment.id, ...vars }, opts),
    isPending: refund.isPending,
    isError: refund.isError,
    error: refund.error,
  };
  return (
    <Dialog open={payment !== null} title={payment ? `Refund payment of ${formatLongDate(payment.processing_date)}` : 'Refund'} onClose={onClose}>
      {/* Keyed by payment: a new payment starts a fresh form, prefilled again. */}
      {payment && <RefundForm key={payment.id} target={{ kind: 'payment', ...payment }} refund={mutation} onClose={onClose} onRefunded={onRefunded} />}
    </Dialog>
  );
}

/**
 * Refund a friend's gift (docs/decisions/150): the same dialog as a payment's, the gift's route.
 */
export function GiftRefundDialog({ gift, onClose, onRefunded }: { gift: AdminGift | null; onClose: () => void; onRefunded?: (refund: Refund) => void }) {
  const refund = useGiftRefund();
  const mutation: RefundMutation = {
    mutate: (vars, opts) => gift && refund.mutate({ giftId: gift.id, ...vars }, opts),
    isPending: refund.isPending,
    isError: refund.isError,
    error: refund.error,
  };
  const title = gift ? `Refund gift ${gift.receipt_number ?? gift.id}${gift.page_slug ? ` on /p/${gift.page_slug}` : ''}` : 'Refund';
  return (
    <Dialog open={gift !== null} title={title} onClose={onClose}>
      {gift && <RefundForm key={gift.id} target={{ kind: 'gift', ...gift }} refund={mutation} onClose={onClose} onRefunded={onRefunded} />}
    </Dialog>
  );
}

function RefundForm({ target, refund, onClose, onRefunded }: { target: Refundable; refund: RefundMutation; onClose: () => void; onRefunded?: (refund: Refund) => void }) {
  const id = useId();
  const [amount, setAmount] = useState(decimalText(asMinor(target.refundable_minor)));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const money = (minor: number) => formatMoney(asMinor(minor), target.country);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(target, amount, reason);
    setErrors(found);
    if (found.amount || found.reason) return;
    refund.mutate(
      { amountMinor: parseAmountInput(amount.trim())!, reason: reason.trim() },
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
        {target.recipient_name}, {target.campaign_name}: {money(target.amount_minor)} {target.kind === 'gift' ? 'given' : 'charged'}
        {target.refunded_minor > 0 ? `, ${money(target.refunded_minor)} already refunded` : ''}. At most {money(target.refundable_minor)} can be refunded.
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
