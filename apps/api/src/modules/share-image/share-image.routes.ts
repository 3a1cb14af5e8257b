import { isCountryCode } from '@uplift/core/countries';
import { isMilestone } from '@uplift/core/milestones';
import type { FastifyPluginAsync } from 'fastify';
import { shareImageErrors } from './share-image.errors.ts';
import { shareImage, type ShareImageDeps } from './share-image.service.ts';

/** How long browsers and CDNs may reuse a card (seconds); og:image URLs carry a version anyway. */
export const SHARE_IMAGE_MAX_AGE = 300;

/**
 * GET /share-image/{NZ|UK}.png: the country's 1200×630 preview card (docs/decisions/025);
 * /share-image/{NZ|UK}-{halfway|completed}.png: the same with a donor's milestone badge (docs/decisions/137). Outside
 * /api on purpose: robots.txt disallows /api/, and X's crawler obeys robots.txt.
 */
const shareImageRoutes: FastifyPluginAsync<{ deps: ShareImageDeps }> = async (app, { deps }) => {
  app.get<{ Params: { file: string } }>('/share-image/:file', async (request, reply) => {
    const [, country, milestone] = request.params.file.match(/^([A-Z]{2})(?:-([a-z]+))?\.png$/) ?? [];
    if (!isCountryCode(country) || (milestone !== undefined && !isMilestone(milestone))) {
      const missing = shareImageErrors.notFound();
      return reply.status(missing.status).send({ message: missing.message, code: missing.code });
    }
    const image = await shareImage(deps, country, milestone);
    reply.header('cache-control', `public, max-age=${SHARE_IMAGE_MAX_AGE}`).header('etag', image.etag);
    if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
    return reply.type('image/png').send(image.png);
  });
};

export default shareImageRoutes;
