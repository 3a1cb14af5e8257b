import { isCountryCode } from '@uplift/core/countries';
import { isMilestone } from '@uplift/core/milestones';
import type { FastifyPluginAsync } from 'fastify';
import { shareImageErrors } from './share-image.errors.ts';
import { FUNDRAISING_CARD_FILE, fundraisingCard, type FundraisingKind } from './fundraising-card.service.ts';
import pageShareRoutes from './page-share.routes.ts';
import { shareImage, type ShareImageDeps } from './share-image.service.ts';

/** How long browsers and CDNs may reuse a card (seconds); og:image URLs carry a version anyway. */
export const SHARE_IMAGE_MAX_AGE = 300;
/** A page's or team's card at its current version: the URL changes when the card does, so it is kept for a year. */
export const FUNDRAISING_CARD_CACHE = 'public, max-age=31536000, immutable';

/**
 * GET /share-image/{NZ|UK}.png: the country's 1200×630 preview card (docs/decisions/025);
 * /share-image/{NZ|UK}-{halfway|completed}.png: the same with a donor's milestone badge (docs/decisions/137). Outside
 * /api on purpose: robots.txt disallows /api/, and X's crawler obeys robots.txt.
 * /share-image/{page|team}-{slug}-{version}.png: a public challenge page's or team's card (docs/decisions/143);
 * 404 for a draft, hidden or unknown one; an older version answers today's card, cached briefly.
 */
const shareImageRoutes: FastifyPluginAsync<{ deps: ShareImageDeps }> = async (app, { deps }) => {
  // A public page's QR code and poster (docs/decisions/164).
  await app.register(pageShareRoutes, { deps: { db: deps.db, appUrl: deps.appUrl } });
  app.get<{ Params: { file: string } }>('/share-image/:file', async (request, reply) => {
    const fundraising = request.params.file.match(FUNDRAISING_CARD_FILE);
    if (fundraising) {
      const [, kind, slug, version] = fundraising as unknown as [string, FundraisingKind, string, string];
      const card = await fundraisingCard(deps, kind, slug, version);
      if (!card) {
        const missing = shareImageErrors.notFound();
        return reply.status(missing.status).send({ message: missing.message, code: missing.code });
      }
      const etag = `"${card.version}"`;
      reply.header('cache-control', card.current ? FUNDRAISING_CARD_CACHE : `public, max-age=${SHARE_IMAGE_MAX_AGE}`).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/png').send(card.png);
    }
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
