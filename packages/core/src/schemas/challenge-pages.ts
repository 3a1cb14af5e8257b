import { z } from 'zod';
import { COUNTRY_CODES } from '../countries.ts';
import { CAPTAIN_MESSAGE_MAX, COVER_MIN_HEIGHT, COVER_MIN_WIDTH, UPDATE_MAX } from '../page-backing.ts';
import { PHOTO_MAX_BYTES } from './admin-charities.ts';
import { idSchema, safeText, timestampSchema } from './common.ts';
import { publicMatchSchema } from './match.ts';
import { SHARE_MESSAGE_MAX } from '../share.ts';
import { normaliseSlug, slugProblem, SLUG_MESSAGES } from '../slug.ts';

// Challenge pages (/p/{slug}) and teams (/t/{slug}) (docs/decisions/139-fundraising-photos.md,
// 142-server-rendered-pages-and-teams.md): what a participant writes and what anyone reads.
// Money is in the campaign currency's minor units (cents, pence), as whole numbers.

export const DISPLAY_NAME_MAX = 60;
export const TEAM_NAME_MAX = 60;
export const STORY_MAX = 1000;
/** The largest goal: 100,000.00 in the campaign's currency. */
export const GOAL_MAX_MINOR = 10_000_000;
/** A person's photo may be smaller than a charity's (decision 139). */
export const PAGE_PHOTO_MIN_WIDTH = 200;
export const PAGE_PHOTO_MIN_HEIGHT = 200;
// A page's cover, updates and captain's message (docs/decisions/166): their limits live in zod-free
// core (page-backing.ts), so the public page's first load reads them without the schemas.
export { CAPTAIN_MESSAGE_MAX, COVER_ASPECT, COVER_FULL_WIDTH, COVER_MIN_HEIGHT, COVER_MIN_WIDTH, COVER_SMALL_WIDTH, UPDATE_MAX, UPDATES_SHOWN } from '../page-backing.ts';
/** Gifts shown per request on a page ("more" asks for the next ones). */
export const GIFTS_PER_PAGE = 20;

export const PAGE_MESSAGES = {
  displayNameRequired: 'Display name: write the name your friends know you by',
  displayNameTooLong: `Display name: at most ${DISPLAY_NAME_MAX} characters`,
  storyTooLong: `Story: at most ${STORY_MAX.toLocaleString('en')} characters`,
  shareMessageTooLong: `Share message: at most ${SHARE_MESSAGE_MAX} characters`,
  goalInvalid: 'Goal: a whole number of cents or pence, more than 0',
  goalTooLarge: `Goal: at most ${(GOAL_MAX_MINOR / 100).toLocaleString('en')}`,
  teamNameRequired: 'Team name: write a name for the team',
  teamNameTooLong: `Team name: at most ${TEAM_NAME_MAX} characters`,
  photoRequired: 'Photo: choose a JPEG, PNG or WebP picture',
  photoTooLarge: 'Photo: at most 5 MB',
  photoType: 'Photo: only JPEG, PNG or WebP pictures',
  photoUnreadable: 'Photo: this file could not be read as a picture',
  photoTooSmall: `Photo: at least ${PAGE_PHOTO_MIN_WIDTH} × ${PAGE_PHOTO_MIN_HEIGHT} pixels`,
  photoTooManyPixels: 'Photo: too many pixels (at most 40 megapixels)',
  cursorInvalid: 'cursor: not a cursor this list gave',
  coverRequired: 'Cover photo: choose a JPEG, PNG or WebP picture',
  coverTooLarge: 'Cover photo: at most 5 MB',
  coverType: 'Cover photo: only JPEG, PNG or WebP pictures',
  coverUnreadable: 'Cover photo: this file could not be read as a picture',
  coverTooSmall: `Cover photo: at least ${COVER_MIN_WIDTH} × ${COVER_MIN_HEIGHT} pixels (it is shown wide, cropped to 3:1)`,
  coverTooManyPixels: 'Cover photo: too many pixels (at most 40 megapixels)',
  updateRequired: 'Update: write something',
  updateTooLong: `Update: at most ${UPDATE_MAX} characters`,
  captainMessageTooLong: `Captain’s message: at most ${CAPTAIN_MESSAGE_MAX} characters`,
} as const;

