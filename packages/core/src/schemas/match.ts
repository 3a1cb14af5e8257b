import { z } from 'zod';
import { MATCH_APPLIES_TO, MATCH_RATIOS, MATCH_STATUSES } from '../match.ts';
import { isHttpsUrl } from './admin-charities.ts';
import { normaliseSlug, slugProblem, SLUG_MESSAGES } from '../slug.ts';
import { idSchema, positiveIdField, safeText, timestampSchema } from './common.ts';

// Match funds (docs/product-rules.md §23, docs/decisions/160-match-funds.md): what an admin sends
// and what the API answers. Money is in the campaign currency's minor units, as whole numbers.

export const SPONSOR_NAME_MAX = 80;

// A sponsor's logo (docs/decisions/169-sponsor-logos-stored.md): uploaded as a file, checked and
// re-encoded on the server by the photo pipeline, served from our own origin.
/** Largest logo file accepted, in bytes (1 MB). */
export const LOGO_MAX_BYTES = 1024 * 1024;
/** Its base64 length (4 characters per 3 bytes), with room for a data: URL prefix. */
export const LOGO_MAX_BASE64 = Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 100;
/** The largest logo decoded, in pixels (16 megapixels): more is refused before decoding. */
export const LOGO_MAX_PIXELS = 16_000_000;
/** The smallest logo accepted, in pixels (after turning it upright). */
export const LOGO_MIN_WIDTH = 64;
export const LOGO_MIN_HEIGHT = 32;
/** The stored logo's width at most (never enlarged): shown 32 px high, sharp on a dense screen. */
export const LOGO_STORED_WIDTH = 480;
/** The smallest cap: 1.00 in the campaign's currency. */
export const MATCH_CAP_MIN = 100;
/** The largest cap: 1,000,000.00 in the campaign's currency. */
export const MATCH_CAP_MAX = 100_000_000;

export const MATCH_MESSAGES = {
  sponsorNameRequired: 'Sponsor name: write the name givers will read',
  sponsorNameTooLong: `Sponsor name: at most ${SPONSOR_NAME_MAX} characters`,
  logoRequired: 'Sponsor logo: choose a JPEG, PNG or WebP file of at most 1 MB',
  logoType: 'Sponsor logo: a JPEG, PNG or WebP image',
  logoTooLarge: 'Sponsor logo: at most 1 MB',
  logoUnreadable: 'Sponsor logo: the file could not be read as an image; please choose another',
  logoTooSmall: 'Sponsor logo: at least 64 × 32 pixels',
  logoTooManyPixels: 'Sponsor logo: at most 16 megapixels',
  linkInvalid: 'Sponsor link: a web address starting with https://',
  ratioInvalid: 'Ratio: 1 (1:1), 2 (2:1) or 3 (3:1)',
  capInvalid: `Cap: a whole number of cents or pence, from ${MATCH_CAP_MIN} to ${MATCH_CAP_MAX.toLocaleString('en')}`,
  startsInvalid: 'Starts at: an ISO date and time, such as 2026-12-01T00:00:00Z',
  endsInvalid: 'Ends at: an ISO date and time, such as 2026-12-31T23:59:59Z',
  endsBeforeStarts: 'Ends at: after the start',
  appliesToInvalid: "Applies to: 'gifts', 'payments' or 'both'",
  statusInvalid: "Status: 'active', 'paused' or 'ended'",
  oneNarrowing: 'Narrow a match to at most one of a charity, a team or a page',
  nothingToChange: 'Send at least one field to change',
} as const;

const ratioField = z.union(
  MATCH_RATIOS.map((r) => z.literal(r)),
  { error: MATCH_MESSAGES.ratioInvalid },
);

const capField = z
  .number({ error: MATCH_MESSAGES.capInvalid })
  .int({ error: MATCH_MESSAGES.capInvalid })
  .min(MATCH_CAP_MIN, { error: MATCH_MESSAGES.capInvalid })
  .max(MATCH_CAP_MAX, { error: MATCH_MESSAGES.capInvalid });

const sponsorNameField = safeText('Sponsor name', 'line', MATCH_MESSAGES.sponsorNameRequired, (name) =>
  name.trim().min(1, { error: MATCH_MESSAGES.sponsorNameRequired }).max(SPONSOR_NAME_MAX, { error: MATCH_MESSAGES.sponsorNameTooLong }),
);

const httpsField = (message: string) => z.string({ error: message }).trim().max(500, { error: message }).refine(isHttpsUrl, { error: message });

/** An instant as sent: ISO 8601 with a zone ('Z' or an offset). */
const instantField = (message: string) => z.iso.datetime({ offset: true, error: message });

