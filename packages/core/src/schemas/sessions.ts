import { z } from 'zod';
import { timestampSchema } from './common.ts';

// The donor's signed-in devices on /account (docs/decisions/130): one per live sign-in.

/** One signed-in device: its browser and system (from the user agent), the country its IP was in, and when. */
export const accountSessionSchema = z.object({
  /** The sign-in (refresh-token family) this row is. */
  id: z.uuid(),
  browser: z.string(),
  system: z.string(),
  /** ISO 3166-1 alpha-2 code of the IP's country when the CDN said it; null when unknown. */
  country: z.string().nullable(),
  signed_in_at: timestampSchema,
  last_used_at: timestampSchema,
  /** The device asking. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

/** DELETE /api/account/sessions/:id */
export const sessionIdParamSchema = z.object({ id: z.uuid({ error: 'Session id must be a session from the list' }) });