/** An address as typed: trimmed, lowercased, then checked against the slug rule (the message names the rule). */
export const slugField = z
  .string({ error: SLUG_MESSAGES.required })
  .max(200, { error: SLUG_MESSAGES.tooLong })
  .transform(normaliseSlug)
  .superRefine((slug, ctx) => {
    const problem = slugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const displayNameField = safeText('Display name', 'line', PAGE_MESSAGES.displayNameRequired, (name) =>
  name.trim().min(1, { error: PAGE_MESSAGES.displayNameRequired }).max(DISPLAY_NAME_MAX, { error: PAGE_MESSAGES.displayNameTooLong }),
);

/** Plain text: kept as written, CRLF read as a line break (HTML stays text and is shown as text). */
/** The owner's share message: one paragraph, at most SHARE_MESSAGE_MAX characters (docs/decisions/164). */
const shareMessageField = safeText('Share message', 'message', PAGE_MESSAGES.shareMessageTooLong, (text) => text.trim().max(SHARE_MESSAGE_MAX, { error: PAGE_MESSAGES.shareMessageTooLong }));
const storyField = safeText('Story', 'text', PAGE_MESSAGES.storyTooLong, (story) => story.max(STORY_MAX, { error: PAGE_MESSAGES.storyTooLong }));

const goalField = z
  .number({ error: PAGE_MESSAGES.goalInvalid })
  .int({ error: PAGE_MESSAGES.goalInvalid })
  .min(1, { error: PAGE_MESSAGES.goalInvalid })
  .max(GOAL_MAX_MINOR, { error: PAGE_MESSAGES.goalTooLarge });

const teamNameField = safeText('Team name', 'line', PAGE_MESSAGES.teamNameRequired, (name) =>
  name.trim().min(1, { error: PAGE_MESSAGES.teamNameRequired }).max(TEAM_NAME_MAX, { error: PAGE_MESSAGES.teamNameTooLong }),
);

const flag = (field: string) => z.boolean({ error: `${field}: true or false` });

// Requests

/** GET /api/pages/slug-available?slug=&kind=page|team */
export const slugAvailableQuerySchema = z.object({
  slug: z.string({ error: SLUG_MESSAGES.required }).max(200, { error: SLUG_MESSAGES.tooLong }),
  kind: z.enum(['page', 'team'], { error: "kind: 'page' or 'team'" }).default('page'),
});
export const slugAvailableSchema = z.object({ available: z.boolean(), message: z.string().optional() }).meta({ id: 'SlugAvailable' });
export type SlugAvailable = z.infer<typeof slugAvailableSchema>;

/** POST /api/my-page: a draft for the donor's Confirmed pledge; what is left out takes its default. */
export const createPageSchema = z.object({
  slug: slugField,
  display_name: displayNameField.optional(),
  story: storyField.optional(),
  goal: goalField.optional(),
  on_leaderboard: flag('on_leaderboard').optional(),
  gift_mails: flag('gift_mails').optional(),
});
export type CreatePage = z.input<typeof createPageSchema>;

/** PATCH /api/my-page: any of the page's fields; `published` publishes (true) or hides it again (false). */
export const updatePageSchema = z.object({
  slug: slugField.optional(),
  display_name: displayNameField.optional(),
  story: storyField.optional(),
  goal: goalField.optional(),
  on_leaderboard: flag('on_leaderboard').optional(),
  gift_mails: flag('gift_mails').optional(),
  published: flag('published').optional(),
  /** The owner's share message (docs/decisions/164); '' or null goes back to the country's default. */
  share_message: shareMessageField.nullable().optional(),
});
export type UpdatePage = z.input<typeof updatePageSchema>;

/** PUT /api/my-page/photo and PUT /api/teams/:slug/photo: base64 of the picture (a data: URL is fine). */
export const fundraisingPhotoRequestSchema = z.object({
  photo_base64: z
    .string({ error: PAGE_MESSAGES.photoRequired })
    .min(1, { error: PAGE_MESSAGES.photoRequired })
    .max(Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 100, { error: PAGE_MESSAGES.photoTooLarge }),
});

/** PUT /api/my-page/cover: base64 of the picture (a data: URL is fine). */
export const coverRequestSchema = z.object({
  photo_base64: z
    .string({ error: PAGE_MESSAGES.coverRequired })
    .min(1, { error: PAGE_MESSAGES.coverRequired })
    .max(Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 100, { error: PAGE_MESSAGES.coverTooLarge }),
});

const updateBodyField = safeText('Update', 'text', PAGE_MESSAGES.updateRequired, (body) =>
  body.trim().min(1, { error: PAGE_MESSAGES.updateRequired }).max(UPDATE_MAX, { error: PAGE_MESSAGES.updateTooLong }),
);

/** POST /api/my-page/updates: the text and, if any, a photo (base64, the page photo's rules). */
export const createUpdateSchema = z.object({
  body: updateBodyField,
  photo_base64: z
    .string({ error: PAGE_MESSAGES.photoRequired })
    .max(Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 100, { error: PAGE_MESSAGES.photoTooLarge })
    .optional(),
});
export type CreateUpdate = z.input<typeof createUpdateSchema>;
export const updateParamSchema = z.object({ id: z.coerce.number({ error: 'id: not an update' }).int({ error: 'id: not an update' }).min(1, { error: 'id: not an update' }).max(2_147_483_647, { error: 'id: not an update' }) });
export const coverParamSchema = z.object({ slug: z.string().regex(/^[A-Za-z0-9-]{1,100}$/, { error: 'slug: not the address of a page or team' }), file: z.string().regex(/^[0-9a-f]{16,64}\.(webp|avif)$/, { error: 'file: not a cover of this page' }) });
export const updatePhotoParamSchema = z.object({ slug: z.string().regex(/^[A-Za-z0-9-]{1,100}$/, { error: 'slug: not the address of a page or team' }), id: updateParamSchema.shape.id, sha: z.string().regex(/^[0-9a-f]{16,64}\.webp$/, { error: 'sha: not a photo of this update' }) });

const captainMessageField = safeText('Captain’s message', 'text', PAGE_MESSAGES.captainMessageTooLong, (m) => m.max(CAPTAIN_MESSAGE_MAX, { error: PAGE_MESSAGES.captainMessageTooLong }));

/** POST /api/teams */
export const createTeamSchema = z.object({ slug: slugField, name: teamNameField, story: storyField.optional() });
export type CreateTeam = z.input<typeof createTeamSchema>;

/** PATCH /api/teams/:slug (captain) */
export const updateTeamSchema = z.object({ name: teamNameField.optional(), story: storyField.optional(), captain_message: captainMessageField.optional() });
export type UpdateTeam = z.input<typeof updateTeamSchema>;

/** A slug in a route's path: letters, digits and hyphens (a well-formed one that names nothing is a 404). */
const slugParam = (field: string) => z.string().regex(/^[A-Za-z0-9-]{1,100}$/, { error: `${field}: not the address of a page or team` });
export const slugParamSchema = z.object({ slug: slugParam('slug') });
export const memberParamSchema = z.object({ slug: slugParam('slug'), pageSlug: slugParam('pageSlug') });
export const photoParamSchema = z.object({ slug: slugParam('slug'), sha: z.string().regex(/^[0-9a-f]{16,64}\.webp$/, { error: 'sha: not a photo of this page' }) });
export const photoQuerySchema = z.object({ size: z.enum(['full', 'card'], { error: "size: 'full' or 'card'" }).default('full') });
export const giftsQuerySchema = z.object({ cursor: z.string().max(100).optional() });

// Answers

const minor = z.number().int();

/**
 * What a page raised (product-rules §21, §22; docs/decisions/161), minor units: `total` is money
 * received, never an unpaid pledge: `received_minor` (its pledge's payments received, net of
 * refunds) + `gifts` (its friends' succeeded gifts, net of refunds). `pledged` (its pledge as every
 * total counts it, net of refunds) is shown beside it, as the goal is.
 */
export const raisedSchema = z
  .object({
    pledged: minor,
    received_minor: minor,
    gifts: minor,
    total: minor,
    gift_count: z.number().int(),
    /** What sponsors' matches added, net of what refunds released; not part of `total` (product-rules §23). */
    matched: minor,
  })
  .meta({
    id: 'PageRaised',
    description:
      "What a page raised (minor units): total = money received = its pledge's payments received net of refunds (received_minor) + its succeeded gifts net of refunds (gifts); pledged (its pledge as every total counts it, net of refunds) is shown beside it; matched is the sponsors' matches, apart from the total",
  });
export type Raised = z.infer<typeof raisedSchema>;

export const pageGiftSchema = z
  .object({
    id: idSchema,
    /** The giver's name, or 'Anonymous' when they hid it. Never an email. */
    name: z.string(),
    /** '' when none, or when an admin hid it. */
    message: z.string(),
    /** null when the giver hid the amount. */
    amount: minor.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'PageGift' });
export type PageGift = z.infer<typeof pageGiftSchema>;

export const pageGiftListSchema = z.object({ items: z.array(pageGiftSchema), next_cursor: z.string().nullable() }).meta({ id: 'PageGiftList' });
export type PageGiftList = z.infer<typeof pageGiftListSchema>;

const teamRefSchema = z.object({ slug: z.string(), name: z.string() });

/** A page's cover in AVIF and WebP, 1500 and 750 px wide (srcset), with its size so nothing shifts as it loads. */
export const pageCoverSchema = z
  .object({ avif: z.string(), webp: z.string(), avif_small: z.string(), webp_small: z.string(), width: z.number().int(), height: z.number().int() })
  .meta({ id: 'PageCover' });
export type PageCover = z.infer<typeof pageCoverSchema>;

/** An update on a page, newest first. */
export const pageUpdateSchema = z
  .object({
    id: idSchema,
    body: z.string(),
    photo_url: z.string().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'PageUpdate' });
export type PageUpdate = z.infer<typeof pageUpdateSchema>;

/** The weeks as the page says them (core's pageWeeks, in the campaign country's time zone). */
export const pageWeeksSchema = z.object({ state: z.enum(['before', 'during', 'after']), text: z.string() });

export const publicPageSchema = z
  .object({
    slug: z.string(),
    display_name: z.string(),
    story: z.string(),
    photo_url: z.string().nullable(),
    photo_card_url: z.string().nullable(),
    goal: minor,
    raised: raisedSchema,
    weeks_done: z.number().int(),
    weeks_total: z.number().int(),
    country: z.enum(COUNTRY_CODES),
    challenge: z.object({ name: z.string(), icon: z.string() }),
    /** The charity, with its logo's address for the page's header (docs/decisions/163) and one line about its cause (decision 166). */
    charity: z.object({ id: idSchema, name: z.string(), logo: z.string(), cause: z.string() }),
    team: teamRefSchema.nullable(),
    cover: pageCoverSchema.nullable(),
    weeks: pageWeeksSchema,
    /** "11 coffees given up so far ≈ $38.50"; null before any payment was received (docs/decisions/166). */
    impact_line: z.string().nullable(),
    /** The owner's updates no admin hid, newest first (at most UPDATES_SHOWN). */
    updates: z.array(pageUpdateSchema),
    gifts: pageGiftListSchema,
    /** The match a gift made here now would get (page > team > charity > campaign), or null. */
    match: publicMatchSchema.nullable(),
    /** What a share of this page says: its owner's message, or the country's default (docs/decisions/164). */
    share_message: z.string(),
  })
  .meta({ id: 'PublicPage' });
export type PublicPageData = z.infer<typeof publicPageSchema>;

export const myPageSchema = z
  .object({
    slug: z.string(),
    display_name: z.string(),
    story: z.string(),
    goal: minor,
    photo_url: z.string().nullable(),
    /** Published and not hidden by an admin: anyone can read it at /p/{slug}. */
    public: z.boolean(),
    published_at: timestampSchema.nullable(),
    /** An admin hid the page (or its photo, or its story): it is shown to its owner only. */
    moderated: z.boolean(),
    photo_moderated: z.boolean(),
    story_moderated: z.boolean(),
    /** Why the admin hid the page, as they wrote it (docs/decisions/159); null when it is not hidden or no reason was kept. */
    moderation_reason: z.string().nullable(),
    on_leaderboard: z.boolean(),
    gift_mails: z.boolean(),
    country: z.enum(COUNTRY_CODES),
    raised: raisedSchema,
    weeks_done: z.number().int(),
    weeks_total: z.number().int(),
    cover: pageCoverSchema.nullable(),
    weeks: pageWeeksSchema,
    impact_line: z.string().nullable(),
    /** Every update of the page, newest first; `hidden` when an admin hid it. */
    updates: z.array(pageUpdateSchema.extend({ hidden: z.boolean() })),
    /** A weekly update written from the page's own numbers, for the owner to edit before posting. */
    suggested_update: z.string(),
    /** The page's team; `hidden` when an admin hid it, with the reason they gave (told to its captain only, docs/decisions/159). */
    team: teamRefSchema.extend({ captain: z.boolean(), hidden: z.boolean(), moderation_reason: z.string().nullable() }).nullable(),
    /** The owner's own share message, or null for the country's default (docs/decisions/164). */
    share_message: z.string().nullable(),
  })
  .meta({ id: 'MyPage' });
export type MyPage = z.infer<typeof myPageSchema>;

export const teamMemberSchema = z.object({
  display_name: z.string(),
  /** The member's page address when it is public; null otherwise (no link). */
  slug: z.string().nullable(),
  captain: z.boolean(),
  /** Minor units: the member page's `raised.total` (money received). */
  raised: minor,
});

export const publicTeamSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    story: z.string(),
    photo_url: z.string().nullable(),
    photo_card_url: z.string().nullable(),
    country: z.enum(COUNTRY_CODES),
    raised: raisedSchema,
    /** The captain's message to the team's backers ('' for none), and the captain's display name. */
    captain_message: z.string(),
    captain_name: z.string().nullable(),
    members: z.array(teamMemberSchema),
    /** The match a gift to a member's page would get through the team (team > charity > campaign), or null. */
    match: publicMatchSchema.nullable(),
  })
  .meta({ id: 'PublicTeam' });
export type PublicTeamData = z.infer<typeof publicTeamSchema>;
