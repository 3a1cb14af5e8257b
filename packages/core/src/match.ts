import type { CountryCode } from './countries.ts';
import { formatMoney, type Minor, type MinorArg } from './money.ts';

// Match funds (docs/product-rules.md §23, docs/decisions/160-match-funds.md): a sponsor adds
// `ratio` × every matched gift or pledge payment, until its cap is used. No zod here, so the
// offer text can be shown without pulling the schemas in (schemas/match.ts holds those).

/** 1:1 (the sponsor doubles a gift) up to 3:1 (it quadruples it). */
export const MATCH_RATIOS = [1, 2, 3] as const;
export type MatchRatio = (typeof MATCH_RATIOS)[number];

/** What a match adds to: friends' gifts, pledges' weekly payments, or both. */
export const MATCH_APPLIES_TO = ['gifts', 'payments', 'both'] as const;
export type MatchAppliesTo = (typeof MATCH_APPLIES_TO)[number];

export const MATCH_STATUSES = ['active', 'paused', 'ended'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** The shares of its cap at which a match mails the admins, once each. */
export const MATCH_ALERT_PERCENTS = [90, 100] as const;
export type MatchAlertPercent = (typeof MATCH_ALERT_PERCENTS)[number];

export function isMatchRatio(n: unknown): n is MatchRatio {
  return (MATCH_RATIOS as readonly unknown[]).includes(n);
}

/** True when a match of this kind adds to a friend's gift ('gift') or a pledge's payment ('payment'). */
export function matchAppliesTo(appliesTo: MatchAppliesTo, kind: 'gift' | 'payment'): boolean {
  return appliesTo === 'both' || appliesTo === `${kind}s`;
}

/**
 * What the sponsor adds to `amount`: ratio × amount, but never more than what is left of the cap
 * (and never less than 0): min(ratio × amount, max(left, 0)). Whole minor units in, whole out.
 */
export function matchShare({ ratio, amount, left }: { ratio: number; amount: MinorArg; left: MinorArg }): Minor {
  if (!isMatchRatio(ratio)) throw new RangeError(`Not a match ratio: ${ratio}`);
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(left)) throw new RangeError(`Not whole minor units: ${amount}, ${left}`);
  return Math.max(0, Math.min(ratio * amount, left)) as Minor;
}

/**
 * How much of a gift's match a refund releases (product-rules §23): a full refund releases all of
 * it; a part refund releases the same share of the match, rounded down to the cent, so the sponsor
 * never gets back more than the refunded share. Counted on the totals so far (`refunded` is every
 * refund of the gift, `released` what earlier refunds released), so part refunds that add up to the
 * whole release the whole match, to the cent.
 */
export function matchRelease({ matched, amount, refunded, released = 0 as MinorArg }: { matched: MinorArg; amount: MinorArg; refunded: MinorArg; released?: MinorArg }): Minor {
  if (matched <= 0 || amount <= 0 || refunded <= 0) return 0 as Minor;
  const share = refunded >= amount ? matched : Math.floor((matched * refunded) / amount);
  return Math.max(0, share - released) as Minor;
}

/** The alert percentages a match's matched sum crossed going from `before` to `after` (of `cap`). */
export function matchAlertsCrossed({ cap, before, after }: { cap: MinorArg; before: MinorArg; after: MinorArg }): MatchAlertPercent[] {
  if (cap <= 0) return [];
  // matched × 100 ≥ cap × percent, in whole numbers: no rounding at 90 % of an odd cap.
  const reached = (sum: number, percent: number) => sum * 100 >= cap * percent;
  return MATCH_ALERT_PERCENTS.filter((percent) => reached(after, percent) && !reached(before, percent));
}

const VERB: Readonly<Record<MatchRatio, string>> = { 1: 'doubles', 2: 'triples', 3: 'quadruples' };

/** The verb of a ratio: 1:1 "doubles", 2:1 "triples", 3:1 "quadruples". */
export function matchVerb(ratio: MatchRatio): string {
  return VERB[ratio];
}

/**
 * The line a giver reads beside the amount: "Your $25.00 becomes $50.00: Acme doubles gifts until
 * $5,000.00 is used; $1,240.00 left"; when less is left than the gift would take, "Your $40.00
 * becomes $65.00: Acme matches $25.00, the last of its $50.00"; when nothing is left, "Acme's match
 * is used up; your gift still goes in full". Money in the campaign country's currency.
 */
export function matchOfferText({
  sponsorName,
  ratio,
  amount,
  left,
  cap,
  country,
}: {
  sponsorName: string;
  ratio: MatchRatio;
  amount: MinorArg;
  left: MinorArg;
  cap: MinorArg;
  country: CountryCode;
}): string {
  const money = (minor: number) => formatMoney(minor as MinorArg, country);
  if (left <= 0) return `${sponsorName}'s match is used up; your gift still goes in full`;
  const share = matchShare({ ratio, amount, left });
  const becomes = `Your ${money(amount)} becomes ${money(amount + share)}`;
  if (share < ratio * amount) return `${becomes}: ${sponsorName} matches ${money(share)}, the last of its ${money(cap)}`;
  return `${becomes}: ${sponsorName} ${matchVerb(ratio)} gifts until ${money(cap)} is used; ${money(left)} left`;
}
