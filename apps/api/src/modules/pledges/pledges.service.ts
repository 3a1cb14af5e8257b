import { remainingPaymentDates, todayInCountry } from '@uplift/core/calendar';
import { amountsMatch, pledgeTotalError, pledgeTotalMinor, splitPayments, type Period } from '@uplift/core/calculator';
import { isJoinOpen } from '@uplift/core/countdown';
import type { CountryCode } from '@uplift/core/countries';
import { formatMoney, toMinor } from '@uplift/core/money';
import { MSG } from '@uplift/core/messages';
import type { PledgeRequest } from '@uplift/core/schemas/pledge';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { campaigns, challenges, payments, pledges, recipients, users } from '../../db/schema.ts';
import { badRequest, conflict, DomainError, notFound } from '../../errors.ts';
import { findOwnEnabledMethodByReference } from '../payments/payment-methods.repository.ts';
import { checkPledgeInput, MAX_PLEDGE_MINOR, pledgeAboveMaximumMessage } from './pledge-input.ts';
import { pledgeConfirmedMail } from './pledge-confirmed.mail.ts';
import { findLivePledgeForCampaign, findOwnPledge, lockNewestPendingPledge, type PledgeRow } from './pledges.repository.ts';

const ALREADY_PLEDGED = 'You already have a pledge for this campaign';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** POST /api/pledge: a new Pending pledge, when the user has no live one for that campaign. */
export async function createPledge(app: FastifyInstance, userId: number, input: PledgeRequest): Promise<PledgeRow> {
  const checked = await checkPledgeInput(app.db, input, app.clock.now());
  if (await findLivePledgeForCampaign(app.db, userId, checked.campaign_id)) throw conflict('pledge.exists', ALREADY_PLEDGED);
  try {
    const [row] = await app.db
      .insert(pledges)
      .values({
        user_id: userId,
        campaign_id: checked.campaign_id,
        challenge_id: checked.challenge_id,
        recipient_id: checked.recipient_id,
        number_of_units: checked.number_of_units,
        cost_per_unit: checked.cost_per_unit,
        period: checked.period,
        confirmed_amount: checked.confirmed_amount,
        pledge_status: 'Pending',
      })
      .returning({ id: pledges.id });
    return (await findOwnPledge(app.db, userId, row!.id))!;
  } catch (err) {
    // The partial unique index settles a race between two tabs.
    if (isUniqueViolation(err)) throw conflict('pledge.exists', ALREADY_PLEDGED);
    throw err;
  }
}

/** DELETE /api/pledge/delete: removes the user's Pending pledges (they have no payments yet). */
export async function deletePendingPledges(app: FastifyInstance, userId: number): Promise<number> {
  const deleted = await app.db
    .delete(pledges)
    .where(and(eq(pledges.user_id, userId), eq(pledges.pledge_status, 'Pending')))
    .returning({ id: pledges.id });
  if (deleted.length === 0) throw notFound('pledge.no_pending', 'You have no pending pledge');
  return deleted.length;
}

export type ConfirmResult = {
  pledge: PledgeRow;
  payments: { processing_date: string; amountMinor: number }[];
};

/**
 * PUT /api/pledge/confirmed: checks the card is the user's, recomputes the total from the
 * pledge's own figures and today's remaining payment dates, then in one transaction moves the
 * pledge to Confirmed and creates one Pending payment per remaining date. Mails the schedule.
 *
 * `confirmedAmount` (optional, decimal) is the total the donor was shown; when given it must
 * match the server's figure. When absent, the stored total must still be right: if a payment
 * date has passed since the pledge was made, the donor is asked to look again (409).
 */
