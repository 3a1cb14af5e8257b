import { z } from 'zod';
import { idSchema, timestampSchema } from './common.ts';

/** A mail of the dev outbox (never in production). */
export const devMailSchema = z.object({
  id: idSchema,
  to: z.string(),
  kind: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: timestampSchema,
});
export type DevMail = z.infer<typeof devMailSchema>;

/** GET /api/dev/mail: the newest 100 mails. */
export const devMailListSchema = z.array(devMailSchema);

/** GET /dev/mail: the same mails as an HTML page (text/html). */
export const devMailPageSchema = z.string().describe('An HTML page listing the newest 100 mails');
