import { useMutation, useQuery } from '@tanstack/react-query';
import type { UnsubscribeInfo } from '@uplift/core/schemas/account';
import { api } from '../../../lib/api-client';

// A mailed unsubscribe link (docs/decisions/136): no sign-in; the token is the whole authority.

/** GET /api/unsubscribe: what the link stops (changes nothing). */
export const describeUnsubscribe = (token: string) => api<UnsubscribeInfo>(`/api/unsubscribe?token=${encodeURIComponent(token)}`);

/** POST /api/unsubscribe: stops it, at once. */
export const confirmUnsubscribe = (token: string) => api<UnsubscribeInfo>('/api/unsubscribe', { method: 'POST', body: { token } });

export const useUnsubscribeInfo = (token: string) =>
  useQuery({ queryKey: ['unsubscribe', token], queryFn: () => describeUnsubscribe(token), enabled: token !== '', retry: false, staleTime: Infinity });

export const useConfirmUnsubscribe = () => useMutation({ mutationFn: confirmUnsubscribe });
