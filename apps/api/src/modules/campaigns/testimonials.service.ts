import { todayInCountry } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { TESTIMONIAL_MESSAGES, type AdminTestimonial, type PublicTestimonial, type TestimonialRequest } from '@uplift/core/schemas/testimonials';
import type { Executor } from '../../db/client.ts';
import { FieldError } from '../../errors.ts';
import { campaignErrors } from './campaigns.errors.ts';
import * as repo from './testimonials.repository.ts';

// Testimonials (docs/decisions/167-honest-social-proof.md): only what an admin entered, each with
// the person's consent to be quoted and the day they gave it; the landing reads a country's.

/** The day of consent is a day that has come, in the testimonial's country. */
function checkConsentDate(input: TestimonialRequest, now: Date): void {
  if (input.consented_on > todayInCountry(input.country, now)) throw new FieldError('consented_on', TESTIMONIAL_MESSAGES.consentDateFuture);
}

export const listTestimonials = (db: Executor): Promise<AdminTestimonial[]> => repo.listAllTestimonials(db);

/** GET /api/testimonials/{country}: what the landing of that country shows (none: no section). */
export const countryTestimonials = (db: Executor, country: CountryCode): Promise<PublicTestimonial[]> => repo.listCountryTestimonials(db, country);

export async function findTestimonial(db: Executor, id: number): Promise<AdminTestimonial> {
  const found = await repo.findTestimonial(db, id);
  if (!found) throw campaignErrors.testimonialNotFound({ id });
  return found;
}

export async function addTestimonial(db: Executor, input: TestimonialRequest, by: number | null, now: Date): Promise<AdminTestimonial> {
  checkConsentDate(input, now);
  return repo.insertTestimonial(db, input, by, now);
}

export async function editTestimonial(db: Executor, id: number, input: TestimonialRequest, now: Date): Promise<AdminTestimonial> {
  checkConsentDate(input, now);
  const edited = await repo.updateTestimonial(db, id, input, now);
  if (!edited) throw campaignErrors.testimonialNotFound({ id });
  return edited;
}

export async function removeTestimonial(db: Executor, id: number): Promise<void> {
  if (!(await repo.deleteTestimonial(db, id))) throw campaignErrors.testimonialNotFound({ id });
}
