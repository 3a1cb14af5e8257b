import { z } from 'zod';
import { idSchema } from './common.ts';

/** How a challenge is priced: by units (coffees, lunches) or by a commute's distance and parking. */
export const CHALLENGE_KINDS = ['units', 'commute'] as const;
export type ChallengeKind = (typeof CHALLENGE_KINDS)[number];

/** A challenge as the API answers it (product-rules §3), plus `kind` for the calculator. */
export const challengeSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    /** Names of SVG icons shipped with the web app (e.g. 'coffee'). */
    landing_page_icon: z.string(),
    icon: z.string(),
    unit: z.string(),
    description: z.string(),
    hashtag: z.string(),
    hashtag_link: z.string(),
    kind: z.enum(CHALLENGE_KINDS),
    is_enabled: z.boolean(),
  })
  .meta({ id: 'Challenge' });
export type Challenge = z.infer<typeof challengeSchema>;

/** GET /api/challenge/{campaign,default}/{country}: ordered by id, the order the totals follow. */
export const challengeListSchema = z.array(challengeSchema);
