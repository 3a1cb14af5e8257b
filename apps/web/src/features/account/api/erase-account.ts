import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@uplift/core/schemas/error';
import { api } from '../../../lib/api-client';

/** POST /api/account/erase: deletes the account (the screen then signs out). */
export const eraseAccount = (password: string) => api<MessageResponse>('/api/account/erase', { method: 'POST', body: { password }, auth: true });

export const useEraseAccount = () => useMutation({ mutationFn: eraseAccount });
