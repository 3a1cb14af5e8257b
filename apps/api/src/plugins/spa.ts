import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built React app. Unknown /api/* paths answer 404 JSON; any other unknown
 * path gets index.html so client-side routes (and the 'Oops...' page) work on reload.
 */
export default fp(async function spaPlugin(app: FastifyInstance, opts: { webDist: string }) {
  const hasBuild = existsSync(path.join(opts.webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        // Vite fingerprints assets, so they can be cached forever; index.html never is.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  } else {
    app.log.warn({ webDist: opts.webDist }, 'web build not found: run `npm run build` to serve the app');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/') || request.method !== 'GET' || !hasBuild) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${url}`, code: 'not_found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
