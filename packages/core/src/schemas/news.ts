import { z } from 'zod';
import { COUNTRY_CODES } from '../countries.ts';
import { idSchema, safeText, timestampSchema } from './common.ts';

// News the trust sends (docs/decisions/137, product-rules §20): an admin writes a subject and a
// text, sees each country's mail and how many will get it, then sends it to the donors who opted in.

const positiveId = (field: string) => z.number({ error: `${field}: must be the id of one` }).int({ error: `${field}: must be a whole number` }).positive({ error: `${field}: must be the id of one` });

/** Who gets it: the donors of a campaign who opted in to Uplift news, or a charity's donors who opted in to its news. */
export const newsAudienceSchema = z.discriminatedUnion(
  'kind',
  [z.object({ kind: z.literal('campaign'), campaign_id: positiveId('audience.campaign_id') }), z.object({ kind: z.literal('charity'), recipient_id: positiveId('audience.recipient_id') })],
  { error: 'audience: choose a campaign (Uplift news) or a charity (its news)' },
);
export type NewsAudience = z.infer<typeof newsAudienceSchema>;

/** POST /api/admin/news/preview: what would be sent. */
export const newsDraftSchema = z.object({
  // The subject becomes a mail's Subject header: one line, never a line break (docs/decisions/152).
  subject: safeText('subject', 'line', 'subject: write a subject', (subject) =>
    subject.trim().min(1, { error: 'subject: write a subject' }).max(150, { error: 'subject: at most 150 characters' }),
  ),
  text: safeText('text', 'text', 'text: write the update', (text) => text.trim().min(1, { error: 'text: write the update' }).max(10_000, { error: 'text: at most 10,000 characters' })),
  audience: newsAudienceSchema,
});
export type NewsDraft = z.infer<typeof newsDraftSchema>;

/** POST /api/admin/news: sends it; `recipients` is the count the admin was shown (a changed audience is refused). */
export const newsSendSchema = newsDraftSchema.extend({
  recipients: z.number({ error: 'recipients: the count shown in the preview' }).int({ error: 'recipients: the count shown in the preview' }).min(0, { error: 'recipients: the count shown in the preview' }),
});
export type NewsSend = z.infer<typeof newsSendSchema>;

export const newsPreviewSchema = z
  .object({
    /** How many donors would get it now. */
    recipients: z.number().int(),
    /** The mail as a donor of each country would get it. */
    previews: z.array(z.object({ country: z.enum(COUNTRY_CODES), subject: z.string(), text: z.string() })),
  })
  .meta({ id: 'NewsPreview' });
export type NewsPreview = z.infer<typeof newsPreviewSchema>;

export const newsUpdateSchema = z
  .object({
    id: idSchema,
    subject: z.string(),
    status: z.enum(['sending', 'sent']),
    recipients: z.number().int(),
    queued: z.number().int(),
    created_at: timestampSchema,
    finished_at: timestampSchema.nullable(),
  })
  .meta({ id: 'NewsUpdate' });
export type NewsUpdate = z.infer<typeof newsUpdateSchema>;
