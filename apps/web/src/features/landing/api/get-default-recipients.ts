import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryCode } from '@uplift/core/countries';
import type { Recipient } from '@uplift/core/schemas/recipient';
import { api } from '../../../lib/api-client';

/** GET /api/recipient/default/{country}: the country's partner charities, by id. */
export function getDefaultRecipients(country: CountryCode): Promise<Recipient[]> {
  return api<Recipient[]>(`/api/recipient/default/${country}`);
}

export const defaultRecipientsQuery = (country: CountryCode) =>
  queryOptions({
    queryKey: ['recipients', 'default', country],
    queryFn: () => getDefaultRecipients(country),
    staleTime: 5 * 60_000,
  });

export function useDefaultRecipients(country: CountryCode) {
  return useQuery(defaultRecipientsQuery(country));
}
