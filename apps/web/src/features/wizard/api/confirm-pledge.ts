import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ConfirmedPledge } from './types';

/** PUT /api/pledge/confirmed with our saved card id and the total the donor was shown. */
export const confirmPledge = (body: { payment_method_id: string; confirmed_amount: number }) =>
  api<ConfirmedPledge>('/api/pledge/confirmed', { method: 'PUT', body, auth: true });

/** The caller refreshes the closest pledge once it has left the payment step. */
export const useConfirmPledge = () => useMutation({ mutationFn: confirmPledge });
