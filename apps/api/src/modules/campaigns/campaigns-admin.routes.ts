import {
  adminCampaignListSchema,
  adminCampaignSchema,
  campaignDeletedResponseSchema,
  campaignPhotoRequestSchema,
  campaignRequestSchema,
  campaignsDeactivatedResponseSchema,
} from '@uplift/core/schemas/campaign';
import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditorFor, withAudit } from '../audit/index.ts';
import { findCampaign, listCampaigns } from './campaigns.repository.ts';
import { readHeroPhoto } from './campaign-photo.ts';
import {
  createCampaign,
  deactivatedMessage,
  deactivatePastCampaigns,
  editCampaign,
  removeCampaign,
  removeCampaignPhoto,
  setCampaignPhoto,
} from './campaigns-admin.service.ts';

const tags = ['admin'];
/** Every route here is admin only (401 without a token, 403 for a donor's). */
const ADMIN = [401, 403] as const;
/** A JSON body can also be malformed (400), too large (413) or of another type (415). */
const BODY_ERRORS = [400, 413, 415] as const;
/** Base64 of a 10 MB photo (13.4 MB) plus its description. */
const PHOTO_BODY_LIMIT = 14 * 1024 * 1024;

/** What the audit keeps of a photo: where it is served and what it shows, never its bytes. */
const photoRecord = (campaign: { id: number; photo?: unknown } | undefined) => (campaign ? { id: campaign.id, photo: campaign.photo ?? null } : null);

/**
 * product-rules §7 campaign administration. Registered only inside the admin plugin (requireAdmin).
 * Public reads (/active, /closest/:country, /:id) live in modules/campaigns: static paths here
 * ('/api/campaign/', '/api/campaign/deactivate') take precedence over their '/:id'.
 */
const adminCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const audited = auditorFor(app);

  for (const url of ['/api/campaign/', '/api/campaign']) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: 'Every campaign with its pledge count, by id',
          response: { 200: adminCampaignListSchema, ...errorResponses(...ADMIN) },
        },
      },
      async () => listCampaigns(app.db),
    );
  }

  app.post(
    '/api/campaign',
    {
      schema: {
        tags,
        summary: 'Create a campaign',
        body: campaignRequestSchema,
        response: { 201: adminCampaignSchema, ...errorResponses(...ADMIN, ...BODY_ERRORS) },
      },
    },
    async (request, reply) => {
      const campaign = await audited(request, async (tx) => {
        const created = await createCampaign(tx, request.body);
        return withAudit(created, { action: 'campaign.create', target: `campaign ${created.id}`, after: created });
      });
      request.log.info({ campaignId: campaign.id, adminId: request.user?.id }, 'campaign created');
      return reply.status(201).send(campaign);
    },
  );

  app.put(
    '/api/campaign/:id',
    {
      schema: {
        tags,
        summary: 'Edit a campaign (its country and billing start date are fixed once donors have pledged: 409)',
        params: idParamSchema,
        body: campaignRequestSchema,
        response: { 200: adminCampaignSchema, ...errorResponses(...ADMIN, ...BODY_ERRORS, 404, 409) },
      },
    },
    async (request) => {
      const campaign = await audited(request, async (tx) => {
        const before = await findCampaign(tx, request.params.id);
        const edited = await editCampaign(tx, request.params.id, request.body, app.clock.now());
        return withAudit(edited, { action: 'campaign.edit', target: `campaign ${edited.id}`, before, after: edited });
      });
      request.log.info({ campaignId: campaign.id, adminId: request.user?.id }, 'campaign edited');
      return campaign;
    },
  );

  app.delete(
    '/api/campaign/:id',
    {
      schema: {
        tags,
        summary: 'Delete a campaign nobody has pledged to (409 otherwise)',
        params: idParamSchema,
        response: { 200: campaignDeletedResponseSchema, ...errorResponses(...ADMIN, 400, 404, 409) },
      },
    },
    async (request, reply) => {
      await audited(request, async (tx) => {
        const before = await findCampaign(tx, request.params.id);
        await removeCampaign(tx, request.params.id);
        return withAudit(undefined, { action: 'campaign.delete', target: `campaign ${request.params.id}`, before });
      });
      request.log.info({ campaignId: request.params.id, adminId: request.user?.id }, 'campaign deleted');
      return reply.send({ message: 'Campaign deleted', id: request.params.id });
    },
  );

  app.post(
    '/api/campaign/deactivate',
    {
      schema: {
        tags,
        summary: "Deactivate every campaign whose end date has passed in its country",
        response: { 200: campaignsDeactivatedResponseSchema, ...errorResponses(...ADMIN) },
      },
    },
    async (request, reply) => {
      const count = await audited(request, async (tx) => {
        const n = await deactivatePastCampaigns(tx, app.clock.now());
        return withAudit(n, { action: 'campaign.deactivate_past', target: 'campaigns past their end date', after: { deactivated: n } });
      });
      request.log.info({ count, adminId: request.user?.id }, 'past campaigns deactivated');
      return reply.send({ message: deactivatedMessage(count), count });
    },
  );

  // The hero photo has routes of its own (docs/decisions/170), as a charity's photo does, so the
  // campaign form stays small.
  app.put(
    '/api/campaign/:id/photo',
    {
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: {
        tags,
        summary: "Set a campaign's hero photo: JPEG, PNG or WebP of at most 10 MB and at least 1280 × 480, stored as AVIF and WebP at 640, 1280 and 1920 px wide, without metadata",
        params: idParamSchema,
        body: campaignPhotoRequestSchema,
        response: { 200: adminCampaignSchema, ...errorResponses(...ADMIN, ...BODY_ERRORS, 404) },
      },
    },
    async (request, reply) => {
      // Decoded and re-encoded before the transaction opens: no connection waits on the pixels.
      const photo = await readHeroPhoto(request.body.photo_base64);
      const campaign = await audited(request, async (tx) => {
        const before = await findCampaign(tx, request.params.id);
        const saved = await setCampaignPhoto(tx, request.params.id, photo, request.body.alt, app.clock.now());
        return withAudit(saved, { action: 'campaign.photo_set', target: `campaign ${saved.id}`, before: photoRecord(before), after: photoRecord(saved) });
      });
      request.log.info({ campaignId: campaign.id, adminId: request.user?.id, renditions: photo.variants.length }, 'campaign photo set');
      return reply.send(campaign);
    },
  );

  app.delete(
    '/api/campaign/:id/photo',
    {
      schema: {
        tags,
        summary: "Remove a campaign's hero photo (its pages show the illustration again)",
        params: idParamSchema,
        response: { 200: adminCampaignSchema, ...errorResponses(...ADMIN, 400, 404) },
      },
    },
    async (request, reply) => {
      const campaign = await audited(request, async (tx) => {
        const before = await findCampaign(tx, request.params.id);
        const after = await removeCampaignPhoto(tx, request.params.id, app.clock.now());
        return withAudit(after, { action: 'campaign.photo_delete', target: `campaign ${after.id}`, before: photoRecord(before), after: photoRecord(after) });
      });
      request.log.info({ campaignId: campaign.id, adminId: request.user?.id }, 'campaign photo removed');
      return reply.send(campaign);
    },
  );
};

export default adminCampaignRoutes;
