import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { SetupSecretResponse as SetupSecret } from '@uplift/core/schemas/payment';

export const getSetupSecret = () => api<SetupSecret>('/api/payment_method/secret', { auth: true });

/** A client secret is single use: never cached across card forms. */
export const setupSecretQuery = (attempt: number) =>
  queryOptions({ queryKey: ['payment-methods', 'secret', attempt], queryFn: getSetupSecret, staleTime: Infinity, gcTime: 0 });

export const useSetupSecret = (attempt: number, enabled: boolean) => useQuery({ ...setupSecretQuery(attempt), enabled });
