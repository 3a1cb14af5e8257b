import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import { trustedProxyCheck, type Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Queue } from './queue/queue.ts';
import { httpErrors } from './errors.ts';
import { loggerOptions, OneLinePerRequest } from './logger.ts';
import { apiRoutes } from './routes.ts';
import { securityEventsPlugin, sessionStateOf } from './modules/auth/index.ts';
import { createPaymentProvider, type PaymentProvider } from './modules/payments/index.ts';
import { createMailer, devMailRoutes, type Mailer } from './modules/mail/index.ts';
import { mailAttachmentDrawer } from './modules/pledges/index.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import openApiPlugin from './plugins/openapi.ts';
import requestGuardPlugin from './plugins/request-guard.ts';
import { pgRateLimitStore } from './plugins/rate-limit-store.ts';
import securityPlugin from './plugins/security.ts';
import spaPlugin from './plugins/spa.ts';
import { metricsPlugin } from './modules/system/index.ts';
import { createShareImageCache, fundraisingShareImage, publicFundraisingPaths, shareImageMeta, shareImageRoutes, type ShareImageDeps } from './modules/share-image/index.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  clock: Clock;
  /** The job queue; absent in tests that do not need it (mail is then delivered inline). */
  queue?: Queue;
  /** A ready logger (tests pass a silent one); otherwise one is made from config. */
  logger?: Logger;
  /** Tests may pass a provider; otherwise config chooses Stripe or the built-in test provider. */
  payments?: PaymentProvider;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    clock: Clock;
    mailer: Mailer;
    queue: Queue | undefined;
    payments: PaymentProvider;
  }
}

/** An incoming x-request-id is kept only when it looks like an id (a proxy's or a client's); else a new one. */
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Builds the whole app without listening, so tests can `inject()` requests. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger as unknown as FastifyBaseLogger } : { logger: loggerOptions(config.logLevel, !config.isProduction && process.stdout.isTTY) }),
    // Only the listed proxies' X-Forwarded-For hops are believed (docs/decisions/071).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    requestIdHeader: false,
    genReqId: requestId,
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
    // A malformed or over-long URL is refused by the router before any hook runs: answer it in
    // the same {message, code} shape as every other failure.
    frameworkErrors: (error, _request, reply) => {
      const refusal = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? httpErrors.urlTooLong() : httpErrors.badUrl();
      // The option's reply type is generic over schemas no route has yet; this reply has none.
      void (reply as FastifyReply).status(refusal.status).send({ message: refusal.message, code: refusal.code });
    },
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.decorate('clock', deps.clock);
  app.decorate('queue', deps.queue);
  app.decorate(
    'mailer',
    createMailer({
      db: deps.db,
      queue: deps.queue,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: app.log as unknown as Logger,
      // The final receipt mail's PDF is drawn when the mail is sent (docs/decisions/128).
      drawAttachment: mailAttachmentDrawer(config.receipt),
    }),
  );

  app.decorate('payments', deps.payments ?? createPaymentProvider(config, deps.db));

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { isProduction: config.isProduction });
  // After the headers: proxy-only headers dropped at once, NUL parameters refused before any handler (docs/decisions/153).
  await app.register(requestGuardPlugin, { trustedProxy: trustedProxyCheck(config.trustProxy) });
  await app.register(cookie);
  // Limits are opted into per route (login, register, recovery); see each module. Their counters
  // live in PostgreSQL, so every instance shares them (docs/decisions/072).
  await app.register(rateLimit, { global: false, store: pgRateLimitStore({ db: deps.db, clock: deps.clock }) });
  await app.register(authPlugin, { jwtSecret: config.jwtSecret, sessionStateOf: (userId, session) => sessionStateOf(deps.db, userId, session) });
  // Security events of every route (docs/security.md).
  await app.register(securityEventsPlugin);
  // Before the routes: it collects their schemas into /api/openapi.json and /api/docs.
  await app.register(openApiPlugin);
  // Request counts and latency by route, and GET /metrics behind METRICS_TOKEN (docs/decisions/133).
  await app.register(metricsPlugin, { token: config.metricsToken });

  await app.register(apiRoutes);
  if (config.devOutbox) await app.register(devMailRoutes);

  // One cache for the image route and the pages' heads, as long-lived as the app.
  const shareImages: ShareImageDeps = { db: deps.db, clock: deps.clock, appUrl: config.appUrl, cache: createShareImageCache(deps.clock) };
  await app.register(shareImageRoutes, { deps: shareImages });
  await app.register(spaPlugin, {
    webDist: config.webDist,
    appUrl: config.appUrl,
    shareImage: (country, milestone) => shareImageMeta(shareImages, country, milestone),
    fundraisingShareImage: (kind, slug) => fundraisingShareImage(shareImages, kind, slug),
    sitemapPaths: publicFundraisingPaths(deps.db),
  });
  return app;
}
