import { z } from 'zod';
import { MONTH_NAMES } from '../calendar.ts';
import { MSG } from '../messages.ts';
import { isSafeText } from '../safe-text.ts';
import { BILLING_CYCLES } from '../statuses.ts';
import { countryCodeSchema, dateSchema, hasAtMostTwoDecimals, idSchema, isoDateField, safeText } from './common.ts';

export const CAMPAIGN_NAME_MAX = 100;
/** The largest goal an admin can set, in currency units. */
export const CAMPAIGN_GOAL_MAX = 10_000_000;

/** 'November Uplift Challenge': a month name (capitalised, as shown on the Join button), then a name. */
export function isCampaignName(name: string): boolean {
  const [month, ...rest] = name.trim().split(/\s+/);
  return rest.length > 0 && (MONTH_NAMES as readonly string[]).includes(month ?? '');
}

/** POST /api/campaign and PUT /api/campaign/{id}. */
export const campaignRequestSchema = z
  .object({
    campaign_name: safeText('Campaign name', 'line', MSG.campaignNameRequired, (name) =>
      name
        .trim()
        .min(1, { error: MSG.campaignNameRequired })
        .max(CAMPAIGN_NAME_MAX, { error: MSG.campaignNameTooLong })
        // One message per problem: the format is judged only for a safe name of acceptable length.
        .refine((n) => n === '' || n.length > CAMPAIGN_NAME_MAX || !isSafeText(n, 'line') || isCampaignName(n), {
          error: MSG.campaignNameFormat,
        }),
    ),
    start_date: isoDateField(MSG.startDateInvalid),
    end_date: isoDateField(MSG.endDateInvalid),
    billing_start_date: isoDateField(MSG.billingStartDateInvalid),
    country: countryCodeSchema,
    billing_cycle: z.enum(BILLING_CYCLES, { error: MSG.billingCycleInvalid }).default('Weekly'),
    is_active: z.boolean({ error: MSG.isActiveInvalid }),
    /** What the campaign hopes to raise, in the country's currency; null for no goal (no progress bar). */
    goal_amount: z
      .number({ error: MSG.campaignGoalInvalid })
      .min(1, { error: MSG.campaignGoalInvalid })
      .max(CAMPAIGN_GOAL_MAX, { error: MSG.campaignGoalInvalid })
      .refine(hasAtMostTwoDecimals, { error: MSG.campaignGoalInvalid })
      .nullable()
      .default(null),
  })
  // ISO dates compare correctly as strings. The checks run only once the dates themselves parse.
  .refine((c) => c.start_date <= c.end_date, {
    error: MSG.endBeforeStart,
    path: ['end_date'],
    when: (payload) => datesParsed(payload.value, ['start_date', 'end_date']),
  })
  .refine((c) => c.start_date <= c.billing_start_date && c.billing_start_date <= c.end_date, {
    error: MSG.billingOutsideCampaign,
    path: ['billing_start_date'],
    when: (payload) => datesParsed(payload.value, ['start_date', 'end_date', 'billing_start_date']),
  });

function datesParsed(value: unknown, keys: string[]): boolean {
  const v = value as Record<string, unknown> | undefined;
  return keys.every((k) => typeof v?.[k] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v[k] as string));
}

export type CampaignRequestInput = z.input<typeof campaignRequestSchema>;
export type CampaignRequest = z.output<typeof campaignRequestSchema>;

// A campaign's hero photo (docs/decisions/170): uploaded by an admin with its description, made on
// the server into AVIF and WebP at each width of HERO_PHOTO_WIDTHS (never enlarged).
/** The widths a hero photo is stored at, for the browser to pick from (`srcset`). */
export const HERO_PHOTO_WIDTHS = [640, 1280, 1920] as const;
/** The smallest hero photo accepted (after turning it upright): wide enough for a 1280 px screen's band. */
export const HERO_PHOTO_MIN_WIDTH = 1280;
export const HERO_PHOTO_MIN_HEIGHT = 480;
/** Largest file accepted (10 MB) and largest picture decoded (40 megapixels). */
export const HERO_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const HERO_PHOTO_MAX_PIXELS = 40_000_000;
export const HERO_PHOTO_ALT_MAX = 200;

