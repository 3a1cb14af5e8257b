import type { CountryCode } from '@uplift/core/countries';

/**
 * A friend's gift on a challenge page (docs/decisions/138-challenge-pages-and-gifts.md): amount,
 * name, email, message and the two "hide" choices, then the card (and the bank's step when asked).
 * The page mounts it; `onGiven` lets the page refresh its raised figure and gift list.
 */
export type GiftFormProps = {
  /** The page's slug: the gift is POSTed to /api/pages/{slug}/gifts. */
  slug: string;
  /** The page's campaign country: the currency, the minimum and the receipt rules. */
  country: CountryCode;
  /** The participant's display name ("Give to Sam"). */
  participantName: string;
  onGiven?: () => void;
};

/** Placeholder until the gift form lands: says plainly that gifts are not open yet. */
export function GiftForm({ participantName }: GiftFormProps) {
  return <p>Gifts to {participantName} open soon.</p>;
}
