import type { CountryCode } from '@uplift/core/countries';
import { feeCoverOffer } from '@uplift/core/fees';
import type { Payment } from '@uplift/core/schemas/payment';
import { Alert } from '../../../components/alert';
import { useChangeFeeCover } from '../api/fee-cover';
import { minorOf, nextPayment } from '../model/summary';

/**
 * Covering the card fee (decision 135), changeable until the next charge: the same plain box as
 * the wizard's, ticked when the next payment carries the extra. Shown while a payment is to come.
 */
export function FeeCoverCard({ pledgeId, country, payments }: { pledgeId: number; country: CountryCode; payments: Payment[] }) {
  const change = useChangeFeeCover(pledgeId);
  const next = nextPayment(payments);
  if (!next) return null;
  const covered = next.fee_cover > 0;
  return (
    <section className="card fee-cover-card" aria-labelledby="fee-cover-title">
      <h2 id="fee-cover-title">Card fee</h2>
      <label>
        <input type="checkbox" checked={covered} disabled={change.isPending} onChange={(e) => change.mutate(e.target.checked)} />
        {feeCoverOffer(minorOf(next.amount), country)}
      </label>
      <p className="summary-muted">A change applies to the payments still to come. Either way your pledge goes ahead.</p>
      {change.isError && <Alert>{change.error.message}</Alert>}
    </section>
  );
}
