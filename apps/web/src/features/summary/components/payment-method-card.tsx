import { usePaymentMethod } from '../api/get-payment-method';
import { brandLabel, CardBrand } from './card-brand';

/** product-rules §2: the card the payments use — brand logo, masked number with last 4, expiry mm/yy. */
export function PaymentMethodCard({
  paymentMethodId,
  onChange,
  expiryWarning,
}: {
  paymentMethodId: number | undefined;
  /** "Change card", while payments remain. */
  onChange?: () => void;
  /** Why this card will not do for a remaining payment (it expires first), if so. */
  expiryWarning?: (card: { exp_month: number; exp_year: number }) => string | undefined;
}) {
  const method = usePaymentMethod(paymentMethodId);
  const warning = method.data && expiryWarning?.(method.data);
  return (
    <section className="card summary-card" aria-labelledby="summary-card-heading">
      <h2 id="summary-card-heading">Payment method</h2>
      {paymentMethodId === undefined ? (
        <p>No card is linked to your payments.</p>
      ) : method.isPending ? (
        <p role="status">Loading your card…</p>
      ) : method.isError ? (
        <p>We could not load your card details just now.</p>
      ) : (
        <div className="summary-card-line">
          <CardBrand brand={method.data.brand} />
          <div>
            <p className="summary-card-number">
              <span aria-hidden="true">•••• {method.data.last4}</span>
              <span className="visually-hidden">
                {brandLabel(method.data.brand)} card ending {method.data.last4}
              </span>
            </p>
            <p className="summary-muted">
              Expires {String(method.data.exp_month).padStart(2, '0')}/{String(method.data.exp_year % 100).padStart(2, '0')}
            </p>
          </div>
        </div>
      )}
      {warning && <p className="summary-card-warning">{warning}</p>}
      {onChange && (
        <button type="button" className="button secondary" onClick={onChange}>
          Change card
        </button>
      )}
    </section>
  );
}
