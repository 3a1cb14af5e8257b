import { Suspense, useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { hasStarted } from '@uplift/core/countdown';
import type { CountryCode } from '@uplift/core/countries';
import { preloadable } from '../../../lib/preloadable';
import { usePrerender } from '../../../lib/prerender';
import { campaignKeys, useClosestCampaign } from '../../../lib/queries/campaigns';
import { useCampaignTotals } from '../api/get-campaign-totals';
import { CampaignCountdown } from './campaign-countdown';
import { Hero } from './hero';
import { useNow } from './use-now';
import '../landing.css';

const { Component: BelowTheFold, preload } = preloadable(() => import('./below-the-fold').then((m) => m.default));

/** For the prerender: the sections below the hero, loaded before rendering them to HTML. */
export const preloadLanding = preload;

/** Whether this page load has asked again for the campaign its HTML was rendered with. */
let prerenderedCampaignRevalidated = false;

/**
 * The campaign embedded in a prerendered landing page may be seconds old: the server reuses a
 * render for a few seconds (LANDING_TTL_MS), and the browser would take it as just fetched for a
 * minute. Once hydrated, ask again (in the background, the page stays as it is): the navbar and
 * the hero read this one query, so both show an admin's switch at once (docs/decisions/156).
 */
function useRevalidatePrerenderedCampaign() {
  const rendered = usePrerender()?.country;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!rendered || prerenderedCampaignRevalidated) return;
    prerenderedCampaignRevalidated = true;
    void queryClient.invalidateQueries({ queryKey: campaignKeys.closest(rendered), exact: true });
  }, [rendered, queryClient]);
}

export function LandingPage({ country }: { country: CountryCode }) {
  useRevalidatePrerenderedCampaign();
  const now = useNow();
  const campaignQuery = useClosestCampaign(country);
  // A campaign that fails to load counts as not active (product-rules §4).
  const campaign = campaignQuery.isPending ? undefined : campaignQuery.isError ? null : campaignQuery.data;
  const started = !!campaign && hasStarted(campaign.start_date, country, now);
  const totalsQuery = useCampaignTotals(country, started);
  const totals = totalsQuery.isPending ? undefined : totalsQuery.isError ? null : totalsQuery.data;
  // The same element while the country stays: a re-render here (the clock, the totals) must not
  // reach the prerendered sections before their code has hydrated them, or React would replace
  // their HTML with the fallback and the page would jump.
  const belowTheFold = useMemo(
    () => (
      <Suspense fallback={<p className="muted landing-section" role="status">Loading…</p>}>
        <BelowTheFold country={country} />
      </Suspense>
    ),
    [country],
  );

  return (
    <div className="landing" data-country={country}>
      <Hero country={country} photo={campaign?.photo}>
        <CampaignCountdown country={country} campaign={campaign} totals={totals} now={now} />
      </Hero>
      {belowTheFold}
    </div>
  );
}
