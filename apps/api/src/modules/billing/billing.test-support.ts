import { asMinor } from '@uplift/core/money';
import { paymentDates, type IsoDate } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import type { Db } from '../../db/client.ts';
import { campaigns, mails, paymentMethods, payments, pledges, recipients, users } from '../../db/schema.ts';
import type { TestContext } from '../../test/context.ts';
import type { ChargeRequest, ChargeResult, PaymentProvider } from '../payments/payment-provider.ts';
import { runBilling, type BillingOptions } from './billing.service.ts';

// Test data goes straight into the real tables; only the card provider (an outside service) is
// replaced, by a double that behaves like Stripe with idempotency keys and counts every call.

export type FakeProvider = PaymentProvider & {
  /** Every charge call, duplicates included. */
  calls: ChargeRequest[];
  /** What the provider has on record, by idempotency key: the money that moved. */
  ledger: Map<string, { request: ChargeRequest; result: ChargeResult }>;
  /** Payment methods detached, in order. */
  detached: string[];
};

export type ChargeBehaviour = (request: ChargeRequest) => ChargeResult | Promise<ChargeResult>;

export const succeed: ChargeBehaviour = (request) => ({ status: 'succeeded', reference: `pi_fake_${request.idempotencyKey}` });

/**
 * A provider double. `answer` decides each new charge; `afterRecord` runs once the charge is on the
 * provider's books and before the answer goes back (throw there to lose the answer, as a crash or
 * a timeout would).
 */
export function fakeProvider(
  opts: { answer?: ChargeBehaviour; afterRecord?: (request: ChargeRequest) => void | Promise<void> } = {},
): FakeProvider {
  const calls: ChargeRequest[] = [];
  const ledger = new Map<string, { request: ChargeRequest; result: ChargeResult }>();
  const notUsed = () => Promise.reject(new Error('not used by billing'));
  const detached: string[] = [];
  return {
    name: 'test',
    publicConfig: { provider: 'test' },
    ensureCustomer: notUsed,
    createSetupSecret: notUsed,
    getCard: notUsed,
    createGuestCharge: notUsed,
    retrieveGuestCharge: notUsed,
    findGuestCharge: notUsed,
    cancelGuestCharge: notUsed,
    calls,
    ledger,
    detached,
    async charge(request) {
      calls.push(request);
      const known = ledger.get(request.idempotencyKey);
      if (known) return known.result; // Stripe: same key, same answer, no second charge
      const result = await (opts.answer ?? succeed)(request);
      ledger.set(request.idempotencyKey, { request, result });
      await opts.afterRecord?.(request);
      return result;
    },
    async findCharge(key) {
      return ledger.get(key)?.result ?? null;
    },
    async retrieveCharge(reference) {
      return [...ledger.values()].find((e) => 'reference' in e.result && e.result.reference === reference)?.result ?? null;
    },
    refund: () => Promise.reject(new Error('not used by billing')),
    async detachPaymentMethod(id) {
      detached.push(id);
    },
  };
}

/**
 * The time a test over 1,000 charges gets (about 10 s on a quiet machine): a correctness test, so it
 * may take longer when other work shares the cores, instead of the 30 s default failing it.
 */
export const SLOW_ON_A_BUSY_MACHINE = 120_000;

let seq = 0;
const next = () => `${process.pid}-${(seq += 1)}`;

export async function createCampaign(
  db: Db,
  opts: { country?: CountryCode; billingStart?: IsoDate; start?: IsoDate; end?: IsoDate } = {},
) {
  const billingStart = opts.billingStart ?? '2026-11-23';
  const [row] = await db
    .insert(campaigns)
    .values({
      campaign_name: 'November Uplift Challenge',
      country: opts.country ?? 'NZ',
      start_date: opts.start ?? '2026-11-20',
      end_date: opts.end ?? '2026-12-20',
      billing_start_date: billingStart,
      is_active: true,
    })
    .returning();
  return row!;
}

export async function createDonor(db: Db, opts: { country?: CountryCode; firstName?: string; customerId?: string | null } = {}) {
  const id = next();
  const [row] = await db
    .insert(users)
    .values({
      first_name: opts.firstName ?? 'Aroha',
      last_name: 'Donor',
      email: `donor-${id}@example.org`,
      country: opts.country ?? 'NZ',
      password_hash: '!',
      activated: true,
      stripe_customer_id: opts.customerId === undefined ? `cus_fake_${id}` : opts.customerId,
    })
    .returning();
  return row!;
}

/**
 * A donor with a Confirmed pledge on `campaignId` and one Pending payment per date (default: the
 * campaign's four dates) of `amount` minor units each, charged to a saved card `pm_…`.
 */
