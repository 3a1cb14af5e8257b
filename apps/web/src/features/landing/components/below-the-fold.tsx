import { lazy, Suspense, type ReactNode } from 'react';
import type { CountryCode } from '@uplift/core/countries';
import { useClosestCampaign } from '../../../lib/queries/campaigns';
import { useDefaultChallenges } from '../api/get-default-challenges';
import { useDefaultRecipients } from '../api/get-default-recipients';
import { CalculatorSlideshow } from './calculator-slideshow';
import { ChallengeSwitcher } from './challenge-switcher';
import { HowItWorks } from './how-it-works';
import { ImpactMap } from './impact-map';
import { ImpactSlider } from './impact-slider';
import { MoneyConcerns } from './money-concerns';
import { PhotoBand } from './photo-band';
import { WhoIsUplift } from './who-is-uplift';
import { usePainted } from './use-painted';
import { WhyUplift } from './why-uplift';

// The leaderboard and the hero's friends' figure (docs/decisions/140-leaderboards.md): their own chunk, loaded after the first paint.
const FriendsGive = lazy(() => import('./friends-give'));

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

/**
 * Everything below the hero. Its own chunk (landing-page.tsx loads it lazily): the prerendered
 * HTML already shows it, and it hydrates when its code arrives, after the hero's Join button.
 */
export default function BelowTheFold({ country }: { country: CountryCode }) {
  const challenges = useDefaultChallenges(country);
  const recipients = useDefaultRecipients(country);
  const painted = usePainted();
  // The same cached read as the hero's: a country with no open campaign has no leaderboard to ask for.
  const campaign = useClosestCampaign(country);
  return (
    <>
      <HowItWorks />
      <section className="landing-section challenges" aria-labelledby="challenges-title">
        <h2 id="challenges-title">Choose your challenge</h2>
        <Loadable query={challenges} label="challenges">
          {() => <ChallengeSwitcher challenges={challenges.data ?? []} country={country} />}
        </Loadable>
        <CalculatorSlideshow country={country} />
      </section>
      <section className="landing-section charities" aria-labelledby="charities-title">
        <h2 id="charities-title">See your impact</h2>
        <Loadable query={recipients} label="charities">
          {() => <ImpactSlider country={country} recipients={recipients.data ?? []} />}
        </Loadable>
      </section>
      <PhotoBand recipients={recipients.data ?? []} />
      {painted && campaign.data && (
        <Suspense fallback={null}>
          <FriendsGive country={country} />
        </Suspense>
      )}
      <WhyUplift country={country} />
      <ImpactMap country={country} />
      <WhoIsUplift />
      <MoneyConcerns country={country} />
    </>
  );
}
