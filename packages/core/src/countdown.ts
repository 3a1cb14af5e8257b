import { daysBetween, todayInCountry, type IsoDate } from './calendar.ts';
import type { CountryCode } from './countries.ts';
import { formatMoney, type MinorArg } from './money.ts';

/** A campaign is closed (landing shows "View my Pledge" instead of Join) this many days after it starts. */
export const CLOSED_AFTER_DAYS = 7;


/**
 * Days until `startDate` 00:00 in the country's zone, rounded up; 0 or less means started.
 *
 * product-rules §12: ceil((start 00:00 local − now) / 24 h). On every day that lasts 24 hours that is
 * exactly the number of local calendar days from today to the start, which is what we count:
 * dividing by 24 h would be off by one for an hour around a DST change (a 23 h or 25 h day),
 * e.g. 3 days instead of 2 just after midnight on the day before NZ clocks go back.
 */
export function daysToStart(startDate: IsoDate, country: CountryCode, now: Date): number {
  return daysBetween(todayInCountry(country, now), startDate);
}

export function hasStarted(startDate: IsoDate, country: CountryCode, now: Date): boolean {
  return daysToStart(startDate, country, now) <= 0;
}

/** Join is offered while the campaign is active and today (in its country) is before its end date. */
export function isJoinOpen(
  campaign: { is_active: boolean; end_date: IsoDate; country: CountryCode },
  now: Date,
): boolean {
  return campaign.is_active && todayInCountry(campaign.country, now) < campaign.end_date;
}

/** Closed: today (in its country) is more than CLOSED_AFTER_DAYS days after the start date. */
export function isClosed(campaign: { start_date: IsoDate; country: CountryCode }, now: Date): boolean {
  return daysBetween(campaign.start_date, todayInCountry(campaign.country, now)) > CLOSED_AFTER_DAYS;
}

/**
 * Below this many pledges the started campaign's line invites instead of counting a small crowd and
 * a small sum ("join 5 others who've pledged $690.00" reads as few): docs/decisions/167.
 */
export const LOW_PLEDGE_COUNT = 10;

/**
 * The landing page countdown (product-rules §2).
 * - Before the start: 'Starting in 1 day' / 'Starting in 5 days'.
 * - Started: "The campaign has started, join 12 others who've pledged $1,234.50!"
 * - Started with no pledges counted: product-rules §2 says 'heaps of' replaces the numbers. Put literally in
 *   both places it reads "…who've pledged heaps of!", so the amount becomes plain 'heaps':
 *   "The campaign has started, join heaps of others who've pledged heaps!"
 * - Started with 1 to LOW_PLEDGE_COUNT − 1 pledges (docs/decisions/167): an invitation with the honest
 *   count and no sum: "The campaign has started: be one of the first to pledge and join 5 others!"
 */
export function countdownText(input: {
  daysToStart: number;
  pledgeCount: number;
  amountMinor: MinorArg;
  country: CountryCode;
}): string {
  const { daysToStart: days, pledgeCount, amountMinor, country } = input;
  if (days > 0) return `Starting in ${days} ${days === 1 ? 'day' : 'days'}`;
  if (!(pledgeCount > 0)) return "The campaign has started, join heaps of others who've pledged heaps!";
  if (pledgeCount < LOW_PLEDGE_COUNT) return `The campaign has started: be one of the first to pledge and join ${pledgeCount} ${pledgeCount === 1 ? 'other' : 'others'}!`;
  const amount = formatMoney(amountMinor, country);
  return `The campaign has started, join ${pledgeCount} others who've pledged ${amount}!`;
}

// The campaign name's words (the navbar's label, the join button) live in campaign-name.ts: the
// navbar is in every page's first load and needs none of the dates and money here.
export { campaignMonthAndName, joinButtonText, navbarCampaignLabel, truncateName, CARD_NAME_MAX } from './campaign-name.ts';

