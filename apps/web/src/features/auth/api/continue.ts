import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessTokenResponse, ContinuationOffer } from '@uplift/core/schemas/auth';
import { api } from '../../../lib/api-client';
import { invalidateAfterSignIn } from '../../../lib/queries/invalidate';
import { setAccessToken } from '../../../lib/session';

// "No second password" (docs/decisions/168): the browser that registered continues into the
// account it just activated with one press; the API keeps the proof in an HttpOnly cookie.

export const continuationKey = ['auth', 'continuation'] as const;

/** GET /api/auth/continue: the first name to offer "Continue as", or null. Never retried, never kept. */
export function useContinuationOffer() {
  return useQuery({
    queryKey: continuationKey,
    queryFn: () => api<ContinuationOffer>('/api/auth/continue'),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/auth/continue: the session a password login starts (the second factor may follow). */
export function useContinue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<AccessTokenResponse>('/api/auth/continue', { method: 'POST' }),
    onSuccess: ({ access_token }) => {
      setAccessToken(access_token);
      void invalidateAfterSignIn(queryClient);
    },
  });
}
