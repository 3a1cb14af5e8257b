import { BRAND } from '@uplift/core/brand';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { formatMoney, type Minor } from '@uplift/core/money';

// The words of a challenge page's or a team's preview card (docs/decisions/143-share-cards-and-sitemap.md).

/** What a page's or team's card shows, as read from the ledger (raised through pageRaised()). */
export type FundraisingCardFigures =
  | { kind: 'page'; country: CountryCode; displayName: string; challengeName: string; charityName: string; raisedMinor: Minor; goalMinor: Minor }
  | { kind: 'team'; country: CountryCode; teamName: string; campaignName: string; members: number; raisedMinor: Minor; goalMinor: Minor };

export type FundraisingCardText = {
  /** "Uplift · New Zealand" */
  kicker: string;
  /** The page's display name or the team's name, as its owner wrote it. */
  heading: string;
  /** "Giving up coffees for KidsCan" / "A team of 4 in the November Uplift Challenge" (its shown members; "A new team in …" while none is shown) */
  challenge: string;
  /** "$120.00 NZD raised" */
  raised: string;
  /** "24% of the $500.00 NZD goal" */
  goal: string;
  /** How full the bar is drawn: 0–1 (raised over goal, at most 1). */
  progress: number;
  tagline: string;
};

/** Whole percent of the goal, rounded down (99.9 % is not yet 100 %). */
const percentOf = (raised: number, goal: number) => (goal > 0 ? Math.floor((Math.max(raised, 0) * 100) / goal) : 0);

export function fundraisingCardText(f: FundraisingCardFigures): FundraisingCardText {
  const money = (minor: Minor) => formatMoney(minor, f.country, { code: true });
  const challenge =
    f.kind === 'page'
      ? `Giving up ${f.challengeName.toLowerCase()} for ${f.charityName}`
      : f.members > 0
        ? `A team of ${f.members.toLocaleString('en-NZ')} in the ${f.campaignName}`
        : // No member shown yet (none joined, or each one hidden or unpublished): never "a team of 0".
          `A new team in the ${f.campaignName}`;
  return {
    kicker: `${BRAND.product} · ${COUNTRIES[f.country].name}`,
    heading: f.kind === 'page' ? f.displayName : f.teamName,
    challenge,
    raised: `${money(f.raisedMinor)} raised`,
    goal: `${percentOf(f.raisedMinor, f.goalMinor)}% of the ${money(f.goalMinor)} goal`,
    progress: f.goalMinor > 0 ? Math.min(1, Math.max(0, f.raisedMinor / f.goalMinor)) : 0,
    tagline: BRAND.tagline,
  };
}

/** Every line of the card in reading order: its alt text, its embedded description and (hashed) its URL's version. */
export function fundraisingCardLines(text: FundraisingCardText): string[] {
  return [text.kicker, text.heading, text.challenge, text.raised, text.goal, text.tagline];
}
