import { describe, expect, it } from 'vitest';
import { reconcileNotice } from './reconcile.ts';

// What `npm run restore` prints after the tables (docs/operations.md, "Before billing a restored database").

const TAKEN = new Date('2026-11-26T02:00:00.000Z');
const HEAD = [
  'Before billing this database (npm run billing, or the app, which bills on BILLING_SCHEDULE), reconcile it with the payment provider',
  '(docs/operations.md, "Before billing a restored database"):',
  '  The backup is from 2026-11-26 02:00 UTC. A charge made after that is not in it, and billing would charge it again once',
  "  Stripe's idempotency window (24 hours) has passed.",
  '  List the payments Stripe shows created after 2026-11-26 02:00 UTC (Dashboard: Payments, Created after that time; API:',
  '  GET /v1/payment_intents?created[gte]=1795658400); each names its payment in metadata.payment_id',
  '  (a gift: metadata.gift_id). Settle or refund each one before billing.',
];

describe('the notice restore prints before anyone bills the restored database', () => {
  it('names the backup time and how to list the charges made since, and with Stripe how many payments need a look', () => {
    expect(reconcileNotice(TAKEN, [31, 7]).split('\n')).toEqual([
      ...HEAD,
      '  2 payments had a charge attempt in the 24 hours before the backup and need a look in Stripe first',
      "  (search metadata['payment_id']:'<id>'): 31, 7.",
    ]);
    expect(reconcileNotice(TAKEN, [31]).split('\n').at(-2)).toBe('  1 payment had a charge attempt in the 24 hours before the backup and needs a look in Stripe first');
  });

  it('names at most 20 payments and counts the rest', () => {
    const ids = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(reconcileNotice(TAKEN, ids).split('\n').at(-1)).toBe(`  (search metadata['payment_id']:'<id>'): ${ids.slice(0, 20).join(', ')} and 3 more.`);
  });

  it('says when no payment was attempted near the backup, and what to do without Stripe keys here', () => {
    expect(reconcileNotice(TAKEN, []).split('\n')).toEqual([...HEAD, '  No payment had a charge attempt in the 24 hours before the backup.']);
    expect(reconcileNotice(TAKEN, undefined).split('\n')).toEqual([
      ...HEAD,
      '  No Stripe keys are set here (STRIPE_SECRET_KEY): if the live app charges with Stripe, reconcile as above.',
    ]);
  });
});
