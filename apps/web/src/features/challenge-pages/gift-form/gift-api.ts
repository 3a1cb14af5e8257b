import type { GiftCreated, GiftRequest, GiftStateResponse, TestGiftChargeResult } from '@uplift/core/schemas/gifts';
import { api } from '../../../lib/api-client';

// A friend's gift (docs/decisions/138): no account, so no token is sent.

export const createGift = (slug: string, body: GiftRequest) => api<GiftCreated>(`/api/pages/${encodeURIComponent(slug)}/gifts`, { method: 'POST', body });

export const confirmGift = (giftId: number, clientSecret: string) =>
  api<GiftStateResponse>(`/api/gifts/${giftId}/confirm`, { method: 'POST', body: { client_secret: clientSecret } });

/** The test provider's card form (Stripe.js confirmCardPayment stands here). */
export const payTestGift = (body: { client_secret: string; number: string; exp_month: number; exp_year: number; cvc: string }) =>
  api<TestGiftChargeResult>('/api/test-provider/gift/confirm', { method: 'POST', body });

/** The test provider's simulated bank step. */
export const authenticateTestGift = (clientSecret: string, outcome: 'complete' | 'fail') =>
  api<TestGiftChargeResult>('/api/test-provider/gift/authenticate', { method: 'POST', body: { client_secret: clientSecret, outcome } });
