import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes, unsubscribeRoutes } from './modules/account/index.ts';
import { adminAuditRoutes, adminUserRoutes, campaignMatchRoutes, campaignReportRoutes, newsRoutes } from './modules/admin/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { changeCardRoutes, payNowRoutes, refundRoutes, registerBillingStripeEvents } from './modules/billing/index.ts';
import { campaignAdminRoutes, campaignRoutes, testimonialAdminRoutes, testimonialRoutes } from './modules/campaigns/index.ts';
import { challengePageRoutes, leaderboardRoutes } from './modules/challenge-pages/index.ts';
import { challengeAdminRoutes, challengeRoutes } from './modules/challenges/index.ts';
import { charityAdminRoutes, charityExportRoutes, charityRoutes } from './modules/charities/index.ts';
import { geoRoutes } from './modules/geo/index.ts';
import { giftAttemptKey, giftRefundRoutes, giftRoutes, registerGiftStripeEvents } from './modules/gifts/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { moderationAdminRoutes, reportRoutes } from './modules/moderation/index.ts';
import { createStripeEventDispatcher, paymentMethodRoutes, paymentRoutes } from './modules/payments/index.ts';
import { pledgeRoutes } from './modules/pledges/index.ts';
import { summaryRoutes } from './modules/summary/index.ts';
import { systemRoutes } from './modules/system/index.ts';
import { totalsRoutes } from './modules/totals/index.ts';

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
  await app.register(campaignMatchRoutes);
  await app.register(challengeAdminRoutes);
  await app.register(adminAuditRoutes);
  await app.register(systemRoutes);
  await app.register(refundRoutes);
  await app.register(giftRefundRoutes);
  await app.register(newsRoutes);
  await app.register(moderationAdminRoutes);
  await app.register(testimonialAdminRoutes);
};

export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(geoRoutes);
  await app.register(campaignRoutes);
  await app.register(testimonialRoutes);
  await app.register(challengeRoutes);
  await app.register(charityRoutes);
  await app.register(totalsRoutes);
  await app.register(leaderboardRoutes);
  await app.register(reportRoutes);
  await app.register(pledgeRoutes);
  await app.register(changeCardRoutes);
  await app.register(paymentMethodRoutes);
  await app.register(payNowRoutes);
  const settleDeps = { db: app.db, clock: app.clock, mailer: app.mailer, log: app.log, appUrl: app.config.appUrl, receipt: app.config.receipt, mailLinks: app.config.mailLinks };
  const giftDeps = {
    db: app.db,
    clock: app.clock,
    payments: app.payments,
    mailer: app.mailer,
    log: app.log,
    appUrl: app.config.appUrl,
    receipt: app.config.receipt,
    attemptKey: giftAttemptKey(app.config.secrets.key),
    mailLinks: app.config.mailLinks,
  };
  // Payments receives Stripe's events and dispatches each to the handler registered for what it is
  // about (docs/decisions/150): a pledge payment's is billing's, a gift's (metadata.gift_id) the gifts module's.
  const stripeEvents = createStripeEventDispatcher({ db: app.db });
  registerBillingStripeEvents(stripeEvents, settleDeps);
  registerGiftStripeEvents(stripeEvents, giftDeps);
  await app.register(paymentRoutes, { stripeEvents });
  // Friends' gifts on challenge pages (docs/decisions/138).
  await app.register(giftRoutes);
  await app.register(summaryRoutes);
  await app.register(challengePageRoutes);
  await app.register(adminRoutes);
  await app.register(accountRoutes);
  await app.register(unsubscribeRoutes);
};
