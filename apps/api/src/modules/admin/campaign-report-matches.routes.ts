import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import { adminMatchListSchema, adminMatchSchema, matchCreateSchema, matchedCsvSchema, matchLogoRequestSchema, matchUpdateSchema } from '@uplift/core/schemas/match';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditorFor, withAudit } from '../audit/index.ts';
import { createMatch, listMatches, matchAuditAction, readMatchLogo, removeMatchLogo, setMatchLogo, updateMatch } from '../payments/index.ts';
import { matchedCsv } from './campaign-report-matches.service.ts';

const tags = ['admin'];
const ADMIN = [401, 403] as const;
/** Base64 of a 1 MB logo (1.4 MB) and a little more. */
const LOGO_BODY_LIMIT = 1536 * 1024;

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

  // The sponsor's logo (docs/decisions/169): a file checked and re-encoded on the server, served from
  // our origin. Audited as an edit of the match; the audit keeps its address, never its bytes.
  app.put(
    '/api/admin/matches/:id/logo',
    {
      bodyLimit: LOGO_BODY_LIMIT,
      schema: {
        tags,
        summary: "Set a match sponsor's logo: JPEG, PNG or WebP of at most 1 MB and at least 64 × 32, stored as WebP without metadata",
        params: idParamSchema,
        body: matchLogoRequestSchema,
        response: { 200: adminMatchSchema, ...errorResponses(...ADMIN, 400, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      // Decoded and re-encoded before the transaction opens: no connection waits on the pixels.
      const logo = await readMatchLogo(request.body.logo_base64);
      const match = await audited(request, async (tx) => {
        const { before, after } = await setMatchLogo(tx, request.params.id, logo, app.clock.now());
        return withAudit(after, { action: 'match.edit', target: `campaign ${after.campaign_id}, match ${after.id}`, before, after });
      });
      request.log.info({ matchId: match.id, adminId: request.user?.id, bytes: logo.data.length }, 'match logo set');
      return reply.header('cache-control', 'no-store').send(match);
    },
  );

  app.delete(
    '/api/admin/matches/:id/logo',
    {
      schema: {
        tags,
        summary: "Remove a match sponsor's logo",
        params: idParamSchema,
        response: { 200: adminMatchSchema, ...errorResponses(...ADMIN, 400, 404, 409) },
      },
    },
    async (request, reply) => {
      const match = await audited(request, async (tx) => {
        const { before, after } = await removeMatchLogo(tx, request.params.id);
        return withAudit(after, { action: 'match.edit', target: `campaign ${after.campaign_id}, match ${after.id}`, before, after });
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
