import { Link } from 'react-router';
import type { CountryCode } from '@uplift/core/countries';
import { countdownText, daysToStart, isClosed, isJoinOpen, joinButtonText } from '@uplift/core/countdown';
import { asMinor, formatMoney, toMinor, type Minor } from '@uplift/core/money';
import { CAMPAIGN_COMING_SOON } from '@uplift/core/public-messages';
import type { Campaign } from '@uplift/core/schemas/campaign';
import { paths, type JoinChoice } from '../../../lib/paths';
import { useLandingChallenge } from './landing-choice';
import type { CampaignTotals } from '../api/get-campaign-totals';

type Props = {
  country: CountryCode;
  /** undefined while loading; null when the country has no open campaign (or it failed to load). */
  campaign: Campaign | null | undefined;
  /** undefined while loading; null when the totals could not be read. */
  totals: CampaignTotals | null | undefined;
  now: Date;
};

/**
 * The landing page's countdown and call to action (product-rules §2 and §12):
 * 'Starting in N days' before the start, the live pledge count and amount after it; the Join
 * button while the campaign is open to join, and a View my Pledge link once it has closed.
 */
export function CampaignCountdown({ country, campaign, totals, now }: Props) {
  // Join carries the page's country and the switcher's pick: the wizard opens with them chosen.
  const join: JoinChoice = { country, challengeId: useLandingChallenge(country) };
  if (campaign === undefined) {
    return (
      <div className="countdown" aria-busy="true">
        <p className="countdown-text muted" role="status">
          Checking the campaign dates…
        </p>
      </div>
    );
  }
  if (campaign === null) {
    return (
      <div className="countdown">
        <p className="countdown-text">{CAMPAIGN_COMING_SOON}</p>
        <p className="countdown-note">The next challenge is being planned. Check back soon for the dates.</p>
      </div>
    );
  }

  const days = daysToStart(campaign.start_date, country, now);
  const started = days <= 0;
  const closed = isClosed(campaign, now);
  const joinOpen = isJoinOpen(campaign, now);

  let text: string | undefined;
  if (!started) text = countdownText({ daysToStart: days, pledgeCount: 0, amountMinor: asMinor(0), country });
  // Unreadable totals read as none counted yet: product-rules §2's 'heaps of' wording.
  else if (totals !== undefined)
    text = countdownText({ daysToStart: days, pledgeCount: totals?.pledges ?? 0, amountMinor: totals?.amountMinor ?? asMinor(0), country });

  return (
    <div className="countdown">
      {text === undefined ? (
        <p className="countdown-text muted" role="status">
          Counting the latest pledges…
        </p>
      ) : (
        // Polite: the totals refresh while the page is open; a screen reader hears only changes.
        <p className="countdown-text" aria-live="polite" data-testid="countdown">
          {text}
        </p>
      )}
      {/* What friends gave, filled in after the first paint by the below-the-fold chunk (docs/decisions/140-leaderboards.md).
          Its room is held from the first paint by the stylesheet (landing.css #friends-gifts), at
          every width, so the figure arriving moves nothing (docs/decisions/170). */}
      {started && <div id="friends-gifts" />}
      {started && campaign.goal_amount !== null && totals && (
        <GoalProgress raisedMinor={totals.amountMinor} goalMinor={toMinor(campaign.goal_amount)} country={country} />
      )}
      {closed ? (
        <Link className="button cta" to={paths.viewPledge}>
          View my Pledge
        </Link>
      ) : (
        joinOpen && (
          <Link className="button cta" to={paths.challenge} state={join}>
            {joinButtonText(campaign.campaign_name)}
          </Link>
        )
      )}
    </div>
  );
}

/**
 * How far the pledges have come toward the goal the admin set (docs/decisions/126-campaign-goal.md): the bar is
 * full at the goal, and the words say the figures, over 100 % when the goal is passed.
 */
export function GoalProgress({ raisedMinor, goalMinor, country }: { raisedMinor: Minor; goalMinor: Minor; country: CountryCode }) {
  const percent = Math.floor((raisedMinor * 100) / goalMinor);
  return (
    <div className="goal-progress">
      <progress value={Math.min(raisedMinor, goalMinor)} max={goalMinor} aria-label="Pledged toward the campaign’s goal">
        {percent}%
      </progress>
      <p className="goal-progress-text">
        <strong>{formatMoney(raisedMinor, country)}</strong> pledged of the {formatMoney(goalMinor, country)} goal ({percent}%)
      </p>
    </div>
  );
}
