import { z } from 'zod';
import { fromMinor, parseAmountInput, toMinor } from '../money.ts';
import { MAX_AMOUNT, countryCodeSchema, hasAtMostTwoDecimals, idSchema, safeText } from './common.ts';
import { CHALLENGE_KINDS, challengeSchema } from './challenge.ts';
import { recipientSchema } from './recipient.ts';

// The admin's charity and challenge management (decision 053).

/** Largest logo accepted, in bytes (200 KB). */
export const LOGO_MAX_BYTES = 200 * 1024;
/** Base64 of LOGO_MAX_BYTES bytes: a longer text cannot hold an acceptable logo. */
const LOGO_MAX_BASE64 = Math.ceil(LOGO_MAX_BYTES / 3) * 4;

// A charity's photo and story (docs/decisions/129-charity-photos-and-stories.md).
/** Largest photo file accepted, in bytes (5 MB). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Base64 of PHOTO_MAX_BYTES bytes. */
const PHOTO_MAX_BASE64 = Math.ceil(PHOTO_MAX_BYTES / 3) * 4;
/** The smallest photo accepted, in pixels (after turning it upright). */
export const PHOTO_MIN_WIDTH = 600;
export const PHOTO_MIN_HEIGHT = 400;
/** The largest photo decoded, in pixels (40 megapixels): more is refused before decoding. */
export const PHOTO_MAX_PIXELS = 40_000_000;
/** The stored sizes' widths: the full photo (never enlarged) and the cards' copy. */
export const PHOTO_FULL_WIDTH = 1200;
export const PHOTO_CARD_WIDTH = 600;
/** The alt text: what the photo shows, for screen readers. */
export const PHOTO_ALT_MAX = 200;
/** A charity's story, plain text. */
export const STORY_MAX = 1000;

export const CHARITY_MESSAGES = {
  nameRequired: 'Please enter the charity’s name',
  nameTooLong: 'The name must be at most 100 characters long',
  impactCostInvalid: 'The impact cost must be an amount greater than 0 with at most two decimal places',
  impactUnitRequired: 'Please enter the impact unit (for example “meals”)',
  impactUnitSingularRequired: 'Please enter the impact unit for one (for example “meal”)',
  impactDescriptionRequired: 'Please enter the impact description',
  impactDescriptionFigures:
    'The impact description must not state amounts or numbers: the impact sentence is worked out from the impact cost, multiplier and unit',
  multiplierInvalid: 'The impact multiplier must be a whole number from 1 to 1000',
  descriptionRequired: 'Please enter a description',
  linkInvalid: 'The more-info link must be a web address starting with https://',
  logoRequired: 'Please upload a logo (PNG, SVG or WebP, at most 200 KB)',
  logoTooLarge: 'The logo must be at most 200 KB',
  logoType: 'The logo must be a PNG, SVG or WebP image',
  enabledInvalid: 'Enabled must be true or false',
  storyTooLong: 'The story must be at most 1,000 characters long',
  storyHtml: 'The story must be plain text, without HTML tags',
  photoRequired: 'Please choose a photo (JPEG, PNG or WebP, at most 5 MB)',
  photoType: 'The photo must be a JPEG, PNG or WebP image',
  photoTooLarge: 'The photo must be at most 5 MB',
  photoUnreadable: 'The photo could not be read as an image: please choose another file',
  photoTooSmall: 'The photo must be at least 600 × 400 pixels',
  photoTooManyPixels: 'The photo must be at most 40 megapixels',
  photoAltRequired: 'Please describe the photo (what it shows, for people using screen readers)',
  photoAltTooLong: 'The photo description must be at most 200 characters long',
  duplicateName: 'A charity with this name already exists',
  hasPledges: 'This charity has pledges, so it cannot be deleted. Disable it instead.',
} as const;

/** The icons the web app draws (features' challenge-icon components). */
export const CHALLENGE_ICONS = ['coffee', 'takeaway', 'lunch', 'gym', 'streaming', 'commute'] as const;

export const CHALLENGE_MESSAGES = {
  nameRequired: 'Please enter the challenge’s name',
  nameTooLong: 'The name must be at most 100 characters long',
  iconInvalid: 'The icon must be one of coffee, takeaway, lunch, gym, streaming, commute',
  unitRequired: 'Please enter the unit (for example “coffees”)',
  descriptionRequired: 'Please enter a description',
  hashtagInvalid: 'The hashtag must start with # and hold letters and digits only',
  linkInvalid: 'The hashtag link must be a web address starting with https://',
  duplicateName: 'A challenge with this name already exists',
  hasPledges: 'This challenge has pledges, so it cannot be deleted. Disable it instead.',
} as const;

/** Required text of at most `max` characters under the safe-text rule (line breaks only where `multiline`). */
const text = (field: { label: string; multiline?: boolean }, max: number, required: string, tooLong = `At most ${max} characters, please`) =>
  safeText(field.label, field.multiline ? 'text' : 'line', required, (value) => value.trim().min(1, { error: required }).max(max, { error: tooLong }));

