import type { CountryCode } from '@uplift/core/countries';
import { matchOfferText, matchVerb } from '@uplift/core/match';
import { asMinor, formatMoney, type Minor } from '@uplift/core/money';
import type { PublicMatch } from '@uplift/core/schemas/match';
import { logoBox, SponsorLogo } from './sponsor-logo';
import './match-offer.css';

// Match funds where they move people (docs/product-rules.md §23, docs/decisions/162-match-funds-shown.md):
// the offer before the amount is chosen and as it changes, the match as its own line beside
// "raised", and what the match added on the thank-you. The words are core's (matchOfferText).

/**
 * The offer line for `amount` (minor units): "Your $25.00 becomes $50.00: Acme doubles gifts until
 * $5,000.00 is used; $1,240.00 left" (core matchOfferText). With no amount yet (or one that cannot
 * be read) the same offer without the "Your … becomes …": "Acme doubles gifts until $5,000.00 is
 * used; $1,240.00 left"; when nothing is left, "Acme's match is used up; your gift still goes in full".
 */
export function matchOfferLine(match: PublicMatch, country: CountryCode, amount: Minor | null): string {
  const { sponsor_name: sponsorName, ratio, cap_minor: cap, left_minor: left } = match;
  if (left > 0 && (amount === null || amount <= 0)) {
    const money = (minor: number) => formatMoney(asMinor(minor), country);
    return `${sponsorName} ${matchVerb(ratio)} gifts until ${money(cap)} is used; ${money(left)} left`;
  }
  return matchOfferText({ sponsorName, ratio, amount: amount ?? asMinor(0), left: asMinor(left), cap: asMinor(cap), country });
}

/** The sponsor's logo, linked to the sponsor when it has a link. */
function SponsorMark({ match }: { match: PublicMatch }) {
  const logo = logoBox(match) ? <SponsorLogo match={match} /> : null;
  if (match.sponsor_link) {
    return (
      <a className="match-sponsor" href={match.sponsor_link} rel="sponsored noopener noreferrer">
        {logo ?? `About ${match.sponsor_name}`}
      </a>
    );
  }
  return logo;
}

/**
 * The sponsor's offer, said before the amount is chosen and live as it changes (`amount`: what the
 * friend has typed or picked, null while it cannot be read). The gift form and the team page show it.
 */
export function MatchOffer({ match, country, amount = null }: { match: PublicMatch; country: CountryCode; amount?: Minor | null }) {
  const usedUp = match.left_minor <= 0;
  return (
    <div className={`match-offer${usedUp ? ' used-up' : ''}`} aria-label={`${match.sponsor_name}’s match`} role="group">
      <SponsorMark match={match} />
      <p className="match-line" aria-live="polite">
        {matchOfferLine(match, country, amount)}
      </p>
    </div>
  );
}

// The match as its own line under "raised" is its own module (the pages' first load carries it, not the offer's code).
export { MatchedLine } from './matched-line';

/**
 * What the thank-you says of the match: what it added ("Acme's match added $25.00: Aroha's
 * challenge gets $50.00"), or, when the page had a match and this gift got nothing of it, that the
 * match was used up and the gift still goes in full.
 */
export function matchThanksLine({
  matched,
  sponsor,
  offered,
  amount,
  participantName,
  country,
}: {
  matched: number;
  sponsor: string | null;
  offered: PublicMatch | null;
  amount: Minor;
  participantName: string;
  country: CountryCode;
}): string | null {
  const money = (minor: number) => formatMoney(asMinor(minor), country);
  const name = sponsor ?? offered?.sponsor_name;
  if (matched > 0 && name) return `${name}’s match added ${money(matched)}: ${participantName}’s challenge gets ${money(amount + matched)}.`;
  if (offered) return `${offered.sponsor_name}’s match was used up, so it added nothing this time; your gift still goes in full.`;
  return null;
}
