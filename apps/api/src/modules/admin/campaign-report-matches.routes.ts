import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import { adminMatchListSchema, adminMatchSchema, matchCreateSchema, matchedCsvSchema, matchUpdateSchema } from '@uplift/core/schemas/match';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditorFor, withAudit } from '../audit/index.ts';
import { createMatch, listMatches, matchAuditAction, updateMatch } from '../payments/index.ts';
import { matchedCsv } from './campaign-report-matches.service.ts';

const tags = ['admin'];
const ADMIN = [401, 403] as const;

/**
 * Match funds on a campaign (docs/product-rules.md §23, docs/decisions/160-match-funds.md): made,
 * edited, paused and ended by admins, every change audited; the sponsor's statement as CSV. The
 * rows are the payments ledger's; registered inside the admin plugin.
 */
const campaignMatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const audited = auditorFor(app);

  app.get(
    '/api/admin/campaigns/:id/matches',
    {
      schema: {
        tags,
        summary: "The campaign's match funds, oldest first: matched so far, left, and owed per charity",
        params: idParamSchema,
        response: { 200: adminMatchListSchema, ...errorResponses(...ADMIN, 400, 404) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send({ matches: await listMatches(app.db, request.params.id) }),
  );

  app.post(
    '/api/admin/campaigns/:id/matches',
    {
      schema: {
        tags,
        summary: 'Add a match fund to the campaign, optionally narrowed to one charity, team or page',
        params: idParamSchema,
        body: matchCreateSchema,
        response: { 201: adminMatchSchema, ...errorResponses(...ADMIN, 400, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const match = await audited(request, async (tx) => {
        const made = await createMatch(tx, request.params.id, request.body, app.clock.now());
        return withAudit(made, { action: 'match.create', target: `campaign ${made.campaign_id}, match ${made.id}`, after: made });
      });
      return reply.status(201).send(match);
    },
  );

  app.patch(
    '/api/admin/matches/:id',
    {
      schema: {
        tags,
        summary: 'Edit, pause, resume or end a match: a cap may be raised, never lowered below what is matched (409)',
        params: idParamSchema,
        body: matchUpdateSchema,
        response: { 200: adminMatchSchema, ...errorResponses(...ADMIN, 400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const match = await audited(request, async (tx) => {
        const { before, after } = await updateMatch(tx, request.params.id, request.body, app.clock.now());
        return withAudit(after, { action: matchAuditAction(before, request.body), target: `campaign ${after.campaign_id}, match ${after.id}`, before, after });
      });
      return reply.header('cache-control', 'no-store').send(match);
    },
  );

  app.get(
    '/api/admin/matches/:id/matched.csv',
    {
      schema: {
        tags,
        summary: "The sponsor's statement: each matched gift or payment (receipt, date, page, charity, amount, matched); no giver's name or email",
        params: idParamSchema,
        response: { 200: matchedCsvSchema, ...errorResponses(...ADMIN, 400, 404) },
      },
    },
    async (request, reply) => {
      const { csv, filename } = await matchedCsv(app.db, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};

export default campaignMatchRoutes;
