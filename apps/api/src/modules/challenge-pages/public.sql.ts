import { type SQL, sql } from 'drizzle-orm';

// "Is public", defined once by the owner of challenge_pages and teams (docs/decisions/146,
// product-rules §21): a page is public when its owner published it and no admin hid it; a deleted
// page is gone, and a draft, a hidden page and an unknown address all answer the same "not found".
// A team has no draft state: it is public unless an admin hid it, and it shows only its public
// member pages (teamMemberIsShown). Pages, teams, leaderboards,
// share cards, the sitemap and reports read these, never their own copy.

const plain = (alias: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`public.sql: "${alias}" is not a plain table alias`);
  return alias;
};

const isPublic = (page: string) => `(${plain(page)}.published_at is not null and ${page}.moderated_at is null)`;

/** The challenge_pages row aliased `page` (the table's own name by default, for Drizzle queries) is public. */
export const pageIsPublic = (page = 'challenge_pages'): SQL => sql.raw(isPublic(page));

/** The teams row aliased `team` (the table's own name by default) is public. */
export const teamIsPublic = (team = 'teams'): SQL => sql.raw(`(${plain(team)}.moderated_at is null)`);

/**
 * A team shows and counts only its public member pages: a draft or hidden member is neither
 * named nor added to the team's total (docs/decisions/154). The team page, its share card and
 * the team leaderboard read this.
 */
export const teamMemberIsShown = (page = 'challenge_pages'): SQL => pageIsPublic(page);

/**
 * A page's update (the page_updates row aliased `update`) is shown to anyone when no admin hid it
 * and its page (aliased `page`) is public (docs/decisions/166); reports of updates read this (173).
 */
export const updateIsShown = (update = 'page_updates', page = 'challenge_pages'): SQL => sql.raw(`(${plain(update)}.moderated_at is null and ${isPublic(page)})`);

/** The same rule for a page already read. */
export const isPublicPage = (page: { published_at: Date | null; moderated_at: Date | null }): boolean => page.published_at !== null && page.moderated_at === null;

/** The same rule for a team already read. */
export const isPublicTeam = (team: { moderated_at: Date | null }): boolean => team.moderated_at === null;
