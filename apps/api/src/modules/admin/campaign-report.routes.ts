import {
  campaignReportCsvSchema,
  campaignReportSchema,
  payoutCorrectionParamsSchema,
  payoutCorrectionRequestSchema,
  payoutListSchema,
  payoutRequestSchema,
  payoutSchema,
} from '@uplift/core/schemas/campaign-report';
import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { auditorFor, withAudit } from '../audit/index.ts';
import { buildCampaignReport, listPayouts, recordPayout, recordPayoutCorrection, reportCsv } from './campaign-report.service.ts';

const tags = ['admin'];
const ADMIN = [401, 403] as const;

/** The campaign report and the payout record (decisions 055–056). Registered inside the admin plugin. */
const campaignReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const audited = auditorFor(app);
  app.get(
    '/api/admin/campaigns/:id/report',
    {
      schema: {
        tags,
        summary: 'Per charity and per challenge: pledges, donors, pledged, collected, failed, cancelled, fees, net, paid out, owed; and per day',
        params: idParamSchema,
        response: { 200: campaignReportSchema, ...errorResponses(...ADMIN, 400, 404) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await buildCampaignReport(app.db, request.params.id)),
  );

  app.get(
    '/api/admin/campaigns/:id/report.csv',
    {
      schema: {
        tags,
        summary: 'The campaign report as CSV',
        params: idParamSchema,
        // text/csv: a string with that type skips the JSON serializer; declared for the description.
        response: { 200: campaignReportCsvSchema, ...errorResponses(...ADMIN, 400, 404) },
      },
    },
    async (request, reply) => {
      const { csv, filename } = reportCsv(await buildCampaignReport(app.db, request.params.id));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/admin/campaigns/:id/payouts',
    {
      schema: {
        tags,
        summary: 'The payouts recorded for a campaign, newest first',
        params: idParamSchema,
        response: { 200: payoutListSchema, ...errorResponses(...ADMIN, 400, 404) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send({ payouts: await listPayouts(app.db, request.params.id) }),
  );

  app.post(
    '/api/admin/campaigns/:id/payouts',
    {
      schema: {
        tags,
        summary: 'Record a payout to a charity: at most what is still owed to it for the campaign (409 otherwise)',
        params: idParamSchema,
        body: payoutRequestSchema,
        response: { 201: payoutSchema, ...errorResponses(...ADMIN, 400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const payout = await audited(request, async (tx) => {
        const recorded = await recordPayout(tx, request.params.id, admin.id, request.body, app.clock.now());
        return withAudit(recorded, { action: 'campaign.payout', target: `campaign ${recorded.campaign_id}, charity ${recorded.recipient_id}`, after: recorded });
      });
      request.log.info({ payoutId: payout.id, campaignId: payout.campaign_id, recipientId: payout.recipient_id, adminId: admin.id }, 'payout recorded');
      return reply.status(201).send(payout);
    },
  );

  app.post(
    '/api/admin/campaigns/:id/payouts/:payoutId/corrections',
    {
      schema: {
        tags,
        summary: 'Correct a payout recorded by mistake: a new negative entry naming the payout and why (append-only)',
        params: payoutCorrectionParamsSchema,
        body: payoutCorrectionRequestSchema,
        response: { 201: payoutSchema, ...errorResponses(...ADMIN, 400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const { id, payoutId } = request.params;
      const correction = await audited(request, async (tx) => {
        const recorded = await recordPayoutCorrection(tx, id, payoutId, admin.id, request.body, app.clock.now());
        return withAudit(recorded, {
          action: 'campaign.payout_correction',
          target: `campaign ${recorded.campaign_id}, charity ${recorded.recipient_id}, payout ${payoutId}`,
          after: recorded,
        });
      });
      request.log.info({ payoutId: correction.id, correctsPayoutId: payoutId, campaignId: id, adminId: admin.id }, 'payout correction recorded');
      return reply.status(201).send(correction);
    },
  );
};

export default campaignReportRoutes;
