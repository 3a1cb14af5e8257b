import { z } from 'zod';
import { idSchema, safeText, timestampSchema } from './common.ts';

// Reports of pages, teams and friends' messages, and the admins' hiding of them
// (docs/decisions/141-moderation.md).

export const REPORT_SUBJECTS = ['page', 'team', 'message'] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];

/** At most this many characters of the reporter's words. */
export const REPORT_REASON_MAX = 500;

/** What the reporter is told once the report is in. */
export const REPORT_THANKS = 'Thank you, an admin will look at it';

const slugField = z
  .string({ error: 'slug: name the page or team' })
  .trim()
  .min(1, { error: 'slug: name the page or team' })
  .max(40, { error: 'slug: no page or team has that address' })
  .regex(/^[a-z0-9-]+$/, { error: 'slug: no page or team has that address' });

/** POST /api/reports: anyone, no account. A page or team by its slug, a message by its gift's id. */
export const reportRequestSchema = z
  .object({
    subject: z.enum(REPORT_SUBJECTS, { error: 'subject: must be page, team or message' }),
    slug: slugField.optional(),
    gift_id: z.number({ error: 'gift_id: must be the id of a gift' }).int({ error: 'gift_id: must be the id of a gift' }).positive({ error: 'gift_id: must be the id of a gift' }).max(2_147_483_647, { error: 'gift_id: must be the id of a gift' }).optional(),
    reason: safeText('reason', 'text', 'reason: say what is wrong', (reason) =>
      reason
        .trim()
        .min(1, { error: 'reason: say what is wrong' })
        .max(REPORT_REASON_MAX, { error: `reason: at most ${REPORT_REASON_MAX} characters` }),
    ),
  })
  .superRefine((r, ctx) => {
    if (r.subject === 'message' && r.gift_id === undefined) ctx.addIssue({ code: 'custom', path: ['gift_id'], message: 'gift_id: say which message' });
    if (r.subject !== 'message' && r.slug === undefined) ctx.addIssue({ code: 'custom', path: ['slug'], message: `slug: say which ${r.subject}` });
  });
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const reportAcceptedSchema = z.object({ message: z.string() });

/** One report as an admin sees it, with what was reported shown as text. */
export const adminReportSchema = z
  .object({
    id: idSchema,
    subject: z.enum(REPORT_SUBJECTS),
    reason: z.string(),
    created_at: timestampSchema,
    resolved_at: timestampSchema.nullable(),
    resolution: z.enum(['hidden', 'dismissed']).nullable(),
    /** The reported page (or the page the message was given on); null for a team. */
    page: z.object({ slug: z.string(), display_name: z.string(), hidden: z.boolean() }).nullable(),
    /** The reported team; null for a page or a message. */
    team: z.object({ slug: z.string(), name: z.string(), hidden: z.boolean() }).nullable(),
    /** The reported message; null for a page or a team. */
    gift: z.object({ id: idSchema, message: z.string(), hidden: z.boolean() }).nullable(),
  })
  .meta({ id: 'AdminReport' });
export type AdminReport = z.infer<typeof adminReportSchema>;

/** GET /api/admin/reports: open reports first (oldest first), then the latest resolved ones. */
export const adminReportListSchema = z.object({ reports: z.array(adminReportSchema) });
export type AdminReportList = z.infer<typeof adminReportListSchema>;

/** POST /api/admin/reports/{id}/resolve */
export const resolveReportSchema = z.object({ action: z.enum(['hide', 'dismiss'], { error: 'action: must be hide or dismiss' }) });
export type ResolveReport = z.infer<typeof resolveReportSchema>;

export const slugParamSchema = z.object({ slug: slugField });

const flag = (field: string) => z.boolean({ error: `${field}: must be true or false` });

/** PUT /api/admin/moderation/pages/{slug} and /teams/{slug}: hide or show it and/or its photo. */
export const moderationChangeSchema = z
  .object({ hidden: flag('hidden').optional(), photo_hidden: flag('photo_hidden').optional() })
  .refine((c) => c.hidden !== undefined || c.photo_hidden !== undefined, { error: 'hidden: say whether to hide or show it (or photo_hidden, its photo)', path: ['hidden'] });
export type ModerationChangeRequest = z.infer<typeof moderationChangeSchema>;

/** PUT /api/admin/moderation/gifts/{id}: hide or show a gift's message. */
export const giftModerationSchema = z.object({ message_hidden: flag('message_hidden') });

/** What an admin's hide/show answers: the subject's state after it. */
export const moderationStateSchema = z.object({ hidden: z.boolean(), photo_hidden: z.boolean() });
export const giftModerationStateSchema = z.object({ message_hidden: z.boolean() });
