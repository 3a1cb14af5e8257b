import { api } from '../../../lib/api-client';

// The built-in test provider's card form (DECISIONS.md "Payments"), standing in for Stripe.js.

export type TestSetupResult =
  | { status: 'succeeded'; setup_intent: string; payment_method: string }
  | { status: 'requires_action'; setup_intent: string; payment_method: string; next_action: { type: 'test_authentication' } };

export const confirmTestCard = (body: { client_secret: string; number: string; exp_month: number; exp_year: number; cvc: string }) =>
  api<TestSetupResult>('/api/test-provider/setup/confirm', { method: 'POST', body, auth: true });

export const authenticateTestCard = (body: { client_secret: string; outcome: 'complete' | 'fail' }) =>
  api<TestSetupResult>('/api/test-provider/setup/authenticate', { method: 'POST', body, auth: true });
