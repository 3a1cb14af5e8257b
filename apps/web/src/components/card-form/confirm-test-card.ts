import type { TestCardAuthenticateRequest, TestCardConfirmRequest, TestSetupResult } from '@uplift/core/schemas/payment';
import { api } from '../../lib/api-client';

// The built-in test provider's card form (product-rules §15), standing in for Stripe.js.

export const confirmTestCard = (body: TestCardConfirmRequest) =>
  api<TestSetupResult>('/api/test-provider/setup/confirm', { method: 'POST', body, auth: true });

export const authenticateTestCard = (body: TestCardAuthenticateRequest) =>
  api<TestSetupResult>('/api/test-provider/setup/authenticate', { method: 'POST', body, auth: true });

/** The test provider's simulated bank step for a payment (Stripe.js confirmCardPayment stands here). */
export const authenticateTestPayment = (body: { client_secret: string; outcome: 'complete' | 'fail' }) =>
  api<{ status: 'succeeded' | 'requires_payment_method' }>('/api/test-provider/payment/authenticate', { method: 'POST', body, auth: true });
