import { formatDayMonthYear } from '@uplift/core/calendar';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { FEE_TEXT, feePerChargeMinor } from '@uplift/core/fees';
import { formatMoney, type Minor } from '@uplift/core/money';

type Props = {
  country: CountryCode;
  campaignName?: string;
  challengeName?: string;
  recipientName?: string;
  totalMinor: Minor;
  schedule: { date: string; amountMinor: Minor }[];
};

/** The pledge as it will be charged: total, each payment with its date, and the card fee. */
export function PaymentSummary({ country, campaignName, challengeName, recipientName, totalMinor, schedule }: Props) {
  const money = (minor: Minor) => formatMoney(minor, country);
  return (
    <section className="card payment-summary" aria-labelledby="payment-summary-title">
      <h3 id="payment-summary-title">Your pledge</h3>
      <dl className="summary-facts">
        {campaignName && (
          <div>
            <dt>Campaign</dt>
            <dd>{campaignName}</dd>
          </div>
        )}
        {challengeName && (
          <div>
            <dt>Giving up</dt>
            <dd>{challengeName}</dd>
          </div>
        )}
        {recipientName && (
          <div>
            <dt>For</dt>
            <dd>{recipientName}</dd>
          </div>
        )}
        <div>
          <dt>Total</dt>
          <dd className="summary-total">
            {money(totalMinor)} {COUNTRIES[country].currency}
          </dd>
        </div>
      </dl>
      <table className="schedule">
        <caption>
          {schedule.length} weekly {schedule.length === 1 ? 'payment' : 'payments'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Amount</th>
            <th scope="col">Card fee</th>
          </tr>
        </thead>
        <tbody>
          {schedule.map((p) => (
            <tr key={p.date}>
              <td>{formatDayMonthYear(p.date)}</td>
              <td>{money(p.amountMinor)}</td>
              <td>{money(feePerChargeMinor(p.amountMinor, country))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="fee-note">
        Card fees ({FEE_TEXT[country]}) come out of each payment, not on top of it; the rest goes to {recipientName ?? 'your charity'}.
      </p>
    </section>
  );
}