export const HERO_PHOTO_MESSAGES = {
  photoRequired: 'Please choose a photo (JPEG, PNG or WebP, at most 10 MB)',
  photoTooLarge: 'The photo must be at most 10 MB',
  photoType: 'The photo must be a JPEG, PNG or WebP image',
  photoUnreadable: 'The photo could not be read: please choose another file',
  photoTooManyPixels: 'The photo has too many pixels (at most 40 megapixels)',
  photoTooSmall: `The photo must be at least ${HERO_PHOTO_MIN_WIDTH} × ${HERO_PHOTO_MIN_HEIGHT} pixels`,
  photoAltRequired: 'Please describe the photo (what it shows, for people using screen readers)',
  photoAltTooLong: `The photo description must be at most ${HERO_PHOTO_ALT_MAX} characters long`,
} as const;

/** PUT /api/campaign/{id}/photo (admin). */
export const campaignPhotoRequestSchema = z.object({
  photo_base64: z
    .string({ error: HERO_PHOTO_MESSAGES.photoRequired })
    .min(1, { error: HERO_PHOTO_MESSAGES.photoRequired })
    .max(Math.ceil(HERO_PHOTO_MAX_BYTES / 3) * 4 + 100, { error: HERO_PHOTO_MESSAGES.photoTooLarge })
    .describe('The photo file in base64; its type is read from its content (JPEG, PNG or WebP)'),
  alt: safeText('Photo description', 'line', HERO_PHOTO_MESSAGES.photoAltRequired, (value) =>
    value.trim().min(1, { error: HERO_PHOTO_MESSAGES.photoAltRequired }).max(HERO_PHOTO_ALT_MAX, { error: HERO_PHOTO_MESSAGES.photoAltTooLong }),
  ).describe(`What the photo shows, for screen readers (1–${HERO_PHOTO_ALT_MAX} characters)`),
});
export type CampaignPhotoRequest = z.infer<typeof campaignPhotoRequestSchema>;

/** A campaign's hero photo as the pages draw it: its description, its shape and its two srcsets. */
export const campaignPhotoSchema = z
  .object({
    alt: z.string(),
    /** The largest rendition's pixels: the image's intrinsic size (width/height attributes). */
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** The largest WebP rendition, for a browser that reads no srcset. */
    url: z.string(),
    /** The srcsets, "url 640w, url 1280w, …", in AVIF and in WebP (short names: the landing's first JavaScript reads them). */
    avif: z.string(),
    webp: z.string(),
  })
  .meta({ id: 'CampaignPhoto' });
export type CampaignPhoto = z.infer<typeof campaignPhotoSchema>;

/**
 * A campaign as every route answers it (product-rules §3): the public reads, the signed-in
 * /api/campaign/closest and, with its pledge count, the admin's. Dates are calendar dates in
 * the campaign's country.
 */
export const campaignSchema = z
  .object({
    id: idSchema,
    campaign_name: z.string(),
    start_date: dateSchema,
    end_date: dateSchema,
    billing_start_date: dateSchema,
    billing_cycle: z.enum(BILLING_CYCLES),
    is_active: z.boolean(),
    country: countryCodeSchema,
    /** What the campaign hopes to raise (currency units), or null when the admin set no goal. */
    goal_amount: z.number().positive().nullable(),
    /** The campaign's hero photo (docs/decisions/170), or null: the illustration is shown instead. Every API answer has it. */
    photo: campaignPhotoSchema.nullable().optional(),
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof campaignSchema>;

/** GET /api/campaign/active(/{country}): open campaigns, closest first. */
export const campaignListSchema = z.array(campaignSchema);

/** The admin's view of a campaign: the same fields plus how many pledges it holds. */
export const adminCampaignSchema = campaignSchema.extend({ pledge_count: z.number().int().min(0) }).meta({ id: 'AdminCampaign' });
export type AdminCampaign = z.infer<typeof adminCampaignSchema>;

/** GET /api/campaign/ (admin): every campaign, by id. */
export const adminCampaignListSchema = z.array(adminCampaignSchema);

/** DELETE /api/campaign/{id}. */
export const campaignDeletedResponseSchema = z.object({ message: z.string(), id: idSchema });
export type CampaignDeletedResponse = z.infer<typeof campaignDeletedResponseSchema>;

/** POST /api/campaign/deactivate: how many past campaigns were switched off. */
export const campaignsDeactivatedResponseSchema = z.object({ message: z.string(), count: z.number().int().min(0) });
export type CampaignsDeactivatedResponse = z.infer<typeof campaignsDeactivatedResponseSchema>;
