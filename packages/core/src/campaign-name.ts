// The words of a campaign's name as the pages show them (the navbar's campaign link and the
// landing's join button). Apart from countdown.ts so the navbar, in every page's first load,
// carries no date or money code.

/** Campaign names in wizard cards are cut at this many characters (product-rules §9). */
export const CARD_NAME_MAX = 20;

function words(campaignName: string): string[] {
  return campaignName.trim().split(/\s+/).filter(Boolean);
}

/** 'November Uplift Challenge' -> { month: 'November', name: 'Uplift Challenge' }. */
export function campaignMonthAndName(campaignName: string): { month: string; name: string } {
  const [month = '', ...rest] = words(campaignName);
  return { month, name: rest.join(' ') };
}

/** 'Join the November Uplift Challenge'. */
export function joinButtonText(campaignName: string): string {
  const { month, name } = campaignMonthAndName(campaignName);
  return ['Join the', month, name].filter(Boolean).join(' ');
}

/** The navbar's campaign link: the first two words, 'November Uplift'. */
export function navbarCampaignLabel(campaignName: string): string {
  return words(campaignName).slice(0, 2).join(' ');
}

/**
 * Cuts a name to `max` characters (code points, so an emoji is never split) and marks the cut
 * with '…' (added after the kept characters); a name that fits is returned unchanged.
 */
export function truncateName(name: string, max: number = CARD_NAME_MAX): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}
