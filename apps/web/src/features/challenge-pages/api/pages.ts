import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreatePage, CreateTeam, MyPage, PageGiftList, PublicPageData, PublicTeamData, SlugAvailable, UpdatePage, UpdateTeam } from '@uplift/core/schemas/challenge-pages';
import { api, ApiError } from '../../../lib/api-client';

// The reads and writes of challenge pages and teams (docs/decisions/142). The public page and team
// queries are the ones the server renders with: their keys are how the embedded data seeds the cache.

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
async function orNull<T>(read: Promise<T>): Promise<T | null> {
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

/** GET /api/my-page: undefined when the donor has no page yet (a 404). */
export const myPageQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: pageKeys.mine(),
    enabled,
    staleTime: 0,
    queryFn: () => orNull(api<MyPage>('/api/my-page', { auth: true })),
  });
export const useMyPage = (enabled = true) => useQuery(myPageQuery(enabled));

export const checkSlug = (kind: 'page' | 'team', slug: string) => api<SlugAvailable>(`/api/pages/slug-available?slug=${enc(slug)}&kind=${kind}`);

function refresh(client: QueryClient) {
  return client.invalidateQueries({ queryKey: pageKeys.all });
}

/** Every change of the page or team: the answer is the page (or team) as it now stands, and every read is refreshed. */
function useChange<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refresh(client) });
}

export const useCreatePage = () => useChange((body: CreatePage) => api<MyPage>('/api/my-page', { method: 'POST', body, auth: true }));
export const useUpdatePage = () => useChange((body: UpdatePage) => api<MyPage>('/api/my-page', { method: 'PATCH', body, auth: true }));
export const useDeletePage = () => useChange(() => api<null>('/api/my-page', { method: 'DELETE', auth: true }));
export const useSetPagePhoto = () => useChange((photo_base64: string) => api<MyPage>('/api/my-page/photo', { method: 'PUT', body: { photo_base64 }, auth: true }));
export const useRemovePagePhoto = () => useChange(() => api<MyPage>('/api/my-page/photo', { method: 'DELETE', auth: true }));

export const useCreateTeam = () => useChange((body: CreateTeam) => api<PublicTeamData>('/api/teams', { method: 'POST', body, auth: true }));
export const useUpdateTeam = (slug: string) => useChange((body: UpdateTeam) => api<PublicTeamData>(`/api/teams/${enc(slug)}`, { method: 'PATCH', body, auth: true }));
export const useJoinTeam = () => useChange((slug: string) => api<MyPage>(`/api/teams/${enc(slug)}/join`, { method: 'POST', auth: true }));
export const useLeaveTeam = () => useChange(() => api<MyPage>('/api/my-team/leave', { method: 'POST', auth: true }));
export const useRemoveMember = (slug: string) =>
  useChange((pageSlug: string) => api<PublicTeamData>(`/api/teams/${enc(slug)}/members/${enc(pageSlug)}`, { method: 'DELETE', auth: true }));
