// The enumerations of product-rules §3/§4 and §15, written once. The database's check
// constraints, the API's response schemas and the web's types are all built from these lists.

/** A pledge's life: created Pending, Confirmed after the card is saved, Cancelled by the donor. */
export const PLEDGE_STATUSES = ['Pending', 'Confirmed', 'Cancelled'] as const;
export type PledgeStatus = (typeof PLEDGE_STATUSES)[number];

/** One weekly charge: Pending until billed, then Success or Failed; Cancelled with its pledge. */
export const PAYMENT_STATUSES = ['Pending', 'Success', 'Failed', 'Cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The only billing cycle product-rules §3 knows. */
export const BILLING_CYCLES = ['Weekly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** Which step an admin's sign-in still needs (docs/decisions/077): enrol an authenticator, or type its code.
 *  Here, not beside the two-factor schemas, so the web's session code can read it without zod. */
export const TWO_FACTOR_STEPS = ['enrol', 'code'] as const;
export type TwoFactorStep = (typeof TWO_FACTOR_STEPS)[number];

/** SQL list for a check constraint, e.g. `('Pending', 'Confirmed', 'Cancelled')`. */
export function sqlList(values: readonly string[]): string {
  return `(${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`;
}
