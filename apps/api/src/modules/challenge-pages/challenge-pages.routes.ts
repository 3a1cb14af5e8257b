import { errorResponses } from '@uplift/core/schemas/error';
import {
  coverParamSchema,
  coverRequestSchema,
  createPageSchema,
  createUpdateSchema,
  createTeamSchema,
  fundraisingPhotoRequestSchema,
  giftsQuerySchema,
  memberParamSchema,
  myPageSchema,
  pageGiftListSchema,
  photoParamSchema,
  photoQuerySchema,
  publicPageSchema,
  publicTeamSchema,
  slugAvailableQuerySchema,
  slugAvailableSchema,
  slugParamSchema,
  updatePageSchema,
  updateParamSchema,
  updatePhotoParamSchema,
  updateTeamSchema,
} from '@uplift/core/schemas/challenge-pages';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { writeSecurityEvent } from '../../security-log.ts';
import { pageErrors } from './challenge-pages.errors.ts';
import * as service from './challenge-pages.service.ts';
import * as backing from './page-backing.service.ts';
import { readPageCover, readPagePhoto } from './page-photo.ts';

const tags = ['challenge-pages'];

/** Base64 of a 5 MB photo (6.7 MB) and a little JSON. */
const PHOTO_BODY_LIMIT = 7 * 1024 * 1024;

/** Photo bytes under an address carrying their hash: cached for good. */
function sendPhoto(reply: FastifyReply, data: Buffer, format: 'webp' | 'avif' = 'webp') {
  return reply
    .header('content-type', `image/${format}`)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(data as unknown as string);
}

