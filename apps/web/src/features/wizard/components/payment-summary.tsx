import { formatDayMonthYear } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { FEE_TEXT, pledgeTotalText, weeklyCharge } from '@uplift/core/fees';
import { formatMoney, sumMinor, type Minor } from '@uplift/core/money';

type Props = {
  country: CountryCode;
  campaignName?: string;
  challengeName?: string;
  recipientName?: string;
  totalMinor: Minor;
  schedule: { date: string; amountMinor: Minor }[];
  /** The donor ticked "cover the card fee" (docs/decisions/135): each line then charges the gift and its cover. */
  coverFee?: boolean;
};

/**
 * The pledge as it will be charged: total, each payment with its date, and the card fee. Each line
 * reads what the card is charged, the card fee of that charge and what is left for the charity, so
 * the lines add up (product-rules §15 "What each screen shows"; docs/decisions/144).
 */
export function PaymentSummary({ country, campaignName, challengeName, recipientName, totalMinor, schedule, coverFee = false }: Props) {
  const money = (minor: Minor) => formatMoney(minor, country);
  const lines = schedule.map((p) => ({ date: p.date, ...weeklyCharge(p.amountMinor, coverFee, country) }));
  const coverTotal = sumMinor(lines.map((l) => l.feeCoverMinor));
  const charity = recipientName ?? 'your charity';
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
          <dd className="summary-total" data-testid="pledge-summary-total">
            {pledgeTotalText(totalMinor, coverTotal, country, { code: true })}
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
            <th scope="col">Charged</th>
            <th scope="col">Card fee</th>
            <th scope="col">To the charity</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.date}>
              <td>{formatDayMonthYear(l.date)}</td>
              <td>{money(l.chargedMinor)}</td>
              <td>{money(l.feeMinor)}</td>
              <td>{money(l.toCharityMinor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="fee-note">
        {coverFee
          ? `Card fees (${FEE_TEXT[country]}) are paid by the card fee cover you add to each payment, so ${charity} receives your whole weekly gift.`
          : `Card fees (${FEE_TEXT[country]}) come out of each payment, not on top of it; the rest goes to ${charity}.`}
      </p>
    </section>
  );
}
