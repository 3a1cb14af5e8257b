import { z } from 'zod';
import { COUNTRY_CODES } from '../countries.ts';
import { countryCodeSchema } from './common.ts';

// GET /api/leaderboards?country=NZ|UK (docs/decisions/140-leaderboards.md): the top pages and teams
// of the country's open campaign by what they raised: money received, their pledges' payments and
// friends' gifts, each net of refunds (product-rules §21, §22; docs/decisions/161), never an unpaid
// pledge. Amounts are minor units of the country's currency.

/** How many pages and how many teams a leaderboard lists. */
export const LEADERBOARD_SIZE = 10;

export const leaderboardQuerySchema = z.object({ country: countryCodeSchema });

/** A page on the leaderboard: its owner's first name and initial from the account ("Sam K."), never the free display name. */
export const leaderboardPageSchema = z.object({
  rank: z.number().int().min(1),
  name: z.string(),
  slug: z.string(),
  /** Minor units: money received, the pledge's payments and friends' gifts, net of refunds (the page's `raised.total`). */
  raised: z.number().int(),
  /** Minor units: what sponsors' matches added, net of releases; its own line, never in `raised` nor the rank (product-rules §23). */
  matched: z.number().int().min(0),
});
export type LeaderboardPage = z.infer<typeof leaderboardPageSchema>;

/** A team on the leaderboard: its name, its slug, the sum over its public member pages, and how many those are. */
export const leaderboardTeamSchema = z.object({
  rank: z.number().int().min(1),
  name: z.string(),
  slug: z.string(),
  raised: z.number().int(),
  members: z.number().int().min(0),
  /** What sponsors' matches added to those pages, apart from `raised`. */
  matched: z.number().int().min(0),
});
export type LeaderboardTeam = z.infer<typeof leaderboardTeamSchema>;

export const leaderboardResponseSchema = z
  .object({
    country: z.enum(COUNTRY_CODES),
    campaign_id: z.number().int(),
    pages: z.array(leaderboardPageSchema),
    teams: z.array(leaderboardTeamSchema),
  })
  .meta({ id: 'Leaderboard' });
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;
