import type { ChargeResult } from './payment-provider.ts';

// What became of one attempt to take a payment, in the ledger's words. Every path that charges
// (billing, pay now, confirm after the bank step, the Stripe webhook) reduces the provider's answer
// to one of these before the ledger records it (docs/decisions/040-billing-exactly-once.md, 045).

export type Outcome =
  | { status: 'Success'; reference: string }
  /** `code` is a stable failure code (core/payment-failures.ts). */
  | { status: 'Failed'; reference: string | null; code: string; nextRetryDate?: string | null; attempt?: 'failed' | 'requires_action' }
  /** Never sent to the provider (or the provider has no record of it): nothing was taken. */
  | { status: 'Cancelled' }
  /** Accepted by the provider but not settled: stays Pending, no mail, the webhook settles it. */
  | { status: 'Processing'; reference: string };

export function outcomeOf(result: ChargeResult): Outcome {
  switch (result.status) {
    case 'succeeded':
      return { status: 'Success', reference: result.reference };
    case 'declined':
      return { status: 'Failed', reference: result.reference, code: result.code };
    case 'requires_action':
      // Off-session nobody can answer the bank: the donor is asked to ("Confirm with your bank").
      return { status: 'Failed', reference: result.reference, code: result.code, attempt: 'requires_action' };
    case 'processing':
      return { status: 'Processing', reference: result.reference };
  }
}
