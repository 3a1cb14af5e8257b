import { usePaymentMethod } from '../api/get-payment-method';
import { brandLabel, CardBrand } from './card-brand';

/** SPEC §2: the card the payments use — brand logo, masked number with last 4, expiry mm/yy. */
export function PaymentMethodCard({ paymentMethodId }: { paymentMethodId: number | undefined }) {
  const method = usePaymentMethod(paymentMethodId);
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
    </section>
  );
}