/** A page's or team's address as typed (the slug rule of challenge-pages, without importing it: it imports this file). */
const slugField = z
  .string({ error: SLUG_MESSAGES.required })
  .max(200, { error: SLUG_MESSAGES.tooLong })
  .transform(normaliseSlug)
  .superRefine((slug, ctx) => {
    const problem = slugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const appliesToField = z.enum(MATCH_APPLIES_TO, { error: MATCH_MESSAGES.appliesToInvalid });
const statusField = z.enum(MATCH_STATUSES, { error: MATCH_MESSAGES.statusInvalid });

const instantsParsed = (value: unknown, keys: string[]) => {
  const v = value as Record<string, unknown> | undefined;
  return keys.every((k) => typeof v?.[k] === 'string' && !Number.isNaN(Date.parse(v[k] as string)));
};

// Requests

/** POST /api/admin/campaigns/{id}/matches */
export const matchCreateSchema = z
  .object({
    sponsor_name: sponsorNameField,
    sponsor_link: httpsField(MATCH_MESSAGES.linkInvalid).optional(),
    ratio: ratioField,
    cap_minor: capField,
    starts_at: instantField(MATCH_MESSAGES.startsInvalid),
    ends_at: instantField(MATCH_MESSAGES.endsInvalid),
    applies_to: appliesToField,
    recipient_id: positiveIdField().optional(),
    team_slug: slugField.optional(),
    page_slug: slugField.optional(),
  })
  .refine((m) => Date.parse(m.ends_at) > Date.parse(m.starts_at), {
    error: MATCH_MESSAGES.endsBeforeStarts,
    path: ['ends_at'],
    when: (payload) => instantsParsed(payload.value, ['starts_at', 'ends_at']),
  })
  .refine((m) => [m.recipient_id, m.team_slug, m.page_slug].filter((n) => n !== undefined).length <= 1, {
    error: MATCH_MESSAGES.oneNarrowing,
    path: ['recipient_id'],
  });
export type MatchCreate = z.input<typeof matchCreateSchema>;
export type MatchCreateParsed = z.output<typeof matchCreateSchema>;

/**
 * PATCH /api/admin/matches/{id}: what may change once a match runs. A cap may be raised, or lowered
 * no lower than what is already matched (409 match.cap_below_matched); null clears the link. The logo
 * has routes of its own (PUT and DELETE /api/admin/matches/{id}/logo).
 */
export const matchUpdateSchema = z
  .object({
    sponsor_name: sponsorNameField,
    sponsor_link: httpsField(MATCH_MESSAGES.linkInvalid).nullable(),
    cap_minor: capField,
    ends_at: instantField(MATCH_MESSAGES.endsInvalid),
    status: statusField,
  })
  .partial()
  .refine((m) => Object.values(m).some((v) => v !== undefined), { error: MATCH_MESSAGES.nothingToChange });
export type MatchUpdate = z.input<typeof matchUpdateSchema>;
export type MatchUpdateParsed = z.output<typeof matchUpdateSchema>;

/** PUT /api/admin/matches/{id}/logo: the logo file in base64 (its type is read from its bytes). */
export const matchLogoRequestSchema = z.object({
  logo_base64: z
    .string({ error: MATCH_MESSAGES.logoRequired })
    .min(1, { error: MATCH_MESSAGES.logoRequired })
    .max(LOGO_MAX_BASE64, { error: MATCH_MESSAGES.logoTooLarge })
    .describe('The logo file in base64; its type is read from its content (JPEG, PNG or WebP)'),
});
export type MatchLogoRequest = z.infer<typeof matchLogoRequestSchema>;

// Answers

const minor = z.number().int();

/** What a giver sees of a match: who adds how much, and how much of its cap is left. */
export const publicMatchSchema = z
  .object({
    id: idSchema,
    sponsor_name: z.string(),
    /** Our own address of the stored logo (/api/matches/{id}/logo?v=…), or null. */
    sponsor_logo_url: z.string().nullable(),
    /** The stored logo's pixels (null without a logo): the page sets them, so nothing moves as it loads. */
    sponsor_logo_width: z.number().int().positive().nullable(),
    sponsor_logo_height: z.number().int().positive().nullable(),
    sponsor_link: z.string().nullable(),
    ratio: z.union(MATCH_RATIOS.map((r) => z.literal(r))),
    cap_minor: minor,
    /** Matched so far, net of what refunds released. */
    matched_minor: minor,
    /** cap_minor − matched_minor, never below 0. */
    left_minor: minor,
    ends_at: timestampSchema,
  })
  .meta({ id: 'PublicMatch', description: 'A sponsor adds ratio × each matched gift or payment until its cap (minor units) is used' });
export type PublicMatch = z.infer<typeof publicMatchSchema>;

export const matchOwedSchema = z.object({ recipient_id: idSchema, recipient_name: z.string(), owed_minor: minor });
export type MatchOwed = z.infer<typeof matchOwedSchema>;

export const adminMatchSchema = publicMatchSchema
  .extend({
    campaign_id: idSchema,
    starts_at: timestampSchema,
    applies_to: z.enum(MATCH_APPLIES_TO),
    recipient_id: idSchema.nullable(),
    team_id: idSchema.nullable(),
    page_id: idSchema.nullable(),
    /** What it was narrowed to; a page or team deleted since keeps it (its id null): it matches nothing. */
    narrowed_to: z.enum(['campaign', 'charity', 'team', 'page']),
    /** What it is narrowed to, by name: the charity's, team's or page's (null: the whole campaign, or a team or page since deleted). */
    narrowed_name: z.string().nullable(),
    /** The narrowed team's or page's address (/t/{slug}, /p/{slug}); null otherwise. */
    narrowed_path: z.string().nullable(),
    status: z.enum(MATCH_STATUSES),
    created_at: timestampSchema,
    /** What the sponsor owes each charity: its matched entries net of releases. */
    owed: z.array(matchOwedSchema),
  })
  .meta({ id: 'AdminMatch' });
export type AdminMatch = z.infer<typeof adminMatchSchema>;

export const adminMatchListSchema = z.object({ matches: z.array(adminMatchSchema) }).meta({ id: 'AdminMatchList' });
export type AdminMatchList = z.infer<typeof adminMatchListSchema>;

/** GET /api/admin/matches/{id}/matched.csv */
export const matchedCsvSchema = z.string().describe("The sponsor's statement as CSV (text/csv; charset=utf-8, with a byte-order mark): receipt, date, page, charity, gift, matched");
