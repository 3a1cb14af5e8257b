import type { CountryCode } from '@uplift/core/countries';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ConfirmedPledge = { id: number; campaign_id: number; confirmed_amount: number; country: CountryCode };

export const getConfirmedPledge = () => api<ConfirmedPledge>('/api/pledge/closest/Confirmed', { auth: true });

export const confirmedPledgeQuery = () => queryOptions({ queryKey: ['pledge', 'closest', 'Confirmed'], queryFn: getConfirmedPledge, staleTime: 0 });

export const useConfirmedPledge = () => useQuery(confirmedPledgeQuery());
