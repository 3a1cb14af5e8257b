import type { CountryCode } from '@uplift/core/countries';
import type { AdminTestimonial, PublicTestimonial, TestimonialRequest } from '@uplift/core/schemas/testimonials';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { testimonials } from '../../db/schema.ts';

// Testimonials (docs/decisions/167-honest-social-proof.md): campaigns owns the table.

type Row = typeof testimonials.$inferSelect;

const toAdmin = (row: Row): AdminTestimonial => ({
  id: row.id,
  name: row.name,
  country: row.country,
  quote: row.quote,
  consent: true,
  consented_on: row.consented_on,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export async function listAllTestimonials(db: Executor): Promise<AdminTestimonial[]> {
  const rows = await db.select().from(testimonials).orderBy(asc(testimonials.country), asc(testimonials.id));
  return rows.map(toAdmin);
}

/** A country's testimonials, oldest first (the order the admin entered them). */
export async function listCountryTestimonials(db: Executor, country: CountryCode): Promise<PublicTestimonial[]> {
  return db
    .select({ id: testimonials.id, name: testimonials.name, country: testimonials.country, quote: testimonials.quote })
    .from(testimonials)
    .where(eq(testimonials.country, country))
    .orderBy(asc(testimonials.id));
}

export async function findTestimonial(db: Executor, id: number): Promise<AdminTestimonial | undefined> {
  const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id));
  return row && toAdmin(row);
}

export async function insertTestimonial(db: Executor, input: TestimonialRequest, by: number | null, now: Date): Promise<AdminTestimonial> {
  const [row] = await db
    .insert(testimonials)
    .values({ name: input.name, country: input.country, quote: input.quote, consented_on: input.consented_on, created_by: by, created_at: now, updated_at: now })
    .returning();
  return toAdmin(row!);
}

export async function updateTestimonial(db: Executor, id: number, input: TestimonialRequest, now: Date): Promise<AdminTestimonial | undefined> {
  const [row] = await db
    .update(testimonials)
    .set({ name: input.name, country: input.country, quote: input.quote, consented_on: input.consented_on, updated_at: now })
    .where(eq(testimonials.id, id))
    .returning();
  return row && toAdmin(row);
}

export async function deleteTestimonial(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  return rows.length > 0;
}
