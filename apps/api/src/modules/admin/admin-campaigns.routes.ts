import { campaignRequestSchema } from '@uplift/core/schemas/campaign';
import { idParamSchema } from '@uplift/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCampaigns } from './admin-campaigns.repository.ts';
import { createCampaign, deactivatedMessage, deactivatePastCampaigns, editCampaign, removeCampaign } from './admin-campaigns.service.ts';

/**
 * SPEC §7 campaign administration. Registered only inside the admin plugin (requireAdmin).
 * Public reads (/active, /closest/:country, /:id) live in modules/campaigns: static paths here
 * ('/api/campaign/', '/api/campaign/deactivate') take precedence over their '/:id'.
 */
const adminCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = async () => listCampaigns(app.db);
  app.get('/api/campaign/', list);
  app.get('/api/campaign', list);

  app.post('/api/campaign', { schema: { body: campaignRequestSchema } }, async (request, reply) => {
    const campaign = await createCampaign(app.db, request.body);
    request.log.info({ campaignId: campaign.id, adminId: request.user?.id }, 'campaign created');
    return reply.status(201).send(campaign);
  });

  app.put('/api/campaign/:id', { schema: { params: idParamSchema, body: campaignRequestSchema } }, async (request) => {
    const campaign = await editCampaign(app.db, request.params.id, request.body, app.clock.now());
    request.log.info({ campaignId: campaign.id, adminId: request.user?.id }, 'campaign edited');
    return campaign;
  });

  app.delete('/api/campaign/:id', { schema: { params: idParamSchema } }, async (request) => {
    await removeCampaign(app.db, request.params.id);
    request.log.info({ campaignId: request.params.id, adminId: request.user?.id }, 'campaign deleted');
    return { message: 'Campaign deleted', id: request.params.id };
  });

  app.post('/api/campaign/deactivate', async (request) => {
    const count = await deactivatePastCampaigns(app.db, app.clock.now());
    request.log.info({ count, adminId: request.user?.id }, 'past campaigns deactivated');
    return { message: deactivatedMessage(count), count };
  });
};

export default adminCampaignRoutes;
