import { slugParamSchema } from '@uplift/core/schemas/challenge-pages';
import { errorResponses } from '@uplift/core/schemas/error';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shareImageErrors } from './share-image.errors.ts';
import { pagePoster, pageQr, type PageShareDeps } from './page-share.service.ts';

const tags = ['share'];

/**
 * How long a page's QR code and poster may be reused (seconds): briefly, so a page its owner or an
 * admin hides stops being served soon, and a new name or photo reaches the poster.
 */
export const PAGE_SHARE_MAX_AGE = 300;

function sendFile(reply: FastifyReply, type: string, filename: string, body: Buffer | string) {
  return reply
    .header('content-type', type)
    .header('cache-control', `public, max-age=${PAGE_SHARE_MAX_AGE}`)
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .send(body as unknown as string);
}

const notFound = () => shareImageErrors.pageNotFound();

/**
 * A public page's QR code (PNG, SVG) and printable A4 poster (PDF), made on the server for anyone
 * (docs/decisions/164); the same 404 for a draft, a hidden and an unknown page.
 */
const pageShareRoutes: FastifyPluginAsyncZod<{ deps: PageShareDeps }> = async (app, { deps }) => {
  for (const format of ['png', 'svg'] as const) {
    app.get(
      `/api/pages/:slug/qr.${format}`,
      {
        schema: {
          tags,
          summary: `A public page's QR code (${format.toUpperCase()}): its address with ?via=qr`,
          params: slugParamSchema,
          response: { 200: z.string().describe(format === 'png' ? 'The image (image/png)' : 'The image (image/svg+xml)'), ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const qr = await pageQr(deps, request.params.slug, format);
        if (qr === undefined) throw notFound();
        return sendFile(reply, format === 'png' ? 'image/png' : 'image/svg+xml', `qr-${request.params.slug}.${format}`, qr);
      },
    );
  }
  app.get(
    '/api/pages/:slug/poster.pdf',
    {
      schema: {
        tags,
        summary: "A public page's printable A4 poster (PDF): photo, name, one line and a QR code of its address with ?via=poster",
        params: slugParamSchema,
        response: { 200: z.string().describe('The poster (application/pdf)'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const poster = await pagePoster(deps, request.params.slug);
      if (!poster) throw notFound();
      return sendFile(reply, 'application/pdf', poster.filename, poster.pdf);
    },
  );
};

export default pageShareRoutes;
