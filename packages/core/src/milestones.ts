import type { CountryCode } from './countries.ts';

// A pledge's milestones (product-rules §20, docs/decisions/137-progress-milestones-news.md):
// halfway (2 of 4 payments received) and completed (all of them). Each is a mail (preference
// `milestones`) when it is reached, and /summary shows the highest one as a badge with a link to share.

export const MILESTONE_KINDS = ['halfway', 'completed'] as const;
export type Milestone = (typeof MILESTONE_KINDS)[number];

export const MILESTONES: Record<Milestone, { badge: string; sentence: string }> = {
  halfway: { badge: 'Halfway there', sentence: 'Halfway through my Uplift challenge' },
  completed: { badge: 'Challenge complete', sentence: 'I completed my Uplift challenge' },
};

export function isMilestone(value: unknown): value is Milestone {
  return typeof value === 'string' && (MILESTONE_KINDS as readonly string[]).includes(value);
}

/** The payments that make halfway: 2 of 4, 1 of 2, 2 of 3; none for a single payment. */
const halfwayAt = (count: number) => (count >= 2 ? Math.ceil(count / 2) : 0);

/** The milestone reached by exactly this payment (the `paid`-th received of `count`), if any. */
export function milestoneAt(paid: number, count: number): Milestone | null {
  if (count <= 0 || paid <= 0) return null;
  if (paid === count) return 'completed';
  return paid === halfwayAt(count) ? 'halfway' : null;
}

/** The highest milestone reached with `paid` of `count` payments received (the one badge /summary shows). */
export function highestMilestone(paid: number, count: number): Milestone | null {
  if (count <= 0 || paid <= 0) return null;
  if (paid >= count) return 'completed';
  return halfwayAt(count) > 0 && paid >= halfwayAt(count) ? 'halfway' : null;
}

/**
 * The link a donor shares: the landing page of their country, whose preview card (og:image)
 * carries the badge (`/share-image/{country}-{milestone}.png`).
 */
export function milestoneSharePath(country: CountryCode, milestone: Milestone): string {
  return `/?country=${country}&badge=${milestone}`;
}
