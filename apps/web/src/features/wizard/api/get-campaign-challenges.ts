import type { CountryCode } from '@uplift/core/countries';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Challenge } from './types';

export const getCampaignChallenges = (country: CountryCode) => api<Challenge[]>(`/api/challenge/campaign/${country}`);

export const campaignChallengesQuery = (country: CountryCode) =>
  queryOptions({ queryKey: ['challenges', 'campaign', country], queryFn: () => getCampaignChallenges(country) });

export const useCampaignChallenges = (country: CountryCode | undefined) =>
  useQuery({ ...campaignChallengesQuery(country ?? 'NZ'), enabled: Boolean(country) });
