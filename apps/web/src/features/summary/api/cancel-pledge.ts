import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CancelResult } from './types';

/** PUT /api/pledge/cancel: the pledge and its remaining payments become Cancelled. */
export const cancelPledge = () => api<CancelResult>('/api/pledge/cancel', { method: 'PUT', auth: true });

export const useCancelPledge = () => useMutation({ mutationFn: cancelPledge });
