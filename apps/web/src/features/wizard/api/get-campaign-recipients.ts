import type { CountryCode } from '@uplift/core/countries';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Recipient } from './types';

export const getCampaignRecipients = (country: CountryCode) => api<Recipient[]>(`/api/recipient/campaign/${country}`);

export const campaignRecipientsQuery = (country: CountryCode) =>
  queryOptions({ queryKey: ['recipients', 'campaign', country], queryFn: () => getCampaignRecipients(country) });

export const useCampaignRecipients = (country: CountryCode | undefined) =>
  useQuery({ ...campaignRecipientsQuery(country ?? 'NZ'), enabled: Boolean(country) });
