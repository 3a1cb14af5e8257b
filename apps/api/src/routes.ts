import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import accountRoutes from './modules/account/account.routes.ts';
import adminAuditRoutes from './modules/admin/admin-audit.routes.ts';
import adminUserRoutes from './modules/admin/admin-users.routes.ts';
import campaignReportRoutes from './modules/admin/campaign-report.routes.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import changeCardRoutes from './modules/billing/change-card.routes.ts';
import payNowRoutes from './modules/billing/pay-now.routes.ts';
import { handleStripePaymentEvent } from './modules/billing/stripe-webhook.job.ts';
import campaignAdminRoutes from './modules/campaigns/campaigns-admin.routes.ts';
import campaignRoutes from './modules/campaigns/campaigns.routes.ts';
import challengeAdminRoutes from './modules/challenges/challenges-admin.routes.ts';
import challengeRoutes from './modules/challenges/challenges.routes.ts';
import charityAdminRoutes from './modules/charities/charities-admin.routes.ts';
import charityRoutes from './modules/charities/charities.routes.ts';
import charityExportRoutes from './modules/charities/charity-export.routes.ts';
import geoRoutes from './modules/geo/geo.routes.ts';
import healthRoutes from './modules/health/health.routes.ts';
import paymentMethodRoutes from './modules/payments/payment-methods.routes.ts';
import paymentRoutes from './modules/payments/payments.routes.ts';
import pledgeRoutes from './modules/pledges/pledges.routes.ts';
import summaryRoutes from './modules/summary/summary.routes.ts';
import totalsRoutes from './modules/totals/totals.routes.ts';

// Every module's HTTP routes, in the order of the API description (docs/openapi.json lists paths
// in the order they are registered). Modules never register each other's routes: this is the
// one place that composes them (docs/architecture.md).

/**
 * Admin only. The check runs on `onRequest`, before body and query validation, so a stranger
 * learns nothing from validation messages (401/403 come first). Each module owns its admin routes;
 * they are guarded here together.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(campaignAdminRoutes);
  await app.register(adminUserRoutes);
  await app.register(charityExportRoutes);
  await app.register(charityAdminRoutes);
  await app.register(campaignReportRoutes);
  await app.register(challengeAdminRoutes);
  await app.register(adminAuditRoutes);
};

export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(geoRoutes);
  await app.register(campaignRoutes);
  await app.register(challengeRoutes);
  await app.register(charityRoutes);
  await app.register(totalsRoutes);
  await app.register(pledgeRoutes);
  await app.register(changeCardRoutes);
  await app.register(paymentMethodRoutes);
  await app.register(payNowRoutes);
  const settleDeps = { db: app.db, clock: app.clock, mailer: app.mailer, log: app.log, appUrl: app.config.appUrl, receipt: app.config.receipt };
  await app.register(paymentRoutes, { handleStripePaymentEvent: (job) => handleStripePaymentEvent(settleDeps, job) });
  await app.register(summaryRoutes);
  await app.register(adminRoutes);
  await app.register(accountRoutes);
};
