import { useMutation } from '@tanstack/react-query';
import type { AccessTokenResponse } from '@uplift/core/schemas/auth';
import type { TwoFactorCodeInput, TwoFactorEnrolled, TwoFactorEnrolment } from '@uplift/core/schemas/two-factor';
import { api } from '../../../lib/api-client';
import { setAccessToken } from '../../../lib/session';

// An admin's second sign-in step (docs/decisions/077). Both answers carry the admin session's
// access token; the refresh cookie is replaced with the answer.

/** POST /api/auth/two-factor/enrolment: a new secret and its QR code. */
export function useStartEnrolment() {
  return useMutation({ mutationFn: () => api<TwoFactorEnrolment>('/api/auth/two-factor/enrolment', { method: 'POST', auth: true }) });
}

/**
 * POST /api/auth/two-factor/enrolment/confirm: the first code; answers the recovery codes, once.
 * The caller starts the new session after it has kept the codes (the page moves on when it starts).
 */
export function useConfirmEnrolment() {
  return useMutation({
    mutationFn: (body: TwoFactorCodeInput) => api<TwoFactorEnrolled>('/api/auth/two-factor/enrolment/confirm', { method: 'POST', auth: true, body }),
  });
}

/** POST /api/auth/two-factor/verify: a code from the app or a recovery code. */
export function useVerifyCode() {
  return useMutation({
    mutationFn: (body: TwoFactorCodeInput) => api<AccessTokenResponse>('/api/auth/two-factor/verify', { method: 'POST', auth: true, body }),
    onSuccess: ({ access_token }) => setAccessToken(access_token),
  });
}
