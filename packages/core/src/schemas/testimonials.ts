import { z } from 'zod';
import { COUNTRY_CODES } from '../countries.ts';
import { countryCodeSchema, idSchema, isoDateField, safeText, timestampSchema } from './common.ts';

// Testimonials (docs/decisions/167-honest-social-proof.md): what people who took part said, entered
// by an admin with the person's consent to be quoted and the date they gave it. The landing shows a
// country's testimonials only, and no section at all when it has none.

export const TESTIMONIAL_NAME_MAX = 60;
export const TESTIMONIAL_QUOTE_MAX = 400;

export const TESTIMONIAL_MESSAGES = {
  nameRequired: 'Name: write the name of the person quoted',
  nameTooLong: `Name: at most ${TESTIMONIAL_NAME_MAX} characters`,
  quoteRequired: 'Quote: write what the person said',
  quoteTooLong: `Quote: at most ${TESTIMONIAL_QUOTE_MAX} characters`,
  consentRequired: 'Consent: tick the box once the person has agreed to be quoted',
  consentDateInvalid: 'Date of consent: a date (YYYY-MM-DD)',
  consentDateFuture: 'Date of consent: cannot be in the future',
} as const;

/** POST /api/admin/testimonials and PUT /api/admin/testimonials/{id}. */
export const testimonialRequestSchema = z.object({
  name: safeText('Name', 'line', TESTIMONIAL_MESSAGES.nameRequired, (name) =>
    name.trim().min(1, { error: TESTIMONIAL_MESSAGES.nameRequired }).max(TESTIMONIAL_NAME_MAX, { error: TESTIMONIAL_MESSAGES.nameTooLong }),
  ),
  country: countryCodeSchema,
  quote: safeText('Quote', 'text', TESTIMONIAL_MESSAGES.quoteRequired, (quote) =>
    quote.trim().min(1, { error: TESTIMONIAL_MESSAGES.quoteRequired }).max(TESTIMONIAL_QUOTE_MAX, { error: TESTIMONIAL_MESSAGES.quoteTooLong }),
  ),
  /** The person agreed to be quoted: required, and only `true` is accepted. */
  consent: z.literal(true, { error: TESTIMONIAL_MESSAGES.consentRequired }),
  /** The day they agreed (YYYY-MM-DD); the API refuses a day after today. */
  consented_on: isoDateField(TESTIMONIAL_MESSAGES.consentDateInvalid),
});
export type TestimonialRequest = z.infer<typeof testimonialRequestSchema>;

/** What the landing shows: no consent details, no ids of admins. */
export const publicTestimonialSchema = z
  .object({ id: idSchema, name: z.string(), country: z.enum(COUNTRY_CODES), quote: z.string() })
  .meta({ id: 'Testimonial' });
export type PublicTestimonial = z.infer<typeof publicTestimonialSchema>;
export const publicTestimonialListSchema = z.array(publicTestimonialSchema);

/** The admin's view: with the consent and when it was given. */
export const adminTestimonialSchema = publicTestimonialSchema
  .extend({ consent: z.literal(true), consented_on: z.iso.date(), created_at: timestampSchema, updated_at: timestampSchema })
  .meta({ id: 'AdminTestimonial' });
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;
export const adminTestimonialListSchema = z.array(adminTestimonialSchema);

export const testimonialDeletedSchema = z.object({ message: z.string(), id: idSchema }).meta({ id: 'TestimonialDeleted' });
