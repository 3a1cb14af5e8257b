import { formatLongDate, todayInCountry } from '@uplift/core/calendar';
import { greet } from '@uplift/core/countries';
import { formatMoney, sumMinor, toMinor, type Minor } from '@uplift/core/money';
import type { Campaign } from '@uplift/core/schemas/campaign';
import type { Payment } from '@uplift/core/schemas/payment';
import type { Pledge } from '@uplift/core/schemas/pledge';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { OwnPageShare } from '../../../components/share/own-page-share';
import { downloadFile } from '../../../lib/download-file';
import { paths } from '../../../lib/paths';
import { useMyCampaign } from '../../../lib/queries/campaigns';
import { useClosestPledge } from '../../../lib/queries/closest-pledge';
import { useUserInfo } from '../../../lib/queries/user-info';
import { usePayments } from '../api/get-payments';
import { useRecipient } from '../api/get-recipient';
import { useSkipWeek } from '../api/skip-week';
import {
  chargedOf,
  daysToGo,
  daysToGoText,
  givenSoFarMinor,
  lastPaymentDate,
  nextPayment,
  remainingPayments,
  skipOption,
  type CalendarWeek,
} from '../model/summary';
import { CancelPledge } from './cancel-pledge-dialog';
import { FeeCoverCard } from './fee-cover-card';
import { ImpactCard } from './impact-card';
import { MilestoneBadge } from './milestone-badge';
import { PaymentCalendar } from './payment-calendar';
import { PaymentMethodCard } from './payment-method-card';
import { ChangeCardDialog, PayNowDialog } from './recovery-dialogs';
import { firstUncovered } from '../model/recovery';
import './summary.css';

/** product-rules §2 "Summary": the signed-in donor's pledge, its four weeks, and the way to stop it. */
export function SummaryPage() {
  const user = useUserInfo();
  const pledge = useClosestPledge();
  const hasPledge = Boolean(pledge.data);
  const campaign = useMyCampaign(hasPledge);
  const payments = usePayments(hasPledge);

  const failed = [user, pledge, ...(hasPledge ? [campaign, payments] : [])].find((q) => q.isError);
  if (failed) {
    return (
      <div className="page summary-page">
        <h1>Your pledge</h1>
        <Alert>We could not load your pledge just now. Please try again.</Alert>
        <button type="button" className="button" onClick={() => [user, pledge, campaign, payments].forEach((q) => void q.refetch())}>
          Try again
        </button>
      </div>
    );
  }
  if (user.isPending || pledge.isPending || (hasPledge && (campaign.isPending || payments.isPending))) {
    return (
      <p className="page summary-page" role="status">
        Loading your pledge…
      </p>
    );
  }
  const firstName = user.data?.first_name ?? 'there';
  if (!pledge.data || !campaign.data || !payments.data) {
    return (
      <div className="page summary-page">
        <h1>{greet(user.data?.country ?? 'NZ', firstName)}!</h1>
        <p>You have no pledge yet.</p>
        <Link className="button" to={paths.challenge}>
          Join the challenge
        </Link>
      </div>
    );
  }
  return <Summary firstName={firstName} pledge={pledge.data} campaign={campaign.data} payments={payments.data} />;
}

