import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { listExports, listRecipients } from './charity-export.repository.ts';
import { charityExportQuerySchema } from './charity-export.schemas.ts';
import { createCharityExport } from './charity-export.service.ts';

const exportListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 500' })
    .int({ error: 'limit must be a whole number from 1 to 500' })
    .min(1, { error: 'limit must be a whole number from 1 to 500' })
    .max(500, { error: 'limit must be a whole number from 1 to 500' })
    .default(50),
});

/** The partner-charity export of opted-in donors, and the record of every export made. */
const charityExportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every charity of both countries, for the export screen's choice.
  app.get('/api/admin/recipients', async () => listRecipients(app.db));

  app.get('/api/admin/exports/charity', { schema: { querystring: charityExportQuerySchema } }, async (request, reply) => {
    const admin = currentUser(request);
    const result = await createCharityExport(app.db, {
      adminId: admin.id,
      recipientId: request.query.recipient_id,
      campaignId: request.query.campaign_id,
      now: app.clock.now(),
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
  });

  app.get('/api/admin/exports', { schema: { querystring: exportListQuerySchema } }, async (request) => ({
    exports: await listExports(app.db, request.query.limit),
  }));
};

export default charityExportRoutes;
