import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreatePage, CreateTeam, CreateUpdate, MyPage, PublicTeamData, SlugAvailable, UpdatePage, UpdateTeam } from '@uplift/core/schemas/challenge-pages';
import { api } from '../../../lib/api-client';
import { orNull, pageKeys } from './public';

// The owner's page and the writes of pages and teams (docs/decisions/142); the public reads are public.ts.

const enc = encodeURIComponent;

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
export const useSetTeamPhoto = (slug: string) =>
  useChange((photo_base64: string) => api<PublicTeamData>(`/api/teams/${enc(slug)}/photo`, { method: 'PUT', body: { photo_base64 }, auth: true }));
export const useJoinTeam = () => useChange((slug: string) => api<MyPage>(`/api/teams/${enc(slug)}/join`, { method: 'POST', auth: true }));
export const useLeaveTeam = () => useChange(() => api<MyPage>('/api/my-team/leave', { method: 'POST', auth: true }));
export const useRemoveMember = (slug: string) =>
  useChange((pageSlug: string) => api<PublicTeamData>(`/api/teams/${enc(slug)}/members/${enc(pageSlug)}`, { method: 'DELETE', auth: true }));

// A page worth backing (docs/decisions/166): its cover and its updates.
export const useSetPageCover = () => useChange((photo_base64: string) => api<MyPage>('/api/my-page/cover', { method: 'PUT', body: { photo_base64 }, auth: true }));
export const useRemovePageCover = () => useChange(() => api<MyPage>('/api/my-page/cover', { method: 'DELETE', auth: true }));
export const usePostUpdate = () => useChange((body: CreateUpdate) => api<MyPage>('/api/my-page/updates', { method: 'POST', body, auth: true }));
export const useDeleteUpdate = () => useChange((id: number) => api<MyPage>(`/api/my-page/updates/${id}`, { method: 'DELETE', auth: true }));
