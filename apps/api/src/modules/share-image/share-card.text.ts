import { BRAND } from '@uplift/core/brand';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { MILESTONES, type Milestone } from '@uplift/core/milestones';
import { formatMoney, type Minor } from '@uplift/core/money';
import { CAMPAIGN_COMING_SOON } from '@uplift/core/public-messages';

/** What a country's preview card shows: its closest campaign (null when none) and its live totals. */
export type ShareCardFigures = { country: CountryCode; campaignName: string | null; pledges: number; amountMinor: Minor };

/** The card's text, line by line, in reading order. */
export type ShareCardText = {
  /** "Uplift · New Zealand" */
  kicker: string;
  /** The campaign's name, or "Campaign Coming Soon!" */
  heading: string;
  /** "12 pledges" / "1 pledge" / "Be the first to pledge"; null without a campaign. */
  pledges: string | null;
  /** "$1,234.00 NZD pledged" (currency from core's country table); null without pledges. */
  amount: string | null;
  tagline: string;
  /** A donor's milestone badge ("Halfway there"), on the card their share link shows (docs/decisions/137); else absent. */
  badge?: string;
};

export function shareCardText(figures: ShareCardFigures, milestone?: Milestone): ShareCardText {
  const text = campaignCardText(figures);
  return milestone ? { ...text, badge: MILESTONES[milestone].badge } : text;
}

function campaignCardText(figures: ShareCardFigures): ShareCardText {
  const kicker = `${BRAND.product} · ${COUNTRIES[figures.country].name}`;
  if (figures.campaignName === null) return { kicker, heading: CAMPAIGN_COMING_SOON, pledges: null, amount: null, tagline: BRAND.tagline };
  const { pledges } = figures;
  return {
    kicker,
    heading: figures.campaignName,
    pledges: pledges > 0 ? `${pledges.toLocaleString('en-NZ')} ${pledges === 1 ? 'pledge' : 'pledges'}` : 'Be the first to pledge',
    amount: pledges > 0 ? `${formatMoney(figures.amountMinor, figures.country, { code: true })} pledged` : null,
    tagline: BRAND.tagline,
  };
}

/** Every line of the card, in reading order: the image's alt text and its embedded description. */
export function shareCardLines(text: ShareCardText): string[] {
  return [text.kicker, text.badge ?? null, text.heading, text.pledges, text.amount, text.tagline].filter((line): line is string => line !== null);
}