export async function createConfirmedPledge(
  db: Db,
  opts: {
    campaignId: number;
    country?: CountryCode;
    dates?: IsoDate[];
    amount?: number;
    user?: typeof users.$inferSelect;
    providerMethodId?: string;
    card?: { brand: string; last4: string; exp_month: number; exp_year: number };
  },
) {
  const country = opts.country ?? 'NZ';
  const user = opts.user ?? (await createDonor(db, { country }));
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, opts.campaignId));
  const [recipient] = await db.select().from(recipients).where(eq(recipients.country, country)).orderBy(recipients.id).limit(1);
  const dates = opts.dates ?? paymentDates(campaign!.billing_start_date);
  const amount = asMinor(opts.amount ?? 1750);
  const card = opts.card ?? { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };
  const providerMethodId = opts.providerMethodId ?? `pm_fake_${next()}`;
  const [method] = await db
    .insert(paymentMethods)
    .values({ user_id: user.id, stripe_payment_method_id: providerMethodId, ...card })
    .returning();
  const [pledge] = await db
    .insert(pledges)
    .values({
      user_id: user.id,
      campaign_id: opts.campaignId,
      challenge_id: 1,
      recipient_id: recipient!.id,
      number_of_units: 5,
      cost_per_unit: asMinor(350),
      period: 'weekly',
      confirmed_amount: asMinor(amount * dates.length),
      pledge_status: 'Confirmed',
      payment_method_id: method!.id,
      confirmed_at: new Date('2026-11-22T00:00:00Z'),
    })
    .returning();
  const rows = await db
    .insert(payments)
    .values(dates.map((d) => ({ pledge_id: pledge!.id, processing_date: d, amount, stripe_payment_method_id: providerMethodId })))
    .returning();
  return { user, pledge: pledge!, method: method!, recipient: recipient!, payments: rows.sort((a, b) => a.processing_date.localeCompare(b.processing_date)) };
}

/** Many donors with one due payment each, inserted in bulk (for the concurrency tests). */
export async function createManyDuePayments(db: Db, opts: { campaignId: number; count: number; date: IsoDate; amount?: number }) {
  const tag = next().replace(/\W/g, '_');
  await db.execute(sql`
    with u as (
      insert into users (first_name, last_name, email, country, password_hash, activated, stripe_customer_id)
      select 'Bulk', 'Donor' || g, 'bulk-' || ${tag} || '-' || g || '@example.org', 'NZ', '!', true, 'cus_bulk_' || ${tag} || '_' || g
      from generate_series(1, ${opts.count}) g
      returning id, stripe_customer_id
    ), pl as (
      insert into pledges (user_id, campaign_id, challenge_id, recipient_id, number_of_units, cost_per_unit, confirmed_amount, pledge_status)
      select u.id, ${opts.campaignId}, 1, (select id from recipients where country = 'NZ' order by id limit 1), 1, ${opts.amount ?? 1000}, ${opts.amount ?? 1000}, 'Confirmed'
      from u
      returning id, user_id
    )
    insert into payments (pledge_id, processing_date, amount, stripe_payment_method_id)
    select pl.id, ${opts.date}::date, ${opts.amount ?? 1000}, 'pm_bulk_' || u.stripe_customer_id
    from pl join u on u.id = pl.user_id`);
}

/** The payment's first attempt was declined softly on 23 Nov (as billing records it); its one retry is due on `retry`. */
export async function softlyDeclined(db: Db, paymentId: number, retry: IsoDate) {
  await db
    .update(payments)
    .set({
      payment_status: 'Failed',
      failure_reason: 'insufficient_funds',
      settled_at: new Date('2026-11-23T09:00:00Z'),
      attempts: 1,
      idempotency_key: `payment-${paymentId}-attempt-1`,
      next_retry_date: retry,
    })
    .where(eq(payments.id, paymentId));
}

export async function paymentRows(db: Db, pledgeId: number) {
  return db.select().from(payments).where(eq(payments.pledge_id, pledgeId)).orderBy(payments.processing_date);
}

export async function mailsTo(db: Db, email: string) {
  return db.select().from(mails).where(eq(mails.to_address, email)).orderBy(mails.id);
}

const silent = pino({ level: 'silent' });

/** One billing run with the test app's database, clock and mailer. */
export function bill(ctx: TestContext, provider: PaymentProvider, opts: BillingOptions = {}) {
  return runBilling(
    { db: ctx.db, payments: provider, mailer: ctx.app.mailer, clock: ctx.clock, log: silent, appUrl: ctx.config.appUrl, receipt: ctx.config.receipt, mailLinks: ctx.config.mailLinks },
    opts,
  );
}

/** A signed access token for a donor, as the login would issue. */
export function tokenFor(ctx: TestContext, userId: number) {
  return ctx.app.signAccessToken({ id: userId, role: 'user' });
}
