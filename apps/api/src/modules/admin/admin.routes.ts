import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import adminAuditRoutes from './admin-audit.routes.ts';
import adminCampaignRoutes from '../campaigns/campaigns-admin.routes.ts';
import adminChallengeRoutes from '../challenges/challenges-admin.routes.ts';
import adminCharityRoutes from '../charities/charities-admin.routes.ts';
import campaignReportRoutes from './campaign-report.routes.ts';
import adminUserRoutes from './admin-users.routes.ts';
import charityExportRoutes from '../charities/charity-export.routes.ts';

/**
 * Admin (issues 7 and 15): campaign management, the user list, the partner-charity export,
 * charities, challenges, what each campaign offers, the campaign report and payouts.
 * Every route below is admin only. The check runs on `onRequest`, before body and query
 * validation, so a stranger learns nothing from validation messages (401/403 come first).
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(adminCampaignRoutes);
  await app.register(adminUserRoutes);
  await app.register(charityExportRoutes);
  await app.register(adminCharityRoutes);
  await app.register(campaignReportRoutes);
  await app.register(adminChallengeRoutes);
  await app.register(adminAuditRoutes);
};

export default adminRoutes;
