import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageGiftList, PublicPageData, PublicTeamData } from '@uplift/core/schemas/challenge-pages';
import { api, ApiError } from '../../../lib/api-client';

// The public reads of challenge pages and teams (docs/decisions/142): the queries the server
// renders with, so their keys are how the embedded data seeds the cache. Kept apart from the
// writes (pages.ts) so a page's first load carries no mutation code.

export const pageKeys = {
  all: ['challenge-pages'] as const,
  publicPage: (slug: string) => ['challenge-pages', 'page', slug] as const,
  gifts: (slug: string, cursor: string) => ['challenge-pages', 'gifts', slug, cursor] as const,
  team: (slug: string) => ['challenge-pages', 'team', slug] as const,
  mine: () => ['challenge-pages', 'mine'] as const,
  slug: (kind: 'page' | 'team', slug: string) => ['challenge-pages', 'slug', kind, slug] as const,
};

const enc = encodeURIComponent;

/** A read whose 404 is an answer (null: no such public page or team), so the server can render and embed it too. */
export async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** GET /api/pages/{slug} (null: unknown, draft or hidden); a gift refreshes it. */
export const publicPageQuery = (slug: string) =>
  queryOptions({ queryKey: pageKeys.publicPage(slug), queryFn: () => orNull(api<PublicPageData>(`/api/pages/${enc(slug)}`)), staleTime: 60_000 });
export const usePublicPage = (slug: string) => useQuery(publicPageQuery(slug));

export const getMoreGifts = (slug: string, cursor: string) => api<PageGiftList>(`/api/pages/${enc(slug)}/gifts?cursor=${enc(cursor)}`);

/** GET /api/teams/{slug} (null: unknown or hidden). */
export const publicTeamQuery = (slug: string) =>
  queryOptions({ queryKey: pageKeys.team(slug), queryFn: () => orNull(api<PublicTeamData>(`/api/teams/${enc(slug)}`)), staleTime: 60_000 });
export const usePublicTeam = (slug: string) => useQuery(publicTeamQuery(slug));

