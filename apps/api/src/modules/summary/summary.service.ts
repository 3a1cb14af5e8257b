import type { CountryCode } from '@uplift/core/countries';
import { MSG } from '@uplift/core/messages';
import { fromMinor } from '@uplift/core/money';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conflict, DomainError, notFound } from '../../errors.ts';
import { lockPaymentsAgainstCharging } from '../billing/billing.locks.ts';
import { findClosestPledge, type PledgeRow } from '../pledges/pledges.repository.ts';
import { pledgeCancelledMail } from './summary.mails.ts';
import {
  cancelPledgeAndPayments,
  findCampaign,
  findPledgeMailFacts,
  listPaymentsOfPledge,
  lockPledge,
  pendingPaymentIds,
} from './summary.repository.ts';

// The donor's view of their pledge (SPEC §2 Summary, §7) and its cancellation (§4). "The user's
// pledge" is always the closest one, chosen exactly as GET /api/pledge/closest chooses it.

/** How long a cancel waits for a payment that is being charged at this moment before giving up. */
const CANCEL_LOCK_TIMEOUT = '15s';

const noPledges = () => notFound('pledge.none', MSG.noPledges);

async function closestPledge(app: FastifyInstance, userId: number): Promise<PledgeRow> {
  const pledge = await findClosestPledge(app.db, userId, app.clock.now());
  if (!pledge) throw noPledges();
  return pledge;
}

/** GET /api/payment/: the payments of the user's closest pledge (none yet: an empty list). */
export async function listClosestPayments(app: FastifyInstance, userId: number) {
  const pledge = await findClosestPledge(app.db, userId, app.clock.now());
  if (!pledge) return [];
  const rows = await listPaymentsOfPledge(app.db, pledge.id, userId);
  return rows.map((p) => ({
    id: p.id,
    pledge_id: p.pledge_id,
    payment_status: p.payment_status as 'Pending' | 'Success' | 'Failed' | 'Cancelled',
    processing_date: p.processing_date,
    amount: fromMinor(p.amount),
    failure_reason: p.failure_reason,
    payment_method_id: p.payment_method_id,
    stripe_payment_method_id: p.stripe_payment_method_id,
  }));
}

/** GET /api/campaign/closest: the campaign of the user's closest pledge. */
export async function closestCampaign(app: FastifyInstance, userId: number) {
  const pledge = await closestPledge(app, userId);
  const campaign = await findCampaign(app.db, pledge.campaign_id);
  if (!campaign) throw noPledges();
  return { ...campaign, country: campaign.country as CountryCode };
}

function isLockTimeout(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '55P03' || e?.cause?.code === '55P03';
}

/**
 * PUT /api/pledge/cancel: the closest pledge and its remaining Pending payments become Cancelled
 * in one transaction. It first takes each payment's CHARGE lock, so it waits for a charge that is
 * under way (that payment then stands) and no charge can start while it runs (docs/decisions/040).
 */
export async function cancelClosestPledge(app: FastifyInstance, userId: number) {
  const pledge = await closestPledge(app, userId);
  if (pledge.pledge_status === 'Cancelled') throw conflict('pledge.already_cancelled', 'Your pledge is already cancelled');
  const now = app.clock.now();

  let result: { cancelledPayments: number; paidMinor: number };
  try {
    result = await app.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${CANCEL_LOCK_TIMEOUT}'`));
      // Advisory locks first, then rows: the order the billing job uses, so the two cannot deadlock.
      await lockPaymentsAgainstCharging(tx, await pendingPaymentIds(tx, pledge.id));
      const locked = await lockPledge(tx, pledge.id);
      if (!locked || locked.pledge_status === 'Cancelled') throw conflict('pledge.already_cancelled', 'Your pledge is already cancelled');
      // A confirmation that committed while we waited for the row may have added payments: lock
      // those too (taking a held advisory lock again is harmless).
      await lockPaymentsAgainstCharging(tx, await pendingPaymentIds(tx, pledge.id));
      return cancelPledgeAndPayments(tx, pledge.id, now);
    });
  } catch (err) {
    if (isLockTimeout(err)) {
      throw new DomainError('pledge.payment_in_progress', 409, 'One of your payments is being processed right now. Please try again in a minute.');
    }
    throw err;
  }

  try {
    const facts = await findPledgeMailFacts(app.db, pledge.id);
    if (facts) {
      await app.mailer.send(
        facts.email,
        'pledge-cancelled',
        pledgeCancelledMail({
          firstName: facts.firstName,
          country: facts.country as CountryCode,
          charity: facts.recipientName,
          cancelledPayments: result.cancelledPayments,
          paidMinor: result.paidMinor,
          appUrl: app.config.appUrl,
        }),
      );
    }
  } catch (err) {
    // The pledge is cancelled either way; the missing mail is logged for follow-up.
    app.log.error({ err, pledgeId: pledge.id }, 'could not record the pledge-cancelled mail');
  }

  return {
    message: 'Your pledge has been cancelled',
    pledge_id: pledge.id,
    pledge_status: 'Cancelled' as const,
    cancelled_payments: result.cancelledPayments,
    paid_amount: fromMinor(result.paidMinor),
  };
}
