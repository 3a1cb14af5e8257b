import { createContext, useContext, useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { isCountryCode, type CountryCode } from '@uplift/core/countries';

/**
 * What a prerendered document was rendered with (docs/decisions/023-prerendered-public-pages.md):
 * the country, the server's clock and the query results the page showed. The server embeds it
 * as JSON in the HTML; the browser renders its first (hydrating) pass from the same values, so
 * the markup matches, then moves on to its own clock, storage and fresh data.
 */
export type PrerenderData = {
  country: CountryCode;
  /** Why the server chose the country: 'query' (?country=), 'cookie', 'cdn', 'language', or 'none'. */
  countrySource: string;
  /** ISO time the page was rendered at. */
  now: string;
  queries: { key: readonly unknown[]; data: unknown }[];
};

export const PRERENDER_DATA_ID = 'uplift-prerender';

/** In the browser: the data embedded in the document, if it was prerendered. */
export function readPrerenderData(): PrerenderData | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(PRERENDER_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as PrerenderData;
    return isCountryCode(data.country) ? data : undefined;
  } catch {
    return undefined;
  }
}

/** Puts the prerendered query results in the cache, as if they had just been fetched. */
export function seedQueries(client: QueryClient, data: PrerenderData | undefined): void {
  for (const query of data?.queries ?? []) client.setQueryData(query.key, query.data);
}

type Rendering = { country: CountryCode; now: Date };
const RenderingContext = createContext<Rendering | undefined>(undefined);

export function PrerenderProvider({ data, children }: { data: PrerenderData | undefined; children: ReactNode }) {
  const [value] = useState(() => (data ? { country: data.country, now: new Date(data.now) } : undefined));
  return <RenderingContext value={value}>{children}</RenderingContext>;
}

/** The prerender's country and clock; undefined in a client-only render. */
export function usePrerender(): Rendering | undefined {
  return useContext(RenderingContext);
}