export async function confirmPledge(
  app: FastifyInstance,
  userId: number,
  input: { paymentMethodReference: string; confirmedAmount?: number },
): Promise<ConfirmResult> {
  const now = app.clock.now();
  const method = await findOwnEnabledMethodByReference(app.db, userId, input.paymentMethodReference);
  if (!method) throw notFound('payment_method.not_found', 'We could not find that card on your account. Please choose another.');

  const result = await app.db.transaction(async (tx) => {
    const pledge = await lockNewestPendingPledge(tx, userId);
    if (!pledge) {
      const [confirmed] = await tx
        .select({ id: pledges.id })
        .from(pledges)
        .where(and(eq(pledges.user_id, userId), eq(pledges.pledge_status, 'Confirmed')))
        .limit(1);
      if (confirmed) throw conflict('pledge.already_confirmed', 'Your pledge is already confirmed');
      throw notFound('pledge.no_pending', 'You have no pledge waiting for payment. Please make a pledge first.');
    }

    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, pledge.campaign_id));
    const country = campaign!.country as CountryCode;
    if (!isJoinOpen({ is_active: campaign!.is_active, end_date: campaign!.end_date, country }, now)) {
      throw badRequest('pledge.campaign_closed', MSG.campaignClosed);
    }
    const dates = remainingPaymentDates(campaign!.billing_start_date, todayInCountry(country, now));
    if (dates.length === 0) throw badRequest('pledge.no_payments_left', 'All of this campaign’s payment dates have passed');

    const total = pledgeTotalMinor({
      numberOfUnits: pledge.number_of_units,
      costPerUnitMinor: pledge.cost_per_unit,
      period: pledge.period as Period,
      remainingWeeks: dates.length,
    });
    const minError = pledgeTotalError(total, country);
    if (minError) throw badRequest('pledge.below_minimum', minError);
    if (total > MAX_PLEDGE_MINOR) throw badRequest('pledge.above_maximum', pledgeAboveMaximumMessage(country));
    if (input.confirmedAmount !== undefined) {
      if (!amountsMatch(toMinor(input.confirmedAmount), total)) throw badRequest('pledge.amount_mismatch', MSG.amountMismatch);
    } else if (!amountsMatch(pledge.confirmed_amount, total)) {
      throw new DomainError(
        'pledge.amount_changed',
        409,
        `A payment date has passed since you made your pledge, so its total is now ${formatMoney(total, country)}. Please check it and confirm again.`,
      );
    }

    const [updated] = await tx
      .update(pledges)
      .set({ pledge_status: 'Confirmed', confirmed_amount: total, payment_method_id: method.id, confirmed_at: now })
      .where(and(eq(pledges.id, pledge.id), eq(pledges.pledge_status, 'Pending')))
      .returning({ id: pledges.id });
    if (!updated) throw conflict('pledge.already_confirmed', 'Your pledge is already confirmed');

    const amounts = splitPayments(total, dates.length);
    const schedule = dates.map((date, i) => ({ processing_date: date, amountMinor: amounts[i]! }));
    await tx.insert(payments).values(
      schedule.map((p) => ({
        pledge_id: pledge.id,
        payment_status: 'Pending',
        processing_date: p.processing_date,
        amount: p.amountMinor,
        stripe_payment_method_id: method.stripe_payment_method_id,
      })),
    );
    return { pledge: { ...pledge, pledge_status: 'Confirmed', confirmed_amount: total, payment_method_id: method.id }, payments: schedule, campaign: campaign! };
  });

  try {
    await sendConfirmedMail(app, userId, result.pledge, result.campaign.campaign_name, result.payments, method);
  } catch (err) {
    // The pledge is confirmed either way; the failure is logged for follow-up, not shown as one.
    app.log.error({ err, pledgeId: result.pledge.id }, 'could not record the pledge-confirmed mail');
  }
  return { pledge: result.pledge, payments: result.payments };
}

async function sendConfirmedMail(
  app: FastifyInstance,
  userId: number,
  pledge: PledgeRow,
  campaignName: string,
  schedule: ConfirmResult['payments'],
  card: { brand: string; last4: string },
): Promise<void> {
  const [details] = await app.db
    .select({ email: users.email, firstName: users.first_name, challengeName: challenges.name, recipientName: recipients.recipient_name })
    .from(users)
    .innerJoin(challenges, eq(challenges.id, pledge.challenge_id))
    .innerJoin(recipients, eq(recipients.id, pledge.recipient_id))
    .where(eq(users.id, userId));
  if (!details) return;
  await app.mailer.send(
    details.email,
    'pledge-confirmed',
    pledgeConfirmedMail({
      firstName: details.firstName,
      country: pledge.country as CountryCode,
      totalMinor: pledge.confirmed_amount,
      campaignName,
      challengeName: details.challengeName,
      recipientName: details.recipientName,
      card,
      schedule: schedule.map((p) => ({ date: p.processing_date, amountMinor: p.amountMinor })),
      appUrl: app.config.appUrl,
    }),
  );
}