/** An absolute https:// address (the only links shown to donors). */
export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const httpsLink = (message: string) =>
  z.string({ error: message }).trim().max(500, { error: message }).refine(isHttpsUrl, { error: message });

/**
 * The impact description describes the work in words; the figures come from the impact cost,
 * multiplier and unit (docs/decisions/121-impact-units-and-country-content.md), so it holds no
 * digit and no currency sign that could disagree with them.
 */
export function statesNoFigures(text: string): boolean {
  return !/[\d$£€¥]/u.test(text);
}

/** Markup such as <b>, </p> or <!-- …: the story is shown as plain text, so none is accepted. */
export function holdsHtmlTags(text: string): boolean {
  return /<\/?[a-z!?][^>]*>/i.test(text);
}

/** The story as stored: line breaks as \n, no trailing spaces at its ends. */
const story = safeText('Story', 'text', CHARITY_MESSAGES.storyTooLong, (value) =>
  value
    .trim()
    .max(STORY_MAX, { error: CHARITY_MESSAGES.storyTooLong })
    .refine((v) => !holdsHtmlTags(v), { error: CHARITY_MESSAGES.storyHtml }),
)
  .describe("The charity's story, plain text of at most 1,000 characters; blank lines separate paragraphs; empty for none");

const impactCost = z
  .number({ error: CHARITY_MESSAGES.impactCostInvalid })
  .gt(0, { error: CHARITY_MESSAGES.impactCostInvalid })
  .max(MAX_AMOUNT, { error: CHARITY_MESSAGES.impactCostInvalid })
  .refine((n) => n <= 0 || n > MAX_AMOUNT || hasAtMostTwoDecimals(n), { error: CHARITY_MESSAGES.impactCostInvalid });

const logoField = z
  .string({ error: CHARITY_MESSAGES.logoType })
  .max(LOGO_MAX_BASE64, { error: CHARITY_MESSAGES.logoTooLarge })
  .describe('The logo file in base64; its type is read from its content (PNG, SVG or WebP)');

/** POST /api/admin/charities and PUT /api/admin/charities/{id}. `logo_base64` may be left out on edit. */
export const charityRequestSchema = z.object({
  recipient_name: text({ label: 'Charity name' }, 100, CHARITY_MESSAGES.nameRequired, CHARITY_MESSAGES.nameTooLong),
  country: countryCodeSchema,
  impact_cost: impactCost,
  impact_unit: text({ label: 'Impact unit' }, 100, CHARITY_MESSAGES.impactUnitRequired),
  impact_unit_singular: text({ label: 'Impact unit (singular)' }, 100, CHARITY_MESSAGES.impactUnitSingularRequired),
  impact_description: text({ label: 'Impact description', multiline: true }, 500, CHARITY_MESSAGES.impactDescriptionRequired).refine(statesNoFigures, {
    error: CHARITY_MESSAGES.impactDescriptionFigures,
  }),
  impact_multiplier: z
    .number({ error: CHARITY_MESSAGES.multiplierInvalid })
    .int({ error: CHARITY_MESSAGES.multiplierInvalid })
    .min(1, { error: CHARITY_MESSAGES.multiplierInvalid })
    .max(1000, { error: CHARITY_MESSAGES.multiplierInvalid }),
  description: text({ label: 'Description', multiline: true }, 1000, CHARITY_MESSAGES.descriptionRequired),
  link: httpsLink(CHARITY_MESSAGES.linkInvalid),
  is_enabled: z.boolean({ error: CHARITY_MESSAGES.enabledInvalid }).default(true),
  logo_base64: logoField.optional(),
  story: story.default(''),
});
export type CharityRequest = z.output<typeof charityRequestSchema>;
export type CharityRequestInput = z.input<typeof charityRequestSchema>;

/** PUT /api/admin/charities/{id}/photo: the photo file in base64 and what it shows. */
export const charityPhotoRequestSchema = z.object({
  photo_base64: z
    .string({ error: CHARITY_MESSAGES.photoRequired })
    .min(1, { error: CHARITY_MESSAGES.photoRequired })
    .max(PHOTO_MAX_BASE64, { error: CHARITY_MESSAGES.photoTooLarge })
    .describe('The photo file in base64; its type is read from its content (JPEG, PNG or WebP)'),
  alt: text({ label: 'Photo description' }, PHOTO_ALT_MAX, CHARITY_MESSAGES.photoAltRequired, CHARITY_MESSAGES.photoAltTooLong).describe(
    'What the photo shows, for screen readers (1–200 characters)',
  ),
});
export type CharityPhotoRequest = z.infer<typeof charityPhotoRequestSchema>;

/** A charity on the admin's screen: what donors see, whether it is offered, and how many pledges name it. */
export const adminCharitySchema = recipientSchema
  .extend({ is_enabled: z.boolean(), pledge_count: z.number().int().min(0) })
  .meta({ id: 'AdminCharity' });
