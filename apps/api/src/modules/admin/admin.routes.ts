import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import adminAuditRoutes from './admin-audit.routes.ts';
import adminCampaignRoutes from './admin-campaigns.routes.ts';
import adminUserRoutes from './admin-users.routes.ts';
import charityExportRoutes from './charity-export.routes.ts';

/**
 * Admin (issue 7): campaign management, the user list and the partner-charity export.
 * Every route below is admin only. The check runs on `onRequest`, before body and query
 * validation, so a stranger learns nothing from validation messages (401/403 come first).
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(adminCampaignRoutes);
  await app.register(adminUserRoutes);
  await app.register(charityExportRoutes);
  await app.register(adminAuditRoutes);
};

export default adminRoutes;
