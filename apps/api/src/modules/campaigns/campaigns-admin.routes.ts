import {
  adminCampaignListSchema,
  adminCampaignSchema,
  campaignDeletedResponseSchema,
  campaignRequestSchema,
  campaignsDeactivatedResponseSchema,
} from '@uplift/core/schemas/campaign';
import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditorFor, withAudit } from '../audit/index.ts';
import { findCampaign, listCampaigns } from './campaigns.repository.ts';
import { createCampaign, deactivatedMessage, deactivatePastCampaigns, editCampaign, removeCampaign } from './campaigns-admin.service.ts';

const tags = ['admin'];
/** Every route here is admin only (401 without a token, 403 for a donor's). */
const ADMIN = [401, 403] as const;
/** A JSON body can also be malformed (400), too large (413) or of another type (415). */
const BODY_ERRORS = [400, 413, 415] as const;

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
};

export default adminCampaignRoutes;
