import type { CountryCode } from '@uplift/core/countries';
import { asMinor, formatMoney, type Minor } from '@uplift/core/money';

// The hero's friends' figure in words (docs/decisions/140-leaderboards.md), loaded after the first
// paint with friends-give.tsx. The room the hero holds for it from the first paint is its longest
// wording, friendsGiftsRoom, written out in landing.css (#friends-gifts::before) so it costs the
// landing no JavaScript; friends-gifts-text.test.ts keeps the two the same.

/** "Friends have also given $40.00 on participants’ challenge pages (3 gifts)." */
export function friendsGiftsText(amountMinor: Minor, gifts: number, country: CountryCode): string {
  const count = gifts === 1 ? '1 gift' : `${gifts.toLocaleString('en-NZ')} gifts`;
  return `Friends have also given ${formatMoney(amountMinor, country)} on participants’ challenge pages (${count}).`;
}

/** The longest the figure is expected to grow in a campaign: the room the hero keeps for it. */
export function friendsGiftsRoom(country: CountryCode): string {
  return friendsGiftsText(asMinor(99_999_999), 9_999, country);
}
