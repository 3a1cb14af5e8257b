import type { CountryCode } from '@uplift/core/countries';
import { impactOf } from '@uplift/core/impact';
import { formatMoney, type Minor } from '@uplift/core/money';
import { useChallenge } from '../../../lib/queries/challenge';
import { useRecipient } from '../api/get-recipient';

/** product-rules §2: the chosen charity and challenge, and what the pledge (and what is given so far) can do. */
export function ImpactCard(props: {
  recipientId: number;
  challengeId: number;
  country: CountryCode;
  pledgeTotalMinor: Minor;
  givenSoFarMinor: Minor;
}) {
  const recipient = useRecipient(props.recipientId);
  const challenge = useChallenge(props.challengeId);
  const money = (minor: Minor) => formatMoney(minor, props.country);
  const r = recipient.data;
  const icon = challenge.data && /^[a-z0-9-]+$/.test(challenge.data.icon) ? challenge.data.icon : undefined;

  return (
    <section className="card summary-card summary-impact" aria-labelledby="summary-impact-heading">
      <h2 id="summary-impact-heading">Your impact</h2>
      {challenge.data && (
        <div className="summary-impact-row">
          {icon && <img src={`/icons/${icon}.svg`} alt="" width="48" height="48" />}
          <p>
            You gave up <strong>{challenge.data.name.toLowerCase()}</strong> for the month.
          </p>
        </div>
      )}
      {r ? (
        <div className="summary-impact-row">
          <img src={r.logo} alt={`${r.recipient_name} logo`} width="64" height="64" className="summary-logo" />
          <div>
            <p>
              Your {money(props.pledgeTotalMinor)} pledge to <strong>{r.recipient_name}</strong> can provide{' '}
              <strong className="summary-impact-figure">{impactOf(props.pledgeTotalMinor, r)}</strong>
              .
            </p>
            <p className="summary-muted">
              Given so far: {money(props.givenSoFarMinor)}, that is {impactOf(props.givenSoFarMinor, r)}.
            </p>
          </div>
        </div>
      ) : recipient.isError || challenge.isError ? (
        <p>We could not load your charity just now.</p>
      ) : (
        <p role="status">Loading your charity…</p>
      )}
    </section>
  );
}
