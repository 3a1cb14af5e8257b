import { z } from 'zod';
import { idSchema, timestampSchema } from './common.ts';

/** GET /api/dev/mail (dev outbox only, never in production): the newest 100 mails. */
export const devMailListSchema = z.array(
  z.object({
    id: idSchema,
    to: z.string(),
    kind: z.string(),
    subject: z.string(),
    text: z.string(),
    created_at: timestampSchema,
  }),
);
export type DevMailList = z.infer<typeof devMailListSchema>;

/** GET /dev/mail: the same mails as an HTML page (text/html). */
export const devMailPageSchema = z.string().describe('An HTML page listing the newest 100 mails');
