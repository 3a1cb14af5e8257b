import { z } from 'zod';
import { idSchema, safeText, timestampSchema } from './common.ts';

// Reports of pages, teams, friends' messages and owners' updates, and the admins' hiding of them
// (docs/decisions/141-moderation.md, 173).

export const REPORT_SUBJECTS = ['page', 'team', 'message', 'update'] as const;
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

/** A positive 32-bit id, its errors naming the field. */
const idField = (field: string, what: string) => {
  const error = `${field}: must be the id of ${what}`;
  return z.number({ error }).int({ error }).positive({ error }).max(2_147_483_647, { error });
};

/** POST /api/reports: anyone, no account. A page or team by its slug, a message by its gift's id, an update by its id. */
export const reportRequestSchema = z
  .object({
    subject: z.enum(REPORT_SUBJECTS, { error: 'subject: must be page, team, message or update' }),
    slug: slugField.optional(),
    gift_id: idField('gift_id', 'a gift').optional(),
    update_id: idField('update_id', 'an update').optional(),
    reason: safeText('reason', 'text', 'reason: say what is wrong', (reason) =>
      reason
        .trim()
        .min(1, { error: 'reason: say what is wrong' })
        .max(REPORT_REASON_MAX, { error: `reason: at most ${REPORT_REASON_MAX} characters` }),
    ),
  })
  .superRefine((r, ctx) => {
    if (r.subject === 'message' && r.gift_id === undefined) ctx.addIssue({ code: 'custom', path: ['gift_id'], message: 'gift_id: say which message' });
    if (r.subject === 'update' && r.update_id === undefined) ctx.addIssue({ code: 'custom', path: ['update_id'], message: 'update_id: say which update' });
    if ((r.subject === 'page' || r.subject === 'team') && r.slug === undefined) ctx.addIssue({ code: 'custom', path: ['slug'], message: `slug: say which ${r.subject}` });
  });
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const reportAcceptedSchema = z.object({ message: z.string() });

/** At most this many characters of the reason an admin gives for hiding something (mailed to its owner). */
export const MODERATION_REASON_MAX = 500;

/** Why an admin hides something: mailed to the owner and shown in their editor (docs/decisions/159). */
const moderationReason = safeText('reason', 'text', 'reason: say why, for the owner', (reason) =>
  reason
    .trim()
    .min(1, { error: 'reason: say why, for the owner' })
    .max(MODERATION_REASON_MAX, { error: `reason: at most ${MODERATION_REASON_MAX} characters` }),
);
const REASON_NEEDED = 'reason: say why, for the owner (they are mailed it)';

/** One report as an admin sees it, with what was reported shown as text, a link to it and its photo's thumbnail. */
export const adminReportSchema = z
  .object({
    id: idSchema,
    subject: z.enum(REPORT_SUBJECTS),
    reason: z.string(),
    created_at: timestampSchema,
    resolved_at: timestampSchema.nullable(),
    resolution: z.enum(['hidden', 'dismissed']).nullable(),
    /** The reported page (or the page the message was given on or the update posted on); null for a team. */
    page: z.object({ slug: z.string(), display_name: z.string(), hidden: z.boolean(), photo_hidden: z.boolean(), story_hidden: z.boolean() }).nullable(),
    /** The reported team; null for a page or a message. */
    team: z.object({ slug: z.string(), name: z.string(), hidden: z.boolean(), photo_hidden: z.boolean(), story_hidden: z.boolean() }).nullable(),
    /** The reported message; null for a page or a team. */
    gift: z.object({ id: idSchema, message: z.string(), hidden: z.boolean() }).nullable(),
    /** The reported update, its text; null for anything else, and once its owner deleted it (the report stays, docs/decisions/173). */
    update: z.object({ id: idSchema, body: z.string(), hidden: z.boolean() }).nullable(),
    /** Where what was reported is: `/p/{slug}` (a page, or the page a message or update is on) or `/t/{slug}`; null once it is gone. */
    url: z.string().nullable(),
    /** A small picture of its photo while the public can see it (the card size); null when it has none or it is hidden. */
    thumbnail_url: z.string().nullable(),
  })
  .meta({ id: 'AdminReport' });
export type AdminReport = z.infer<typeof adminReportSchema>;

/** GET /api/admin/reports: open reports first (oldest first), then the latest resolved ones. */
export const adminReportListSchema = z.object({ reports: z.array(adminReportSchema) });
export type AdminReportList = z.infer<typeof adminReportListSchema>;

/**
 * What resolving a report does: `hide` hides what was reported (the page, the team, the message or the update);
 * `hide_photo` and `hide_story` take only the photo or the story of a reported page or team off it;
 * `dismiss` closes the report. Every hide needs a reason, which is mailed to the owner.
 */
export const REPORT_ACTIONS = ['hide', 'hide_photo', 'hide_story', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** POST /api/admin/reports/{id}/resolve */
export const resolveReportSchema = z
  .object({ action: z.enum(REPORT_ACTIONS, { error: 'action: must be hide, hide_photo, hide_story or dismiss' }), reason: moderationReason.optional() })
  .superRefine((r, ctx) => {
    if (r.action !== 'dismiss' && r.reason === undefined) ctx.addIssue({ code: 'custom', path: ['reason'], message: REASON_NEEDED });
  });
export type ResolveReport = z.infer<typeof resolveReportSchema>;

export const slugParamSchema = z.object({ slug: slugField });

const flag = (field: string) => z.boolean({ error: `${field}: must be true or false` });

/** PUT /api/admin/moderation/pages/{slug} and /teams/{slug}: hide or show it, its photo and/or its story; a hide needs a reason. */
export const moderationChangeSchema = z
  .object({ hidden: flag('hidden').optional(), photo_hidden: flag('photo_hidden').optional(), story_hidden: flag('story_hidden').optional(), reason: moderationReason.optional() })
  .refine((c) => c.hidden !== undefined || c.photo_hidden !== undefined || c.story_hidden !== undefined, {
    error: 'hidden: say whether to hide or show it (or photo_hidden, its photo, or story_hidden, its story)',
    path: ['hidden'],
  })
  .superRefine((c, ctx) => {
    if ((c.hidden === true || c.photo_hidden === true || c.story_hidden === true) && c.reason === undefined) ctx.addIssue({ code: 'custom', path: ['reason'], message: REASON_NEEDED });
  });
export type ModerationChangeRequest = z.infer<typeof moderationChangeSchema>;

/** PUT /api/admin/moderation/gifts/{id}: hide or show a gift's message; a hide needs a reason. */
export const giftModerationSchema = z.object({ message_hidden: flag('message_hidden'), reason: moderationReason.optional() }).superRefine((c, ctx) => {
  if (c.message_hidden && c.reason === undefined) ctx.addIssue({ code: 'custom', path: ['reason'], message: REASON_NEEDED });
});
export type GiftModerationRequest = z.infer<typeof giftModerationSchema>;

/** What an admin's hide/show answers: the subject's state after it. */
export const moderationStateSchema = z.object({ hidden: z.boolean(), photo_hidden: z.boolean(), story_hidden: z.boolean() });
export const giftModerationStateSchema = z.object({ message_hidden: z.boolean() });
