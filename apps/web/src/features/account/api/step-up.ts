import { useMutation } from '@tanstack/react-query';
import type { StepUpInput, StepUpResponse } from '@uplift/core/schemas/auth';
import { api } from '../../../lib/api-client';

// Re-confirming it is you before a change to how the account signs in (docs/decisions/151): the
// server records it on this sign-in for a few minutes.

/** POST /api/auth/step-up */
export const stepUp = (input: StepUpInput) => api<StepUpResponse>('/api/auth/step-up', { method: 'POST', auth: true, body: input });

export const useStepUp = () => useMutation({ mutationFn: stepUp });
