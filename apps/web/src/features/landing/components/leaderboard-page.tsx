import { formatLongDate, isIsoDate } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useClosestCampaign } from '../../../lib/queries/campaigns';
import { usePageTitle } from '../../../lib/use-page-title';
import { Leaderboard } from './friends-give';
import './leaderboard-page.css';

const NAMES: Record<CountryCode, string> = { NZ: 'New Zealand', UK: 'United Kingdom' };

/**
 * /leaderboard?country=NZ|UK (docs/decisions/140-leaderboards.md): the campaign's leaderboard on a
 * page of its own, with the campaign's name and dates. Its own chunk: it shares the friends-give
 * and core modules with the landing without moving any of them out of the landing's initial
 * chunks (measured with e2e/specs/performance-budget.spec.ts).
 */
export function LeaderboardPage() {
  usePageTitle('Leaderboard');
  const [params] = useSearchParams();
  const country: CountryCode = params.get('country') === 'UK' ? 'UK' : 'NZ';
  const campaign = useClosestCampaign(country).data;
  return (
    <div className="page">
      <nav aria-label="Country" className="leaderboard-countries">
        {(['NZ', 'UK'] as const).map((c) => (
          <Link key={c} to={`${paths.leaderboard}?country=${c}`} aria-current={c === country ? 'page' : undefined}>
            {NAMES[c]}
          </Link>
        ))}
      </nav>
      {campaign && isIsoDate(campaign.start_date) && isIsoDate(campaign.end_date) && (
        <p className="leaderboard-campaign" data-testid="leaderboard-campaign">
          {campaign.campaign_name}: {formatLongDate(campaign.start_date)} to {formatLongDate(campaign.end_date)}
        </p>
      )}
      <Leaderboard country={country} headingLevel={1} />
    </div>
  );
}
