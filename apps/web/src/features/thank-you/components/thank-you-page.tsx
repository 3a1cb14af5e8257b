import { formatDayMonthYear } from '@uplift/core/calendar';
import { COUNTRIES } from '@uplift/core/countries';
import { chargedMinor, pledgeTotalText } from '@uplift/core/fees';
import { sumMinor, toMinor, formatMoney } from '@uplift/core/money';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/alert';
import { OwnPageShare } from '../../../components/share/own-page-share';
import { useCountry } from '../../../lib/country';
import { MY_PAGE_FROM_THANKS, paths } from '../../../lib/paths';
import { ChallengeIllustration } from '../../../components/challenge-illustration';
import { useChallenge } from '../../../lib/queries/challenge';
import { useClosestConfirmedPledge } from '../../../lib/queries/closest-pledge';
import { useUserInfo } from '../../../lib/queries/user-info';
import { usePageTitle } from '../../../lib/use-page-title';
import { readHandOver, usePaymentSchedule } from '../api/get-first-payment';
import { useRecipient } from '../api/get-recipient';
import '../thank-you.css';

/** What a payment charges: its gift and its card fee cover (product-rules §15 "What each screen shows"). */
const charged = (p: { amount: number; fee_cover: number }) => chargedMinor(toMinor(p.amount), toMinor(p.fee_cover));

/** /SubmitPage: the thank-you page after a successful pledge (product-rules §2). */
export function ThankYouPage({ paymentDelayMs }: { paymentDelayMs?: number }) {
  usePageTitle('Thank you');
  const user = useUserInfo();
  const pledge = useClosestConfirmedPledge();
  const handOver = readHandOver(useLocation().state);
  const schedule = usePaymentSchedule(pledge.data?.id, paymentDelayMs, handOver);
  const recipient = useRecipient(pledge.data?.recipient_id);
  const challenge = useChallenge(pledge.data?.challenge_id);
  const first = schedule.data?.[0];
  const last = schedule.data?.at(-1);
  const payment = { ...schedule, data: first };
  const coverTotal = sumMinor((schedule.data ?? []).map((p) => toMinor(p.fee_cover)));
  const visitorCountry = useCountry().country;
  const country = pledge.data?.country;

  return (
    <section className="page narrow thank-you" aria-labelledby="thank-you-title">
      <div className="thank-you-moment">
        <div>
          <h1 id="thank-you-title">Thank you{user.data ? `, ${user.data.first_name}` : ''}!</h1>
          {challenge.data && recipient.data && pledge.data && country && (
            <p className="thank-you-moment-line" data-testid="thank-you-moment">
              For four weeks you give up {challenge.data.name.toLowerCase()}, and{' '}
              <strong>
                {formatMoney(toMinor(pledge.data.confirmed_amount), country)} {COUNTRIES[country].currency}
              </strong>{' '}
              goes to {recipient.data.recipient_name}.
            </p>
          )}
        </div>
        {challenge.data && <ChallengeIllustration name={challenge.data.landing_page_icon} width={180} lazy={false} />}
      </div>
      {user.data && (
        <p>
          We have sent a confirmation of your pledge to <strong>{user.data.email}</strong>.
        </p>
      )}
      {(pledge.isError || pledge.data === null) && <Alert>We could not find your confirmed pledge. You can check it on the View my Pledge page.</Alert>}
      {country &&
        (payment.data ? (
          <p className="first-payment" data-testid="first-payment">
            Your first weekly payment of{' '}
            <strong>
              {formatMoney(charged(payment.data), country)} {COUNTRIES[country].currency}
            </strong>{' '}
            will be taken on <strong>{formatDayMonthYear(payment.data.processing_date)}</strong>.
          </p>
        ) : payment.isError ? (
          <p>Your payment schedule is on the View my Pledge page.</p>
        ) : (
          <p role="status">Loading your payment schedule…</p>
        ))}
      {country && pledge.data && first && last && (
        <section className="card pledge-recap" aria-labelledby="pledge-recap-title" data-testid="pledge-recap">
          <h2 id="pledge-recap-title">Your pledge</h2>
          <dl>
            <div>
              <dt>Charity</dt>
              <dd>{recipient.data?.recipient_name ?? '…'}</dd>
            </div>
            <div>
              <dt>Each week</dt>
              <dd>
                {schedule.data!.every((p) => charged(p) === charged(first)) ? '' : 'about '}
                {formatMoney(charged(first), country)} {COUNTRIES[country].currency}
              </dd>
            </div>
            <div>
              <dt>In all</dt>
              <dd>{pledgeTotalText(toMinor(pledge.data.confirmed_amount), coverTotal, country, { code: true })}</dd>
            </div>
            <div>
              <dt>First payment</dt>
              <dd>{formatDayMonthYear(first.processing_date)}</dd>
            </div>
            <div>
              <dt>Last payment</dt>
              <dd>{formatDayMonthYear(last.processing_date)}</dd>
            </div>
          </dl>
        </section>
      )}
      <p>
        You can follow your progress, and cancel future payments at any time, on the <Link to={paths.summary}>View my Pledge</Link> page.
      </p>

      {pledge.data && (
        // Make a page from the moment of thanks (docs/decisions/167): prefilled, published in one step.
        <section className="card make-page-invite" aria-labelledby="make-page-title" data-testid="make-page-invite">
          <h2 id="make-page-title">Ask friends to back you</h2>
          <p>
            Make your challenge page: we fill it in from your pledge, you publish it in one step, and friends can give to {recipient.data?.recipient_name ?? 'your charity'} on it.
          </p>
          <Link className="button" to={MY_PAGE_FROM_THANKS}>
            Make my challenge page
          </Link>
        </section>
      )}

      {/* The donor's own page when they have a public one, else the landing page in their country (docs/decisions/164). */}
      <OwnPageShare country={country ?? visitorCountry} />
    </section>
  );
}
