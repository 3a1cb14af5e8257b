import {
  adminRecipientListSchema,
  charityExportCsvSchema,
  charityExportQuerySchema,
  exportListQuerySchema,
  exportListResponseSchema,
} from '@uplift/core/schemas/admin';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { auditorFor, withAudit } from '../audit/index.ts';
import { listExports, listRecipients } from './charities.repository.ts';
import { createCharityExport } from './charity-export.service.ts';

const tags = ['admin'];

/** The partner-charity export of opted-in donors, and the record of every export made. */
const charityExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const audited = auditorFor(app);
  app.get(
    '/api/admin/recipients',
    {
      schema: {
        tags,
        summary: "Every charity of both countries, for the export screen's choice",
        response: { 200: adminRecipientListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listRecipients(app.db),
  );

  app.get(
    '/api/admin/exports/charity',
    {
      schema: {
        tags,
        summary: "Download one charity's opted-in donors for one campaign as CSV (the export is recorded)",
        querystring: charityExportQuerySchema,
        // The 200 is text/csv: a string sent with that type skips the JSON serializer (only
        // JSON answers are checked against their schema), so it is declared for the description.
        response: { 200: charityExportCsvSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const result = await audited(request, async (tx) => {
        const made = await createCharityExport(tx, { adminId: admin.id, recipientId: request.query.recipient_id, campaignId: request.query.campaign_id, now: app.clock.now() });
        // Counts and ids only: never the donors' details.
        const target = `charity ${request.query.recipient_id}, campaign ${request.query.campaign_id}`;
        return withAudit(made, { action: 'donors.export', target, after: { export_id: made.exportId, rows: made.rowCount } });
      });
      // Counts and ids only: donors' details never reach the log.
      request.log.info(
        { exportId: result.exportId, adminId: admin.id, recipientId: request.query.recipient_id, campaignId: request.query.campaign_id, rows: result.rowCount },
        'charity export created',
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${result.filename}"`)
        .header('cache-control', 'no-store')
        .header('x-export-id', String(result.exportId))
        .header('x-export-rows', String(result.rowCount))
        .send(result.csv);
    },
  );

  app.get(
    '/api/admin/exports',
    {
      schema: {
        tags,
        summary: 'The charity exports made, newest first',
        querystring: exportListQuerySchema,
        response: { 200: exportListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.send({ exports: await listExports(app.db, request.query.limit) }),
  );
};

export default charityExportRoutes;
