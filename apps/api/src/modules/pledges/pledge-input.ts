import { remainingPaymentDates, todayInCountry } from '@uplift/core/calendar';
import { amountsMatch, MAX_PLEDGE_MINOR, pledgeTotalError, pledgeTotalMinor } from '@uplift/core/calculator';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { isJoinOpen } from '@uplift/core/countdown';
import { formatMoney, type Minor, toMinor } from '@uplift/core/money';
import type { PledgeRequest } from '@uplift/core/schemas/pledge';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { campaigns, challenges, recipients } from '../../db/schema.ts';
import { challengeOffered, charityOffered } from '../challenges/index.ts';
import { pledgeErrors } from './pledges.errors.ts';

/** A pledge's figures after the server has checked them, in minor units. */
export type CheckedPledge = {
  campaign_id: number;
  challenge_id: number;
  recipient_id: number;
  number_of_units: number;
  cost_per_unit: Minor;
  period: 'weekly' | 'monthly';
  confirmed_amount: Minor;
  country: CountryCode;
  remainingDates: string[];
};

/**
 * The total's bounds, shared with the wizard through core's calculator (product-rules §5): below
 * the minimum or above the ceiling is refused with core's words.
 */
export function checkTotalBounds(totalMinor: Minor, country: CountryCode): void {
  if (pledgeTotalError(totalMinor, country)) throw pledgeErrors.belowMinimum({ symbol: COUNTRIES[country].symbol });
  if (totalMinor > MAX_PLEDGE_MINOR) throw pledgeErrors.aboveMaximum({ amount: formatMoney(MAX_PLEDGE_MINOR, country) });
}

/**
 * The challenge and the charity a pledge names, checked at create and again at confirm (an admin
 * may have narrowed the campaign or disabled either since): the campaign offers both (a campaign
 * with no narrowing rows offers every one; a charity must be of the campaign's country) and
 * neither is disabled. A 400 says which one and why.
 */
export async function checkOffered(
  db: Executor,
  campaign: { id: number; country: CountryCode },
  challengeId: number,
  recipientId: number,
): Promise<{ challenge: number; recipient: number }> {
  const [challenge] = await db
    .select({ enabled: challenges.is_enabled })
    .from(challenges)
    .where(
      and(
        eq(challenges.id, challengeId),
        challengeOffered(campaign.id, challenges.id),
      ),
    );
  if (!challenge) throw pledgeErrors.challengeNotOffered();
  if (!challenge.enabled) throw pledgeErrors.challengeDisabled();

  const [recipient] = await db
    .select({ enabled: recipients.is_enabled })
    .from(recipients)
    .where(
      and(
        eq(recipients.id, recipientId),
        eq(recipients.country, campaign.country),
        charityOffered(campaign.id, recipients.id),
      ),
    );
  if (!recipient) throw pledgeErrors.recipientNotOffered();
  if (!recipient.enabled) throw pledgeErrors.recipientDisabled();
  return { challenge: challengeId, recipient: recipientId };
}

/**
 * The server's check of a pledge (used by registration and POST /api/pledge): the campaign is
 * open to join, it offers the challenge and the charity, and the total recomputed from the
 * stored figures matches what the user confirmed (within a cent) and is at least the minimum.
 */
export async function checkPledgeInput(db: Executor, input: PledgeRequest, now: Date): Promise<CheckedPledge> {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, input.campaign_id));
  if (!campaign) throw pledgeErrors.campaignNotFound();
  const country = campaign.country;
  if (!isJoinOpen({ is_active: campaign.is_active, end_date: campaign.end_date, country }, now)) {
    throw pledgeErrors.campaignNotOpen();
  }

  const { challenge, recipient } = await checkOffered(db, campaign, input.challenge_id, input.recipient_id);

  const remainingDates = remainingPaymentDates(campaign.billing_start_date, todayInCountry(country, now));
  if (remainingDates.length === 0) throw pledgeErrors.noPaymentsLeft();

  const costPerUnit = toMinor(input.cost_per_unit);
  const confirmed = toMinor(input.confirmed_amount);
  const computed = pledgeTotalMinor({
    numberOfUnits: input.number_of_units,
    costPerUnitMinor: costPerUnit,
    period: input.period,
    remainingWeeks: remainingDates.length,
  });
  checkTotalBounds(computed, country);
  if (!amountsMatch(confirmed, computed)) throw pledgeErrors.amountMismatch();

  return {
    campaign_id: campaign.id,
    challenge_id: challenge,
    recipient_id: recipient,
    number_of_units: input.number_of_units,
    cost_per_unit: costPerUnit,
    period: input.period,
    // The stored total is the server's own figure, never the client's.
    confirmed_amount: computed,
    country,
    remainingDates,
  };
}
