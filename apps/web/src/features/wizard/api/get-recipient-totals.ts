import type { CountryCode } from '@uplift/core/countries';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Pledge count and amount per charity, aligned by position with /api/recipient/campaign/{country}. */
export type RecipientTotals = { counts: number[]; amounts: number[] };

export async function getRecipientTotals(country: CountryCode): Promise<RecipientTotals> {
  const [counts, amounts] = await Promise.all([
    api<number[]>(`/api/pledge/total/recipient/${country}`),
    api<number[]>(`/api/pledge/total/recipient-amount/${country}`),
  ]);
  return { counts, amounts };
}

export const recipientTotalsQuery = (country: CountryCode) =>
  queryOptions({ queryKey: ['totals', 'recipient', country], queryFn: () => getRecipientTotals(country) });

export const useRecipientTotals = (country: CountryCode | undefined) =>
  useQuery({ ...recipientTotalsQuery(country ?? 'NZ'), enabled: Boolean(country) });
