import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses } from '@uplift/core/schemas/error';
import { newsDraftSchema, newsPreviewSchema, newsSendSchema, newsUpdateSchema } from '@uplift/core/schemas/news';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import { auditorFor } from '../audit/index.ts';
import { createNews, getNews, listNews, type NewsDeps, previewNews, startNews } from './news.service.ts';

const tags = ['admin'];

/** News the trust sends to donors who opted in (docs/decisions/137). Admin only (guarded in routes.ts). */
const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const audited = auditorFor(app);
  const deps: NewsDeps = { db: app.db, clock: app.clock, mailer: app.mailer, queue: app.queue, log: app.log, config: app.config };

  app.get(
    '/api/admin/news',
    { schema: { tags, summary: 'The news updates sent, newest first, with how far each has gone', response: { 200: z.array(newsUpdateSchema), ...errorResponses(401, 403) } } },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await listNews(deps)),
  );

  app.post(
    '/api/admin/news/preview',
    {
      schema: {
        tags,
        summary: 'How many donors a news update would reach now, and the mail each country would get (sends nothing)',
        body: newsDraftSchema,
        response: { 200: newsPreviewSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => reply.send(await previewNews(deps, request.body)),
  );

  app.post(
    '/api/admin/news',
    {
      schema: {
        tags,
        summary: 'Send a news update to the audience shown in the preview (audited); it goes out in batches through the outbox',
        body: newsSendSchema,
        response: { 202: newsUpdateSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const id = await audited(request, (tx) => createNews(tx, app.clock.now(), currentUser(request).id, request.body));
      return reply.status(202).send(await startNews(deps, id));
    },
  );

  app.get(
    '/api/admin/news/:id',
    { schema: { tags, summary: 'One news update and how far its sending has gone', params: idParamSchema, response: { 200: newsUpdateSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await getNews(deps, request.params.id)),
  );
};

export default newsRoutes;
