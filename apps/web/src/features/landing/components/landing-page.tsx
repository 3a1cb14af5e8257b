import type { ReactNode } from 'react';
import { hasStarted } from '@uplift/core/countdown';
import type { CountryCode } from '@uplift/core/countries';
import { useClosestCampaign } from '../../../lib/queries/campaigns';
import { useCampaignTotals } from '../api/get-campaign-totals';
import { useDefaultChallenges } from '../api/get-default-challenges';
import { useDefaultRecipients } from '../api/get-default-recipients';
import { CalculatorSlideshow } from './calculator-slideshow';
import { CampaignCountdown } from './campaign-countdown';
import { ChallengeSwitcher } from './challenge-switcher';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { ImpactMap } from './impact-map';
import { ImpactSlider } from './impact-slider';
import { MoneyConcerns } from './money-concerns';
import { useNow } from './use-now';
import { WhoIsUplift } from './who-is-uplift';
import { WhyUplift } from './why-uplift';
import '../landing.css';

/** A block whose data failed to load says so and offers a retry, instead of vanishing. */
function Loadable({ query, label, children }: { query: { isPending: boolean; isError: boolean; refetch: () => unknown }; label: string; children: () => ReactNode }) {
  if (query.isPending) return <p className="muted" role="status">Loading {label}…</p>;
  if (query.isError)
    return (
      <div className="alert alert-error" role="alert">
        We couldn’t load the {label}.{' '}
        <button type="button" className="link-button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  return <>{children()}</>;
}

export function LandingPage({ country }: { country: CountryCode }) {
  const now = useNow();
  const campaignQuery = useClosestCampaign(country);
  // A campaign that fails to load counts as not active (SPEC §4).
  const campaign = campaignQuery.isPending ? undefined : campaignQuery.isError ? null : campaignQuery.data;
  const started = !!campaign && hasStarted(campaign.start_date, country, now);
  const totalsQuery = useCampaignTotals(country, started);
  const totals = totalsQuery.isPending ? undefined : totalsQuery.isError ? null : totalsQuery.data;
  const challenges = useDefaultChallenges(country);
  const recipients = useDefaultRecipients(country);

  return (
    <div className="landing" data-country={country}>
      <Hero country={country}>
        <CampaignCountdown country={country} campaign={campaign} totals={totals} now={now} />
      </Hero>
      <HowItWorks />
      <section className="landing-section challenges" aria-labelledby="challenges-title">
        <h2 id="challenges-title">Choose your challenge</h2>
        <Loadable query={challenges} label="challenges">
          {() => <ChallengeSwitcher challenges={challenges.data ?? []} />}
        </Loadable>
        <CalculatorSlideshow country={country} />
      </section>
      <section className="landing-section charities" aria-labelledby="charities-title">
        <h2 id="charities-title">See your impact</h2>
        <Loadable query={recipients} label="charities">
          {() => <ImpactSlider country={country} recipients={recipients.data ?? []} />}
        </Loadable>
      </section>
      <WhyUplift />
      <ImpactMap country={country} />
      <WhoIsUplift />
      <MoneyConcerns country={country} />
    </div>
  );
}