function Summary({ firstName, pledge, campaign, payments }: { firstName: string; pledge: Pledge; campaign: Campaign; payments: Payment[] }) {
  const { country } = campaign;
  const today = todayInCountry(country, new Date());
  const money = (minor: Minor) => formatMoney(minor, country);
  const given = givenSoFarMinor(payments);
  const next = nextPayment(payments);
  const remaining = remainingPayments(payments);
  const remainingTotal = sumMinor(remaining.map(chargedOf));
  // The card the remaining payments use (after "Change card", paid weeks keep the old one).
  const toCome = payments.filter((p) => p.payment_status === 'Pending' || p.payment_status === 'Failed');
  const cardId = [...toCome, ...payments].find((p) => p.payment_method_id != null)?.payment_method_id ?? undefined;
  const failedCount = payments.filter((p) => p.payment_status === 'Failed').length;
  const charity = useRecipient(pledge.recipient_id).data?.recipient_name ?? 'your charity';
  // /summary?pay={id} (the failed-payment mail's link, after login) opens that payment's action.
  const [search, setSearch] = useSearchParams();
  // The dialog keeps the payment it opened with: once paid, the list changes under it.
  const requested = Number(search.get('pay')) || undefined;
  const [acting, setActing] = useState<Payment | undefined>(() =>
    payments.find((p) => p.id === requested && p.payment_status === 'Failed' && p.action !== null),
  );
  const live = pledge.pledge_status === 'Confirmed';
  const canChangeCard = live && remaining.length + failedCount > 0;
  // /summary?card=change (the card-expiry mail's link, after login) opens "Change card".
  const [changingCard, setChangingCard] = useState(() => canChangeCard && search.get('card') === 'change');
  const closeChangeCard = () => {
    setChangingCard(false);
    if (search.has('card')) {
      search.delete('card');
      setSearch(search, { replace: true });
    }
  };
  const closeAction = () => {
    setActing(undefined);
    if (search.has('pay')) {
      search.delete('pay');
      setSearch(search, { replace: true });
    }
  };
  // Skipping one week (decision 134): what the API said, shown under the calendar.
  const skip = useSkipWeek(pledge.id);
  const [skipNotice, setSkipNotice] = useState('');
  const onSkip = (week: CalendarWeek, option: 'skip' | 'undo') => {
    setSkipNotice('');
    skip.mutate(option === 'undo' ? 'undo' : { week: week.number }, {
      onSuccess: (answer) =>
        setSkipNotice(
          answer.moved_to
            ? `Week ${week.number} is skipped. That payment will be taken on ${formatLongDate(answer.moved_to)} instead, so your pledge still gives its whole amount.`
            : `Your skip is undone: week ${week.number}'s payment is back on ${formatLongDate(week.start)}.`,
        ),
    });
  };
  const expiryWarning = (card: { exp_month: number; exp_year: number }) => {
    const uncovered = firstUncovered(card, payments);
    return uncovered
      ? `This card expires before your payment on ${formatLongDate(uncovered.processing_date)}. Please change card so it can go through.`
      : undefined;
  };

  return (
    <div className="page summary-page">
      <header className="summary-head">
        <div>
          <h1>{greet(country, firstName)}!</h1>
          <p className="summary-muted">Your pledge for the {campaign.campaign_name}</p>
        </div>
        <p className="summary-countdown">{daysToGoText(daysToGo(campaign.end_date, today))}</p>
      </header>

      {pledge.pledge_status === 'Cancelled' && (
        <Alert tone="info">Your pledge has been cancelled. Payments already made stand; no more will be taken.</Alert>
      )}
      {pledge.pledge_status === 'Pending' && (
        <Alert tone="info">
          Your pledge is waiting for payment details. <Link to={paths.challenge}>Finish your pledge</Link>
        </Alert>
      )}
      {pledge.pledge_status === 'Confirmed' && (
        <p className="summary-friends">
          <Link className="button secondary" to={paths.myPage}>
            Ask friends to back you
          </Link>
        </p>
      )}
      {failedCount > 0 && (
        <Alert>
          {failedCount === 1 ? 'One payment' : `${failedCount} payments`} did not go through. You can put it right below; your other payments go
          ahead as planned.
        </Alert>
      )}

      <dl className="summary-stats">
        <div className="card">
          <dt>Impact so far</dt>
          <dd className="summary-figure">{money(given)}</dd>
        </div>
        <div className="card">
          <dt>Next payment</dt>
          <dd>
            {next ? (
              <>
                <span className="summary-figure">{money(chargedOf(next))}</span>
                <span className="summary-muted"> on {formatLongDate(next.processing_date)}</span>
              </>
            ) : (
              <span className="summary-figure-text">No more payments</span>
            )}
          </dd>
        </div>
        <div className="card">
          <dt>Last weekly payment</dt>
          <dd className="summary-figure-text">{formatLongDate(lastPaymentDate(campaign.billing_start_date, payments))}</dd>
        </div>
      </dl>

      <MilestoneBadge country={country} payments={payments} />

      <PaymentCalendar
        country={country}
        billingStart={campaign.billing_start_date}
        today={today}
        payments={payments}
        money={money}
        onAction={live ? setActing : undefined}
        skipOption={(week) => skipOption(week, { pledgeStatus: pledge.pledge_status, payments, country, now: new Date() })}
        onSkip={live ? onSkip : undefined}
        skipBusy={skip.isPending}
      />
      {skip.isError && <Alert>{skip.error.message}</Alert>}
      {skipNotice && !skip.isError && <Alert tone="info">{skipNotice}</Alert>}
      {acting && <PayNowDialog payment={acting} money={money} onClose={closeAction} />}
      {requested !== undefined && !acting && (
        <Alert tone="info">That payment has nothing left to do: it has gone through or is no longer due.</Alert>
      )}
      {changingCard && <ChangeCardDialog onClose={closeChangeCard} />}

      <div className="summary-columns">
        <ImpactCard
          recipientId={pledge.recipient_id}
          challengeId={pledge.challenge_id}
          country={country}
          pledgeTotalMinor={toMinor(pledge.confirmed_amount)}
          givenSoFarMinor={given}
        />
        <PaymentMethodCard
          paymentMethodId={cardId}
          onChange={canChangeCard ? () => setChangingCard(true) : undefined}
          expiryWarning={live ? expiryWarning : undefined}
        />
      </div>

      <OwnPageShare country={country} heading="Share your challenge" />

      {live && <FeeCoverCard pledgeId={pledge.id} country={country} payments={payments} />}

      <PledgeFiles pledgeId={pledge.id} hasReceipt={given > 0} hasRemaining={pledge.pledge_status === 'Confirmed' && remaining.length > 0} />

      {pledge.pledge_status === 'Confirmed' && (
        <CancelPledge firstName={firstName} remaining={remaining.length} remainingTotal={money(remainingTotal)} charity={charity} />
      )}
    </div>
  );
}

/** The pledge's receipt and calendar downloads, and the way to the donor's account (decision 083). */
function PledgeFiles({ pledgeId, hasReceipt, hasRemaining }: { pledgeId: number; hasReceipt: boolean; hasRemaining: boolean }) {
  const [error, setError] = useState('');
  const download = (path: string) => {
    setError('');
    downloadFile(path).catch((err: unknown) => setError(err instanceof Error ? err.message : 'The download failed'));
  };
  return (
    <div className="summary-files">
      {hasReceipt && (
        <button type="button" className="button secondary" onClick={() => download(`/api/account/pledges/${pledgeId}/receipt.pdf`)}>
          Download receipt (PDF)
        </button>
      )}
      {hasRemaining && (
        <button type="button" className="button secondary" onClick={() => download(`/api/account/pledges/${pledgeId}/calendar.ics`)}>
          Add to calendar
        </button>
      )}
      <Link to={paths.account}>My account: details, consents, my data</Link>
      {error && <Alert>{error}</Alert>}
    </div>
  );
}
