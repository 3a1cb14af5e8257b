// The server side of the prerender (docs/decisions/023-prerendered-public-pages.md). Built by
// `vite build --ssr` into dist-ssr/entry-server.js; used at build time (scripts/prerender.ts)
// for the static public pages and by the API (plugins/spa.ts) for the live landing page.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import { hasStarted } from '@uplift/core/countdown';
import type { CountryCode } from '@uplift/core/countries';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadRoute, routes } from './app/router';
import { campaignTotalsQuery } from './features/landing/api/get-campaign-totals';
import { defaultChallengesQuery } from './features/landing/api/get-default-challenges';
import { defaultRecipientsQuery } from './features/landing/api/get-default-recipients';
import { publicPageQuery, publicTeamQuery } from './features/challenge-pages/api/public';
import { setFetch } from './lib/api-client';
import { PrerenderProvider, seedQueries, type PrerenderData } from './lib/prerender';
import { closestCampaignQuery } from './lib/queries/campaigns';
import { createQueryClient } from './lib/query-client';

export { fundraisingHeadTags, headTags, PUBLIC_PAGES, type PublicPage } from './app/public-pages';
export { PRERENDER_DATA_ID, type PrerenderData } from './lib/prerender';
export { APP_MODULES_META } from './lib/app-modules';

/** Every client-side route path; any other path is the 404 page. */
export const ROUTE_PATHS = routes.map((r) => r.path).filter((p) => p !== '*');

/** How the landing page's reads reach the API when rendering on the server (in-process). */
export { setFetch };

/**
 * Reads what the landing page shows first, with the same queries the browser uses. Only
 * successful reads are kept: a failed one renders as loading and the browser retries it.
 */
export async function landingQueries(country: CountryCode, now: Date): Promise<PrerenderData['queries']> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const campaign = await client.fetchQuery(closestCampaignQuery(country)).catch(() => undefined);
  const started = !!campaign && hasStarted(campaign.start_date, country, now);
  await Promise.all([
    started ? client.prefetchQuery(campaignTotalsQuery(country)) : undefined,
    client.prefetchQuery(defaultChallengesQuery(country)),
    client.prefetchQuery(defaultRecipientsQuery(country)),
  ]);
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'success')
    .map((q) => ({ key: q.queryKey, data: q.state.data }));
}

/**
 * Reads a participant's page or a team with the query its screen uses (docs/decisions/142), so the
 * browser hydrates from the embedded answer without asking again. `found` is false for a 404 (an
 * unknown, draft or hidden slug: the embedded answer is null and the screen says so), undefined
 * when the read failed otherwise (nothing embedded: the browser tries again).
 */
export async function fundraisingQueries(kind: 'page' | 'team', slug: string): Promise<{ found: boolean | undefined; data?: unknown; queries: PrerenderData['queries'] }> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  try {
    const options = kind === 'page' ? publicPageQuery(slug) : publicTeamQuery(slug);
    const data: unknown = kind === 'page' ? await client.fetchQuery(publicPageQuery(slug)) : await client.fetchQuery(publicTeamQuery(slug));
    return { found: data !== null, data, queries: [{ key: options.queryKey, data }] };
  } catch {
    return { found: undefined, queries: [] };
  }
}

/** Renders `url` to the HTML that goes inside #root. */
export async function renderPage(url: string, data: PrerenderData): Promise<string> {
  const client = createQueryClient();
  seedQueries(client, data);
  // The page's module loaded first, so one synchronous render holds the whole page.
  await preloadRoute(new URL(url, 'http://localhost').pathname, true);
  return renderToString(
    <StrictMode>
      <PrerenderProvider data={data}>
        <AppProviders client={client}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </PrerenderProvider>
    </StrictMode>,
  );
}
