// What restore says about billing a restored database (docs/operations.md, "Before billing a
// restored database"; docs/decisions/153). A charge made after the backup is not in it: billing
// asks again with the same idempotency key, which Stripe honours for 24 hours only, so after
// that the donor would be charged a second time.

/** How many payment ids the notice names; the rest are counted. */
const NAMED = 20;

const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The lines restore prints after the tables: reconcile with the provider before billing.
 * `recentAttempts`: the payments with a charge attempt started in the 24 hours before the backup
 * (counted with Stripe configured), undefined without Stripe.
 */
export function reconcileNotice(takenAt: Date, recentAttempts: number[] | undefined): string {
  const at = utc(takenAt);
  const lines = [
    'Before billing this database (npm run billing, or the app, which bills on BILLING_SCHEDULE), reconcile it with the payment provider',
    '(docs/operations.md, "Before billing a restored database"):',
    `  The backup is from ${at}. A charge made after that is not in it, and billing would charge it again once`,
    "  Stripe's idempotency window (24 hours) has passed.",
    `  List the payments Stripe shows created after ${at} (Dashboard: Payments, Created after that time; API:`,
    `  GET /v1/payment_intents?created[gte]=${Math.floor(takenAt.getTime() / 1000)}); each names its payment in metadata.payment_id`,
    '  (a gift: metadata.gift_id). Settle or refund each one before billing.',
  ];
  if (recentAttempts === undefined) {
    lines.push('  No Stripe keys are set here (STRIPE_SECRET_KEY): if the live app charges with Stripe, reconcile as above.');
  } else if (recentAttempts.length === 0) {
    lines.push('  No payment had a charge attempt in the 24 hours before the backup.');
  } else {
    const n = recentAttempts.length;
    const named = recentAttempts.slice(0, NAMED).join(', ') + (n > NAMED ? ` and ${n - NAMED} more` : '');
    lines.push(
      `  ${n} ${n === 1 ? 'payment' : 'payments'} had a charge attempt in the 24 hours before the backup and ${n === 1 ? 'needs' : 'need'} a look in Stripe first`,
      `  (search metadata['payment_id']:'<id>'): ${named}.`,
    );
  }
  return lines.join('\n');
}
