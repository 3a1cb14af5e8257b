import { daysBetween, formatDayShortMonth, type IsoDate, PAYMENT_INTERVAL_DAYS, parseIsoDate, todayInCountry, WEEKDAY_NAMES } from './calendar.ts';
import type { CountryCode } from './countries.ts';
import { formatMoney, type MinorArg } from './money.ts';

/** A page's cover (docs/decisions/166): cropped to 3:1 about its centre, served 1500 and 750 px wide. */
export const COVER_ASPECT = 3;
export const COVER_MIN_WIDTH = 900;
export const COVER_MIN_HEIGHT = 300;
export const COVER_FULL_WIDTH = 1500;
export const COVER_SMALL_WIDTH = 750;
/** A page's update: at most 500 characters; the newest 20 are shown. */
export const UPDATE_MAX = 500;
export const UPDATES_SHOWN = 20;
/** The captain's message on a team page. */
export const CAPTAIN_MESSAGE_MAX = 500;

// What a challenge page says about its weeks and what the challenge has added up to
// (product-rules §21 "A page worth backing", docs/decisions/166-a-page-worth-backing.md).

/** Where a pledge's weeks stand today, in the campaign country's time zone. */
export type WeeksState = { state: 'before'; starts: IsoDate } | { state: 'during'; week: number; of: number } | { state: 'after' };

/**
 * The weeks of a pledge whose first payment is due on `billingStart`, `weeksTotal` weeks long (4,
 * or 5 after a skipped week), on the date that is today in `country` at `now`: before the first
 * week, the week it is in (1-based), or finished once the last week has passed.
 */
export function pageWeeks(input: { billingStart: IsoDate; weeksTotal: number; country: CountryCode; now: Date }): WeeksState {
  const today = todayInCountry(input.country, input.now);
  const days = daysBetween(input.billingStart, today);
  if (days < 0) return { state: 'before', starts: input.billingStart };
  const week = Math.floor(days / PAYMENT_INTERVAL_DAYS) + 1;
  if (week > input.weeksTotal) return { state: 'after' };
  return { state: 'during', week, of: input.weeksTotal };
}

/**
 * The weeks as the page says them: "Starts Monday" (within the coming six days), "Starts 7 Dec"
 * (later), "Starts tomorrow", "Week 2 of 4", "Finished".
 */
export function pageWeeksText(weeks: WeeksState, today?: IsoDate): string {
  if (weeks.state === 'after') return 'Finished';
  if (weeks.state === 'during') return `Week ${weeks.week} of ${weeks.of}`;
  const away = today ? daysBetween(today, weeks.starts) : Number.POSITIVE_INFINITY;
  if (away === 1) return 'Starts tomorrow';
  if (away <= 6) {
    const { year, month, day } = parseIsoDate(weeks.starts);
    return `Starts ${WEEKDAY_NAMES[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]}`;
  }
  return `Starts ${formatDayShortMonth(weeks.starts)}`;
}

/** pageWeeks and pageWeeksText at once, for a page's answer. */
export function pageWeeksLine(input: { billingStart: IsoDate; weeksTotal: number; country: CountryCode; now: Date }): { weeks: WeeksState; text: string } {
  const weeks = pageWeeks(input);
  return { weeks, text: pageWeeksText(weeks, todayInCountry(input.country, input.now)) };
}

/**
 * How many units the participant has given up so far: what their pledge's payments brought in (net
 * of refunds; friends' gifts are not theirs) divided by the pledge's price of one unit, to the
 * nearest whole one. A pledge's weekly payment is its units of the week times that price, so this is
 * the units of every week paid (a monthly pledge's fourth of the month's units a week).
 */
export function unitsGivenUpSoFar(receivedMinor: MinorArg, costPerUnitMinor: MinorArg): number {
  if (!(costPerUnitMinor > 0) || !(receivedMinor > 0)) return 0;
  return Math.round(receivedMinor / costPerUnitMinor);
}

/**
 * The page's impact line: "11 coffees given up so far ≈ $38.50" (the unit as the challenge names it,
 * the money the pledge's payments brought in); null before anything was received.
 */
export function pageImpactLine(input: { receivedMinor: MinorArg; costPerUnitMinor: MinorArg; unit: string; unitSingular?: string; country: CountryCode }): string | null {
  const units = unitsGivenUpSoFar(input.receivedMinor, input.costPerUnitMinor);
  if (units === 0) return null;
  const unit = units === 1 && input.unitSingular ? input.unitSingular : input.unit;
  return `${units} ${unit} given up so far ≈ ${formatMoney(input.receivedMinor, input.country)}`;
}

/** The first sentence of a text (up to its first '.', '!' or '?' followed by a space or the end). */
export function firstSentence(text: string): string {
  const trimmed = text.trim();
  const match = /^.*?[.!?](?=\s|$)/s.exec(trimmed);
  return (match ? match[0] : trimmed).trim();
}

/** The suggested weekly update (docs/decisions/166): "Week 2 done: 8 coffees skipped, $28.00 given so far — thank you Sam and Ana!" */
export function suggestedUpdate(input: { weeks: WeeksState; units: number; unit: string; givenMinor: MinorArg; country: CountryCode; friends: string[] }): string {
  const { weeks } = input;
  const head =
    weeks.state === 'before' ? 'Getting ready' : weeks.state === 'after' ? 'Challenge finished' : weeks.week > 1 ? `Week ${weeks.week - 1} done` : `Week 1 under way`;
  const names = [...new Set(input.friends.filter((n) => n && n !== 'Anonymous'))].slice(0, 3);
  const thanks = names.length === 0 ? '' : ` — thank you ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`}!`;
  return `${head}: ${input.units} ${input.unit} skipped, ${formatMoney(input.givenMinor, input.country)} given so far${thanks}`;
}