export type AdminCharity = z.infer<typeof adminCharitySchema>;
export const adminCharityListSchema = z.array(adminCharitySchema);

/** The admin's charity form as its inputs hold it: the impact cost and multiplier as typed. */
export type CharityForm = Omit<CharityRequestInput, 'impact_cost' | 'impact_multiplier'> & {
  impact_cost: string;
  impact_multiplier: string;
};

/**
 * The form's text read into a request: the impact cost as an amount field (core's money rules),
 * the multiplier by its digits. Text that is neither becomes NaN, so the request schema refuses
 * it with its own message.
 */
export function charityRequestOfForm(form: CharityForm): CharityRequestInput {
  const costMinor = parseAmountInput(form.impact_cost.trim());
  return {
    ...form,
    impact_cost: costMinor === null ? NaN : fromMinor(costMinor),
    impact_multiplier: /^\d+$/.test(form.impact_multiplier) ? Number(form.impact_multiplier) : NaN,
  };
}

/** A charity as the form shows it for editing: '12' for 12, '12.50' for 12.5; no new logo yet. */
export function charityFormOf(charity: AdminCharity): CharityForm {
  const costMinor = toMinor(charity.impact_cost);
  return {
    recipient_name: charity.recipient_name,
    country: charity.country,
    impact_cost: costMinor % 100 === 0 ? String(fromMinor(costMinor)) : fromMinor(costMinor).toFixed(2),
    impact_unit: charity.impact_unit,
    impact_unit_singular: charity.impact_unit_singular,
    impact_description: charity.impact_description,
    impact_multiplier: String(charity.impact_multiplier),
    description: charity.description,
    link: charity.link,
    is_enabled: charity.is_enabled,
    story: charity.story,
  };
}

/**
 * The charity form, checked by charityRequestSchema. A new charity needs its logo too (the API
 * refuses one without, 'charity.logo_required'); that is said beside the other problems.
 */
export function charityFormSchema(options: { adding: boolean }) {
  const schema = z.custom<CharityForm>().transform(charityRequestOfForm).pipe(charityRequestSchema);
  if (!options.adding) return schema;
  return schema.refine((charity) => Boolean(charity.logo_base64), {
    error: CHARITY_MESSAGES.logoRequired,
    path: ['logo_base64'],
    when: () => true,
  });
}

export const deletedResponseSchema = z.object({ message: z.string(), id: idSchema });

/** POST /api/admin/challenges and PUT /api/admin/challenges/{id}. */
export const challengeRequestSchema = z.object({
  name: text({ label: 'Challenge name' }, 100, CHALLENGE_MESSAGES.nameRequired, CHALLENGE_MESSAGES.nameTooLong),
  icon: z.enum(CHALLENGE_ICONS, { error: CHALLENGE_MESSAGES.iconInvalid }),
  unit: text({ label: 'Unit' }, 50, CHALLENGE_MESSAGES.unitRequired),
  description: text({ label: 'Description', multiline: true }, 1000, CHALLENGE_MESSAGES.descriptionRequired),
  hashtag: z
    .string({ error: CHALLENGE_MESSAGES.hashtagInvalid })
    .trim()
    .regex(/^#[A-Za-z0-9]{1,60}$/, { error: CHALLENGE_MESSAGES.hashtagInvalid }),
  hashtag_link: httpsLink(CHALLENGE_MESSAGES.linkInvalid),
  kind: z.enum(CHALLENGE_KINDS, { error: 'Kind must be units or commute' }).default('units'),
  is_enabled: z.boolean({ error: CHARITY_MESSAGES.enabledInvalid }).default(true),
});
export type ChallengeRequest = z.output<typeof challengeRequestSchema>;
export type ChallengeRequestInput = z.input<typeof challengeRequestSchema>;

export const adminChallengeSchema = challengeSchema.extend({ pledge_count: z.number().int().min(0) }).meta({ id: 'AdminChallenge' });
export type AdminChallenge = z.infer<typeof adminChallengeSchema>;
export const adminChallengeListSchema = z.array(adminChallengeSchema);

/** What a campaign offers: empty lists mean "every enabled one" (product-rules §13). */
export const campaignOfferSchema = z.object({
  challenge_ids: z.array(idSchema),
  recipient_ids: z.array(idSchema),
});
export type CampaignOffer = z.infer<typeof campaignOfferSchema>;

const idList = (message: string) =>
  z
    .array(z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(2_147_483_647, { error: message }), { error: message })
    .max(200, { error: message });

/** PUT /api/admin/campaigns/{id}/offer: narrow a campaign, or send empty lists to offer everything. */
export const campaignOfferRequestSchema = z.object({
  challenge_ids: idList('challenge_ids must be a list of challenge ids'),
  recipient_ids: idList('recipient_ids must be a list of charity ids'),
});
