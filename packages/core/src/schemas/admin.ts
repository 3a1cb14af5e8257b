import { z } from 'zod';
import { userSchema } from './auth.ts';
import { PLEDGE_STATUSES } from '../statuses.ts';
import { idSchema, isId, timestampSchema } from './common.ts';
import { recipientChoiceSchema } from './recipient.ts';

// The admin screens' requests and answers (product-rules §2 "Admin", §7). Campaign administration's
// answers live with the campaign in campaign.ts.

export const USER_SORT_COLUMNS = ['id', 'last_name', 'email', 'country'] as const;
export type UserSort = (typeof USER_SORT_COLUMNS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const USER_PAGE_SIZE_MAX = 100;

const PAGE_MESSAGE = 'page must be a whole number of 1 or more';
const PAGE_SIZE_MESSAGE = `page_size must be a whole number from 1 to ${USER_PAGE_SIZE_MAX}`;

/** GET /api/auth/all_users?page=&page_size=&search=&sort=&order= — all optional. */
export const userListQuerySchema = z.object({
  page: z.coerce
    .number({ error: PAGE_MESSAGE })
    .int({ error: PAGE_MESSAGE })
    .min(1, { error: PAGE_MESSAGE })
    .max(1_000_000, { error: 'page is too large' })
    .default(1),
  page_size: z.coerce
    .number({ error: PAGE_SIZE_MESSAGE })
    .int({ error: PAGE_SIZE_MESSAGE })
    .min(1, { error: PAGE_SIZE_MESSAGE })
    .max(USER_PAGE_SIZE_MAX, { error: PAGE_SIZE_MESSAGE })
    .default(25),
  search: z.string().trim().max(100, { error: 'search must be at most 100 characters long' }).default(''),
  sort: z.enum(USER_SORT_COLUMNS, { error: `sort must be one of ${USER_SORT_COLUMNS.join(', ')}` }).default('id'),
  order: z.enum(SORT_ORDERS, { error: 'order must be asc or desc' }).default('asc'),
  /** Only donors with a pledge (not Pending) in this campaign; their pledge in it is shown (decision 057). */
  campaign_id: z.coerce
    .number({ error: 'campaign_id must be a campaign id' })
    .refine(isId, { error: 'campaign_id must be a campaign id' })
    .optional(),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

/**
 * A row of the admin user table: the account and its pledge (in the filtered campaign, or its
 * latest); null when it has none. The amount is a decimal amount of the pledge's currency.
 */
export const adminUserSchema = userSchema.extend({
  pledge_status: z.enum(PLEDGE_STATUSES).nullable(),
  pledge_amount: z.number().nullable(),
  pledge_campaign_id: idSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** POST /api/admin/users/{id}/resend-activation */
export const resendActivationResponseSchema = z.object({ message: z.string() });

/** At most this many activation mails per account per hour, from registration and resends together. */
export const RESEND_ACTIVATION_MAX_PER_HOUR = 3;

/** GET /api/auth/all_users: one page of accounts and how many match in all. */
export const userPageSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
});
export type UserPage = z.infer<typeof userPageSchema>;

/** GET /api/admin/recipients: every charity of both countries, for the export screen's choice. */
export const adminRecipientListSchema = z.array(recipientChoiceSchema);

const choiceField = (name: string) =>
  z.coerce.number({ error: `Please choose a ${name}` }).refine(isId, { error: `Please choose a ${name}` });

/** GET /api/admin/exports/charity?recipient_id=&campaign_id= */
export const charityExportQuerySchema = z.object({
  recipient_id: choiceField('charity'),
  campaign_id: choiceField('campaign'),
});
export type CharityExportQuery = z.output<typeof charityExportQuerySchema>;

/** GET /api/admin/exports/charity answers a CSV file (text/csv), not JSON. */
export const charityExportCsvSchema = z.string().describe('The donor list as CSV (text/csv; charset=utf-8, with a byte-order mark)');

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 500';

/** GET /api/admin/exports?limit= */
export const exportListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(500, { error: LIMIT_MESSAGE })
    .default(50),
});

/** A charity export made (who, when, for which charity and campaign, how many rows). */
export const charityExportRecordSchema = z.object({
  id: idSchema,
  created_at: timestampSchema,
  row_count: z.number().int().min(0),
  admin_user_id: idSchema,
  // Joined for display; null if the row they name has gone.
  admin_email: z.string().nullable(),
  recipient_id: idSchema,
  recipient_name: z.string().nullable(),
  campaign_id: idSchema,
  campaign_name: z.string().nullable(),
});
export type CharityExportRecord = z.infer<typeof charityExportRecordSchema>;

/** GET /api/admin/exports: the newest exports first. */
export const exportListResponseSchema = z.object({ exports: z.array(charityExportRecordSchema) });
export type ExportListResponse = z.infer<typeof exportListResponseSchema>;

/** What an admin did, as recorded in the admin audit (docs/decisions/076). */
export const ADMIN_AUDIT_ACTIONS = [
  'campaign.create',
  'campaign.edit',
  'campaign.delete',
  'campaign.deactivate_past',
  'campaign.photo_set',
  'campaign.photo_delete',
  'campaign.offer_set',
  'campaign.payout',
  'campaign.payout_correction',
  'donors.export',
  'charity.create',
  'charity.edit',
  'charity.delete',
  'charity.photo_set',
  'charity.photo_delete',
  'challenge.create',
  'challenge.edit',
  'challenge.delete',
  'news.send',
  // Moderation (docs/decisions/141-moderation.md): a report resolved, a page, team or message hidden or shown.
  'report.hide',
  'report.dismiss',
  'page.moderate',
  'team.moderate',
  'gift.moderate',
  'user.resend_activation',
  'user.sessions_revoke',
  'payment.refund',
  'gift.refund',
  'two_factor.enrol',
  'two_factor.recovery_code_used',
  'two_factor.reset',
  // Match funds (docs/decisions/160-match-funds.md): made, edited, paused, resumed, ended.
  'match.create',
  'match.edit',
  'match.pause',
  'match.resume',
  'match.end',
  // Testimonials for the landing (docs/decisions/167-honest-social-proof.md): added, edited, deleted.
  'testimonial.create',
  'testimonial.edit',
  'testimonial.delete',
] as const;

/** GET /api/admin/audit?limit= */
export const adminAuditQuerySchema = exportListQuerySchema;

/** One admin action: who, what, when, and the record before and after (null where there is none). */
export const adminAuditEntrySchema = z.object({
  id: idSchema,
  created_at: timestampSchema,
  admin_user_id: idSchema.nullable(),
  // Joined for display; null if the admin's account has gone.
  admin_email: z.string().nullable(),
  action: z.enum(ADMIN_AUDIT_ACTIONS),
  target: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/** GET /api/admin/audit: the newest actions first. */
export const adminAuditListSchema = z.object({ entries: z.array(adminAuditEntrySchema) });
