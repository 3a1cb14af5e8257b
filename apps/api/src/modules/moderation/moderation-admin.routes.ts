import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import {
  adminReportListSchema,
  giftModerationSchema,
  giftModerationStateSchema,
  moderationChangeSchema,
  moderationStateSchema,
  resolveReportSchema,
  slugParamSchema,
} from '@uplift/core/schemas/moderation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import { auditorFor } from '../audit/index.ts';
import { listReports, moderateGiftMessage, moderatePage, moderateTeam, type ModerationNotice, resolveReport, sendModerationNotices } from './moderation.service.ts';

const tags = ['moderation'];
const ADMIN = [401, 403] as const;

// The admins' side of moderation (docs/decisions/141-moderation.md). Registered inside the admin
// plugin (routes.ts), so requireAdmin runs first; every change is audited in its own transaction.
const moderationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const audited = auditorFor(app);
  const noticeDeps = { mailer: app.mailer, appUrl: app.config.appUrl, mailFrom: app.config.mailFrom };
  /** The action's answer, once its owner's notices are mailed (after the commit: a refused action mails no one, docs/decisions/159). */
  const answer = async <T>(done: { result: T; notices: ModerationNotice[] }): Promise<T> => {
    await sendModerationNotices(noticeDeps, done.notices);
    return done.result;
  };

  app.get(
    '/api/admin/reports',
    { schema: { tags, summary: 'Reports: open ones first (oldest first), with what was reported as text', response: { 200: adminReportListSchema, ...errorResponses(...ADMIN) } } },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ reports: await listReports(app.db) }),
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Resolve a report: hide what was reported (closing its other open reports), only its photo or story, or dismiss it; a hide mails the owner the reason',
        params: idParamSchema,
        body: resolveReportSchema,
        response: {
          200: z.object({ id: z.number().int(), resolution: z.enum(['hidden', 'dismissed']), resolved_report_ids: z.array(z.number().int()) }),
          ...errorResponses(...ADMIN, 400, 404, 409),
        },
      },
    },
    async (request) => answer(await audited(request, (tx) => resolveReport(tx, request.params.id, request.body, currentUser(request).id, app.clock.now()))),
  );

  app.put(
    '/api/admin/moderation/pages/:slug',
    {
      schema: {
        tags,
        summary: 'Hide or show a page, its photo and/or its story; a hide needs a reason, mailed to the owner',
        params: slugParamSchema,
        body: moderationChangeSchema,
        response: { 200: moderationStateSchema, ...errorResponses(...ADMIN, 400, 404) },
      },
    },
    async (request) => answer(await audited(request, (tx) => moderatePage(tx, request.params.slug, request.body))),
  );

  app.put(
    '/api/admin/moderation/teams/:slug',
    {
      schema: {
        tags,
        summary: 'Hide or show a team, its photo and/or its story; a hide needs a reason, mailed to the captain',
        params: slugParamSchema,
        body: moderationChangeSchema,
        response: { 200: moderationStateSchema, ...errorResponses(...ADMIN, 400, 404) },
      },
    },
    async (request) => answer(await audited(request, (tx) => moderateTeam(tx, request.params.slug, request.body))),
  );

  app.put(
    '/api/admin/moderation/gifts/:id',
    {
      schema: {
        tags,
        summary: "Hide or show a friend's message on a page; a hide needs a reason, mailed to the page's owner",
        params: idParamSchema,
        body: giftModerationSchema,
        response: { 200: giftModerationStateSchema, ...errorResponses(...ADMIN, 400, 404) },
      },
    },
    async (request) => answer(await audited(request, (tx) => moderateGiftMessage(tx, request.params.id, request.body))),
  );
};

export default moderationAdminRoutes;
