import { countryParamSchema, idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import {
  adminTestimonialListSchema,
  adminTestimonialSchema,
  publicTestimonialListSchema,
  testimonialDeletedSchema,
  testimonialRequestSchema,
} from '@uplift/core/schemas/testimonials';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noCache } from '../../plugins/http-cache.ts';
import { auditorFor, withAudit } from '../audit/index.ts';
import { addTestimonial, countryTestimonials, editTestimonial, findTestimonial, listTestimonials, removeTestimonial } from './testimonials.service.ts';

// Testimonials (docs/decisions/167-honest-social-proof.md).

/** GET /api/testimonials/{country}: public, for the landing of that country. */
export const testimonialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/testimonials/:country',
    {
      schema: {
        tags: ['campaigns'],
        summary: "A country's testimonials, each from a person who agreed to be quoted (empty: the landing shows no section)",
        params: countryParamSchema,
        response: { 200: publicTestimonialListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // The admin's edits show at once, as the other landing reads do (decision 054).
      noCache(reply);
      return countryTestimonials(app.db, request.params.country);
    },
  );
};

const tags = ['admin'];
const ADMIN = [401, 403] as const;
const BODY_ERRORS = [400, 413, 415] as const;

/** The admin's list, add, edit and delete; registered inside the admin plugin (requireAdmin), each change audited. */
export const testimonialAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const audited = auditorFor(app);

  app.get(
    '/api/admin/testimonials',
    { schema: { tags, summary: 'Every testimonial, by country, with the consent behind it', response: { 200: adminTestimonialListSchema, ...errorResponses(...ADMIN) } } },
    async () => listTestimonials(app.db),
  );

  app.post(
    '/api/admin/testimonials',
    {
      schema: {
        tags,
        summary: 'Add a testimonial: name, country, quote, and the person’s consent with its date',
        body: testimonialRequestSchema,
        response: { 201: adminTestimonialSchema, ...errorResponses(...ADMIN, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const created = await audited(request, async (tx) => {
        const row = await addTestimonial(tx, request.body, request.user?.id ?? null, app.clock.now());
        return withAudit(row, { action: 'testimonial.create', target: `testimonial ${row.id}`, after: row });
      });
      request.log.info({ testimonialId: created.id, adminId: request.user?.id }, 'testimonial added');
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/admin/testimonials/:id',
    {
      schema: {
        tags,
        summary: 'Edit a testimonial',
        params: idParamSchema,
        body: testimonialRequestSchema,
        response: { 200: adminTestimonialSchema, ...errorResponses(...ADMIN, ...BODY_ERRORS, 404) },
      },
    },
    async (request) => {
      const edited = await audited(request, async (tx) => {
        const before = await findTestimonial(tx, request.params.id);
        const after = await editTestimonial(tx, request.params.id, request.body, app.clock.now());
        return withAudit(after, { action: 'testimonial.edit', target: `testimonial ${after.id}`, before, after });
      });
      request.log.info({ testimonialId: edited.id, adminId: request.user?.id }, 'testimonial edited');
      return edited;
    },
  );

  app.delete(
    '/api/admin/testimonials/:id',
    {
      schema: { tags, summary: 'Delete a testimonial', params: idParamSchema, response: { 200: testimonialDeletedSchema, ...errorResponses(...ADMIN, 400, 404) } },
    },
    async (request, reply) => {
      await audited(request, async (tx) => {
        const before = await findTestimonial(tx, request.params.id);
        await removeTestimonial(tx, request.params.id);
        return withAudit(undefined, { action: 'testimonial.delete', target: `testimonial ${request.params.id}`, before });
      });
      request.log.info({ testimonialId: request.params.id, adminId: request.user?.id }, 'testimonial deleted');
      return reply.send({ message: 'Testimonial deleted', id: request.params.id });
    },
  );
};