// Challenge pages and teams (docs/decisions/142-server-rendered-pages-and-teams.md, photos 139).
// /api/my-page and /api/my-team act on the signed-in donor's own page, so no one edits another's.
const routes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.PageDeps = { db: app.db, clock: app.clock };
  // Before the body is read and checked: a stranger learns nothing from validation messages.
  const signedIn = { onRequest: app.authenticate };

  // A donor acting on a team they do not captain is refused access to another's record: a
  // security event (docs/security.md), as a pledge or a session of someone else's is.
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof DomainError && error.code === pageErrors.notCaptain.code) {
      writeSecurityEvent(request.log, 'access_refused', { userId: request.user?.id ?? null, ip: request.ip, requestId: request.id, route: request.routeOptions.url, status: error.status });
    }
  });

  app.get(
    '/api/pages/slug-available',
    {
      schema: {
        tags,
        summary: 'Whether a page (or, kind=team, a team) address is free and follows the rule; message says why not',
        querystring: slugAvailableQuerySchema,
        response: { 200: slugAvailableSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.slugAvailable(deps, request.query.slug, request.query.kind);
    },
  );

  app.get(
    '/api/my-page',
    { ...signedIn, schema: { tags, summary: "The signed-in donor's challenge page, whatever its state", response: { 200: myPageSchema, ...errorResponses(401, 404) } } },
    async (request) => service.getMyPage(deps, currentUser(request).id),
  );
  app.post(
    '/api/my-page',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Create a draft page for the donor's Confirmed pledge (one per pledge)",
        body: createPageSchema,
        response: { 201: myPageSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createMyPage(deps, currentUser(request).id, request.body)),
  );
  app.patch(
    '/api/my-page',
    {
      ...signedIn,
      schema: { tags, summary: 'Change the page; published: true publishes it, false hides it again', body: updatePageSchema, response: { 200: myPageSchema, ...errorResponses(400, 401, 404, 409) } },
    },
    async (request) => service.updateMyPage(deps, currentUser(request).id, request.body),
  );
  app.delete(
    '/api/my-page',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Delete the page and its photo (its gifts stay, without the page); not while an admin has hidden it or the team it captains',
        response: { 204: z.null(), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteMyPage(deps, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/api/my-page/photo',
    {
      ...signedIn,
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: {
        tags,
        summary: "Set the page's photo: JPEG, PNG or WebP of at most 5 MB and at least 200 × 200, stored as WebP without metadata",
        body: fundraisingPhotoRequestSchema,
        response: { 200: myPageSchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await service.getMyPage(deps, userId); // no page: 404 before the work of decoding
      const photo = await readPagePhoto(request.body.photo_base64);
      return service.setMyPagePhoto(deps, userId, photo);
    },
  );
  app.delete(
    '/api/my-page/photo',
    { ...signedIn, schema: { tags, summary: "Remove the page's photo", response: { 200: myPageSchema, ...errorResponses(401, 404) } } },
    async (request) => service.removeMyPagePhoto(deps, currentUser(request).id),
  );

  // A page worth backing (docs/decisions/166): its cover and its owner's updates.
  app.put(
    '/api/my-page/cover',
    {
      ...signedIn,
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: {
        tags,
        summary: "Set the page's cover: JPEG, PNG or WebP of at most 5 MB and at least 900 × 300, cropped about its centre to 3:1, stored as WebP and AVIF (1500 and 750 px wide) without metadata",
        body: coverRequestSchema,
        response: { 200: myPageSchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const page = await service.ownPage(deps.db, userId); // no page: 404 before the work of decoding
      await backing.setCover(deps, page, await readPageCover(request.body.photo_base64));
      return service.getMyPage(deps, userId);
    },
  );
  app.delete(
    '/api/my-page/cover',
    { ...signedIn, schema: { tags, summary: "Remove the page's cover", response: { 200: myPageSchema, ...errorResponses(401, 404) } } },
    async (request) => {
      const userId = currentUser(request).id;
      await backing.removeCover(deps, await service.ownPage(deps.db, userId));
      return service.getMyPage(deps, userId);
    },
  );
  app.post(
    '/api/my-page/updates',
    {
      ...signedIn,
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: {
        tags,
        summary: "Post an update on the page: text of at most 500 characters and, if any, a photo (the page photo's rules); shown newest first",
        body: createUpdateSchema,
        response: { 201: myPageSchema, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      await backing.postUpdate(deps, await service.ownPage(deps.db, userId), request.body);
      return reply.status(201).send(await service.getMyPage(deps, userId));
    },
  );
  app.delete(
    '/api/my-page/updates/:id',
    {
      ...signedIn,
      schema: { tags, summary: 'Delete an update of the page (404 for one of another page)', params: updateParamSchema, response: { 200: myPageSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await backing.removeUpdate(deps, await service.ownPage(deps.db, userId), request.params.id);
      return service.getMyPage(deps, userId);
    },
  );
  app.get(
    '/api/pages/:slug/cover/:file',
    {
      schema: {
        tags,
        summary: "A public page's cover by its hash and format (.webp or .avif): size=full (1500 px wide at most) or card (750 px)",
        params: coverParamSchema,
        querystring: photoQuerySchema,
        response: { 200: z.string().describe('The image (image/webp or image/avif)'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const cover = await backing.servedCover(deps, request.params.slug, request.params.file, request.query.size);
      return sendPhoto(reply, cover.data, cover.format);
    },
  );
  app.get(
    '/api/pages/:slug/updates/:id/photo/:sha',
    {
      schema: {
        tags,
        summary: "The photo of an update on a public page (WebP), by its hash",
        params: updatePhotoParamSchema,
        response: { 200: z.string().describe('The image (image/webp)'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => sendPhoto(reply, await backing.servedUpdatePhoto(deps, request.params.slug, request.params.id, request.params.sha)),
  );

  app.get(
    '/api/pages/:slug',
    {
      schema: {
        tags,
        summary: 'A published challenge page (404 alike for a draft, a hidden page and an unknown address)',
        params: slugParamSchema,
        response: { 200: publicPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.getPublicPage(deps, request.params.slug),
  );
  app.get(
    '/api/pages/:slug/gifts',
    {
      schema: {
        tags,
        summary: "A page's next gifts, newest first (cursor: the previous answer's next_cursor)",
        params: slugParamSchema,
        querystring: giftsQuerySchema,
        response: { 200: pageGiftListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.listPublicGifts(deps, request.params.slug, request.query.cursor),
  );
  app.get(
    '/api/pages/:slug/photo/:sha',
    {
      schema: {
        tags,
        summary: "A page's photo (WebP) by its hash: size=full (at most 1200 px wide) or card (600 px)",
        params: photoParamSchema,
        querystring: photoQuerySchema,
        response: { 200: z.string().describe('The image (image/webp)'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => sendPhoto(reply, await service.servedPhoto(deps, 'page', request.params.slug, request.params.sha, request.query.size)),
  );

  // Teams
  app.post(
    '/api/teams',
    {
      ...signedIn,
      schema: { tags, summary: "Start a team of the page's campaign; the donor's page is its captain", body: createTeamSchema, response: { 201: publicTeamSchema, ...errorResponses(400, 401, 409) } },
    },
    async (request, reply) => reply.status(201).send(await service.createTeam(deps, currentUser(request).id, request.body)),
  );
  app.get(
    '/api/teams/:slug',
    { schema: { tags, summary: 'A team no admin hid: its total (members rolled up) and members', params: slugParamSchema, response: { 200: publicTeamSchema, ...errorResponses(400, 404) } } },
    async (request) => service.getPublicTeam(deps, request.params.slug),
  );
  app.patch(
    '/api/teams/:slug',
    {
      ...signedIn,
      schema: { tags, summary: "Change the team's name, story or captain's message (captain)", params: slugParamSchema, body: updateTeamSchema, response: { 200: publicTeamSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => service.updateTeam(deps, currentUser(request).id, request.params.slug, request.body),
  );
  app.post(
    '/api/teams/:slug/join',
    {
      ...signedIn,
      schema: { tags, summary: "The donor's page joins the team (same campaign; one team at a time)", params: slugParamSchema, response: { 200: myPageSchema, ...errorResponses(400, 401, 404, 409) } },
    },
    async (request) => service.joinTeam(deps, currentUser(request).id, request.params.slug),
  );
  app.post(
    '/api/my-team/leave',
    {
      ...signedIn,
      schema: { tags, summary: "The donor's page leaves its team (a captain's captaincy passes to the oldest member's page)", response: { 200: myPageSchema, ...errorResponses(401, 404, 409) } },
    },
    async (request) => service.leaveTeam(deps, currentUser(request).id),
  );
  app.delete(
    '/api/teams/:slug/members/:pageSlug',
    {
      ...signedIn,
      schema: { tags, summary: "The captain removes a member's page from the team", params: memberParamSchema, response: { 200: publicTeamSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => service.removeMember(deps, currentUser(request).id, request.params.slug, request.params.pageSlug),
  );
  app.put(
    '/api/teams/:slug/photo',
    {
      ...signedIn,
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: {
        tags,
        summary: "Set the team's photo (captain): JPEG, PNG or WebP of at most 5 MB and at least 200 × 200",
        params: slugParamSchema,
        body: fundraisingPhotoRequestSchema,
        response: { 200: publicTeamSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const photo = await readPagePhoto(request.body.photo_base64);
      return service.setTeamPhoto(deps, currentUser(request).id, request.params.slug, photo);
    },
  );
  app.delete(
    '/api/teams/:slug/photo',
    {
      ...signedIn,
      schema: { tags, summary: "Remove the team's photo (captain)", params: slugParamSchema, response: { 200: publicTeamSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => service.removeTeamPhoto(deps, currentUser(request).id, request.params.slug),
  );
  app.get(
    '/api/teams/:slug/photo/:sha',
    {
      schema: {
        tags,
        summary: "A team's photo (WebP) by its hash: size=full or card",
        params: photoParamSchema,
        querystring: photoQuerySchema,
        response: { 200: z.string().describe('The image (image/webp)'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => sendPhoto(reply, await service.servedPhoto(deps, 'team', request.params.slug, request.params.sha, request.query.size)),
  );
};

export default routes;
