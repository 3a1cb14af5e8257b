import {
  adminCharityListSchema,
  adminCharitySchema,
  charityPhotoRequestSchema,
  charityRequestSchema,
  deletedResponseSchema,
} from '@uplift/core/schemas/admin-charities';
import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditorFor, withAudit } from '../audit/index.ts';
import { findCharity, listCharities } from './charities.repository.ts';
import { createCharity, editCharity, removeCharity, removeCharityPhoto, setCharityPhoto } from './charities-admin.service.ts';
import { readPhoto } from './charity-photo.ts';

const tags = ['admin'];
const ADMIN = [401, 403] as const;
const BODY_ERRORS = [400, 413, 415] as const;
/** Base64 of a 200 KB logo plus the other fields. */
const BODY_LIMIT = 400 * 1024;
/** Base64 of a 5 MB photo (6.7 MB) plus its description. */
const PHOTO_BODY_LIMIT = 7 * 1024 * 1024;

/** What the audit keeps of a photo: where it is served and what it shows, never its bytes. */
const photoRecord = (charity: { id: number; photo: unknown } | undefined) => (charity ? { id: charity.id, photo: charity.photo } : null);

/** The admin's charity management (decision 053). Registered inside the admin plugin. */
const adminCharityRoutes: FastifyPluginAsyncZod = async (app) => {
  const audited = auditorFor(app);

  app.get(
    '/api/admin/charities',
    {
      schema: {
        tags,
        summary: 'Every charity of both countries, disabled ones too, with its pledge count',
        response: { 200: adminCharityListSchema, ...errorResponses(...ADMIN) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await listCharities(app.db)),
  );

  app.post(
    '/api/admin/charities',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Add a charity (with its logo: PNG, SVG or WebP of at most 200 KB, read from its content)',
        body: charityRequestSchema,
        response: { 201: adminCharitySchema, ...errorResponses(...ADMIN, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const charity = await audited(request, async (tx) => {
        const created = await createCharity(tx, request.body, app.clock.now());
        return withAudit(created, { action: 'charity.create', target: `charity ${created.id}`, after: created });
      });
      request.log.info({ recipientId: charity.id, adminId: request.user?.id }, 'charity created');
      return reply.status(201).send(charity);
    },
  );

  app.put(
    '/api/admin/charities/:id',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Edit, disable or enable a charity (leave out logo_base64 to keep the logo)',
        params: idParamSchema,
        body: charityRequestSchema,
        response: { 200: adminCharitySchema, ...errorResponses(...ADMIN, ...BODY_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      // Disabling or enabling is an edit: is_enabled before and after says which.
      const charity = await audited(request, async (tx) => {
        const before = await findCharity(tx, request.params.id);
        const edited = await editCharity(tx, request.params.id, request.body, app.clock.now());
        return withAudit(edited, { action: 'charity.edit', target: `charity ${edited.id}`, before, after: edited });
      });
      request.log.info({ recipientId: charity.id, adminId: request.user?.id, enabled: charity.is_enabled }, 'charity edited');
      return reply.send(charity);
    },
  );

  app.delete(
    '/api/admin/charities/:id',
    {
      schema: {
        tags,
        summary: 'Delete a charity nobody has pledged to (409 otherwise: disable it instead)',
        params: idParamSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(...ADMIN, 400, 404, 409) },
      },
    },
    async (request, reply) => {
      await audited(request, async (tx) => {
        const before = await findCharity(tx, request.params.id);
        await removeCharity(tx, request.params.id);
        return withAudit(undefined, { action: 'charity.delete', target: `charity ${request.params.id}`, before });
      });
      request.log.info({ recipientId: request.params.id, adminId: request.user?.id }, 'charity deleted');
      return reply.send({ message: 'Charity deleted', id: request.params.id });
    },
  );

  // The photo has routes of its own (decision 129), so the charity form stays small.
  app.put(
    '/api/admin/charities/:id/photo',
    {
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: {
        tags,
        summary: "Set a charity's photo: JPEG, PNG or WebP of at most 5 MB and at least 600 × 400, stored as WebP without metadata",
        params: idParamSchema,
        body: charityPhotoRequestSchema,
        response: { 200: adminCharitySchema, ...errorResponses(...ADMIN, ...BODY_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      // Decoded and re-encoded before the transaction opens: no connection waits on the pixels.
      const photo = await readPhoto(request.body.photo_base64);
      const charity = await audited(request, async (tx) => {
        const before = await findCharity(tx, request.params.id);
        const saved = await setCharityPhoto(tx, request.params.id, photo, request.body.alt, app.clock.now());
        return withAudit(saved, { action: 'charity.photo_set', target: `charity ${saved.id}`, before: photoRecord(before), after: photoRecord(saved) });
      });
      request.log.info({ recipientId: charity.id, adminId: request.user?.id, bytes: photo.data.length }, 'charity photo set');
      return reply.send(charity);
    },
  );

  app.delete(
    '/api/admin/charities/:id/photo',
    {
      schema: {
        tags,
        summary: "Remove a charity's photo",
        params: idParamSchema,
        response: { 200: adminCharitySchema, ...errorResponses(...ADMIN, 400, 404) },
      },
    },
    async (request, reply) => {
      const charity = await audited(request, async (tx) => {
        const before = await findCharity(tx, request.params.id);
        const after = await removeCharityPhoto(tx, request.params.id);
        return withAudit(after, { action: 'charity.photo_delete', target: `charity ${after.id}`, before: photoRecord(before), after: photoRecord(after) });
      });
      request.log.info({ recipientId: charity.id, adminId: request.user?.id }, 'charity photo removed');
      return reply.send(charity);
    },
  );
};

export default adminCharityRoutes;
