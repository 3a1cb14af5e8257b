import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { countryById, isCountryCode, type CountryCode } from '@uplift/core/countries';
import { isMilestone, type Milestone } from '@uplift/core/milestones';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpErrors } from '../errors.ts';
import { guessCountry } from '../modules/geo/index.ts';
import { hasNulParameter } from './request-guard.ts';

/** What the API uses of the web app's server bundle (apps/web/src/entry-server.tsx). */
type PublicPage = { path: string; file: string; indexable: boolean; live: boolean; dynamic?: 'page' | 'team' };
type PrerenderData = { country: CountryCode; countrySource: string; now: string; queries: { key: readonly unknown[]; data: unknown }[] };
export type ShareImage = { url: string; width: number; height: number; alt: string };
type FundraisingKind = 'page' | 'team';
export type WebServerBundle = {
  PUBLIC_PAGES: PublicPage[];
  ROUTE_PATHS: string[];
  headTags: (page: PublicPage, opts: { appUrl: string; country?: CountryCode; image?: ShareImage }) => string;
  setFetch: (impl: typeof fetch) => void;
  landingQueries: (country: CountryCode, now: Date) => Promise<PrerenderData['queries']>;
  renderPage: (url: string, data: PrerenderData) => Promise<string>;
  fundraisingQueries: (kind: FundraisingKind, slug: string) => Promise<{ found: boolean | undefined; data?: unknown; queries: PrerenderData['queries'] }>;
  fundraisingHeadTags: (kind: FundraisingKind, data: never, opts: { appUrl: string; image?: ShareImage }) => string;
};

export type SpaOptions = {
  webDist: string;
  appUrl: string;
  /** The preview card of a country's campaign (modules/share-image), named by every public page's head. */
  shareImage?: (country: CountryCode, milestone?: Milestone) => Promise<ShareImage>;
  /** The preview card of a participant's page or a team (modules/share-image); undefined: no og:image (docs/decisions/142). */
  fundraisingShareImage?: (kind: FundraisingKind, slug: string) => Promise<ShareImage | undefined>;
  /** Public challenge pages and teams for /sitemap.xml (docs/decisions/143): how many, and a slice of their paths in a stable order. */
  sitemapPaths?: { count: () => Promise<number>; list: (offset: number, limit: number) => Promise<string[]> };
  /** URLs per sitemap file: the sitemap protocol's 50,000 (smaller in tests). */
  sitemapLimit?: number;
};

/** The sitemap protocol's most URLs in one file; more make /sitemap.xml an index of /sitemap/{n}.xml files. */
export const SITEMAP_LIMIT = 50_000;
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** How long a rendered landing page is reused (the totals it shows are cached as long by the API). */
export const LANDING_TTL_MS = 5_000;
const COUNTRY_COOKIE = 'uplift.country';

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The country a landing page is rendered in: ?country= (a code or the landing id), the
 * visitor's remembered choice (cookie), then the CDN or language guess; NZ otherwise.
 */
export function landingCountry(request: FastifyRequest): { country: CountryCode; source: string } {
  const asked = (request.query as Record<string, unknown> | undefined)?.country;
  if (typeof asked === 'string') {
    const code = asked.toUpperCase();
    const chosen = isCountryCode(code) ? code : countryById(Number(asked));
    if (chosen) return { country: chosen, source: 'query' };
  }
  const remembered = request.cookies?.[COUNTRY_COOKIE];
  if (isCountryCode(remembered)) return { country: remembered, source: 'cookie' };
  return guessCountry(request.headers);
}

/** Whether a path is one of the app's routes; `:name` segments match any one segment (/admin-campaign/7/report). */
export function clientRouteMatcher(routePaths: string[]): (url: string) => boolean {
  const escape = (segment: string) => segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const patterns = routePaths.map((p) => new RegExp(`^${p.split('/').map((seg) => (seg.startsWith(':') ? '[^/]+' : escape(seg))).join('/')}$`));
  return (url) => patterns.some((re) => re.test(url));
}

/**
 * Serves the built React app (docs/decisions/023-prerendered-public-pages.md):
 * - the public pages prerendered at build time (dist-ssr/pages), with head tags for this APP_URL;
 * - the landing page rendered from the same bundle with the live campaign and totals, per
 *   country, reused for LANDING_TTL_MS;
 * - /robots.txt and /sitemap.xml;
 * - the client-side routes get the SPA shell (index.html); unknown /api/* paths answer 404 JSON
 *   and any other unknown path the prerendered 404 page with status 404.
 */
export default fp(async function spaPlugin(app: FastifyInstance, opts: SpaOptions) {
  const hasBuild = existsSync(path.join(opts.webDist, 'index.html'));
  const ssrDir = path.join(opts.webDist, '../dist-ssr');
  const bundlePath = path.join(ssrDir, 'entry-server.js');
  const bundle = hasBuild && existsSync(bundlePath) ? ((await import(pathToFileURL(bundlePath).href)) as WebServerBundle) : undefined;

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

  const pages = bundle?.PUBLIC_PAGES ?? [];
  const isClientRoute = clientRouteMatcher(bundle?.ROUTE_PATHS ?? []);
  const fileOf = (page: PublicPage) => readFileSync(path.join(ssrDir, 'pages', page.file), 'utf8');

  app.get('/robots.txt', async (_request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/', `Sitemap: ${opts.appUrl}/sitemap.xml`, ''];
    return reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  // The site's public pages, then the public challenge pages and teams (docs/decisions/143); past
  // SITEMAP_LIMIT URLs, /sitemap.xml is an index of files of at most that many each.
  const staticUrls = pages.filter((p) => p.indexable).flatMap((p) => (p.live ? [p.path, `${p.path}?country=UK`] : [p.path]));
  const perFile = opts.sitemapLimit ?? SITEMAP_LIMIT;
  const urlCount = async () => staticUrls.length + ((await opts.sitemapPaths?.count()) ?? 0);
  const urlsFrom = async (from: number, count: number) => {
    const head = staticUrls.slice(from, from + count);
    const rest = count - head.length;
    const tail = rest > 0 && opts.sitemapPaths ? await opts.sitemapPaths.list(Math.max(0, from - staticUrls.length), rest) : [];
    return [...head, ...tail];
  };
  const sendXml = (reply: FastifyReply, lines: string[]) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(['<?xml version="1.0" encoding="UTF-8"?>', ...lines, ''].join('\n'));
  const urlset = (urls: string[]) => [
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((u) => `  <url><loc>${xmlText(`${opts.appUrl}${u}`)}</loc></url>`),
    '</urlset>',
  ];

  app.get('/sitemap.xml', async (_request, reply) => {
    const total = await urlCount();
    if (total <= perFile) return sendXml(reply, urlset(await urlsFrom(0, total)));
    const files = Array.from({ length: Math.ceil(total / perFile) }, (_, i) => `  <sitemap><loc>${xmlText(`${opts.appUrl}/sitemap/${i + 1}.xml`)}</loc></sitemap>`);
    return sendXml(reply, ['<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...files, '</sitemapindex>']);
  });

  app.get<{ Params: { file: string } }>('/sitemap/:file', async (request, reply) => {
    const n = Number(/^([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1]);
    const total = await urlCount();
    // Only while /sitemap.xml is an index, and only the files it names.
    if (!n || total <= perFile || (n - 1) * perFile >= total) return reply.callNotFound();
    return sendXml(reply, urlset(await urlsFrom((n - 1) * perFile, perFile)));
  });

  const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
    reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

  /** The page's head for the visitor's country: its preview card shows that country's campaign. */
  const headFor = async (page: PublicPage, request: FastifyRequest, reply: FastifyReply) => {
    const { country } = landingCountry(request);
    reply.header('vary', 'Cookie, Accept-Language');
    // A donor's share link (?badge=halfway|completed) names the card with their milestone badge (docs/decisions/137).
    const badge = (request.query as Record<string, unknown> | undefined)?.badge;
    let image: ShareImage | undefined;
    try {
      image = await opts.shareImage?.(country, isMilestone(badge) ? badge : undefined);
    } catch (err) {
      request.log.error({ err }, 'preview image unavailable: page served without og:image');
    }
    return { country, head: bundle!.headTags(page, { appUrl: opts.appUrl, country, image }) };
  };

  let notFound: { page: PublicPage; template: string } | undefined;
  if (bundle) {
    for (const page of pages.filter((p) => !p.live)) {
      const template = fileOf(page);
      if (page.path === '/404') notFound = { page, template };
      else
        app.get(page.path, async (request, reply) => {
          const { head } = await headFor(page, request, reply);
          return sendHtml(reply, template.replace('<!--uplift-head-->', () => head));
        });
    }

    // The live pages' reads answered in-process by this app's own routes.
    bundle.setFetch((async (input: string | URL | Request, init?: RequestInit) => {
      const res = await app.inject({ method: 'GET', url: String(input), headers: { accept: 'application/json' } });
      void init;
      return new Response(res.rawPayload, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
    }) as typeof fetch);

    // A participant's page and a team (docs/decisions/142): rendered per request with their data
    // embedded, their own head; an unknown, draft or hidden slug is the 404 page with status 404.
    for (const page of pages.filter((p) => p.live && p.dynamic)) {
      const kind = page.dynamic!;
      const template = fileOf(page);
      app.get<{ Params: { slug: string } }>(page.path, async (request, reply) => {
        const slug = request.params.slug;
        const read = await bundle.fundraisingQueries(kind, slug);
        const { country, source } = landingCountry(request);
        reply.header('vary', 'Cookie, Accept-Language');
        const data: PrerenderData = { country, countrySource: source === 'none' ? 'none' : 'server', now: new Date().toISOString(), queries: read.queries };
        const render = async (head: string) => {
          const body = await bundle.renderPage(request.url, data);
          return template
            .replace('<!--uplift-head-->', () => head)
            .replace('<!--uplift-root-->', () => body)
            .replace('<!--uplift-data-->', () => scriptJson(data));
        };
        if (read.found === false) {
          // The screen's own "not here" message (the embedded answer is null), with the 404 page's head (noindex).
          const head = notFound ? bundle.headTags(notFound.page, { appUrl: opts.appUrl, country }) : '<title>Page not found</title>';
          return sendHtml(reply, await render(head), 404);
        }
        if (read.found === undefined) {
          // The read failed (not a 404): the browser renders the page and tries again.
          request.log.error({ kind, slug }, 'fundraising page read failed: serving the client-rendered shell');
          const head = bundle.headTags(page, { appUrl: opts.appUrl, country });
          return sendHtml(reply, template.replace('<!--uplift-head-->', () => head).replace('<!--uplift-root-->', '').replace('<!--uplift-data-->', ''));
        }
        let image: ShareImage | undefined;
        try {
          image = await opts.fundraisingShareImage?.(kind, slug);
        } catch (err) {
          request.log.error({ err }, 'preview image unavailable: page served without og:image');
        }
        return sendHtml(reply, await render(bundle.fundraisingHeadTags(kind, read.data as never, { appUrl: opts.appUrl, ...(image ? { image } : {}) })));
      });
    }

    const landing = pages.find((p) => p.live && !p.dynamic);
    if (landing) {
      const template = fileOf(landing);

      const cache = new Map<CountryCode, { until: number; html: Promise<string> }>();
      const render = async (country: CountryCode, source: string): Promise<string> => {
        const now = new Date();
        const data: PrerenderData = { country, countrySource: source, now: now.toISOString(), queries: await bundle.landingQueries(country, now) };
        const body = await bundle.renderPage(landing.path, data);
        return template.replace('<!--uplift-root-->', () => body).replace('<!--uplift-data-->', () => scriptJson(data));
      };
      app.get(landing.path, async (request, reply) => {
        const { country, source } = landingCountry(request);
        const { head } = await headFor(landing, request, reply);
        // The source only decides whether the browser keeps this country or guesses again, so one
        // cached page per country serves every source; a guess-less visitor gets 'none'.
        const key = country;
        let entry = cache.get(key);
        if (!entry || entry.until < Date.now()) {
          entry = { until: Date.now() + LANDING_TTL_MS, html: render(country, 'server') };
          cache.set(key, entry);
        }
        let html: string;
        try {
          html = await entry.html;
        } catch (err) {
          cache.delete(key);
          request.log.error({ err }, 'landing page render failed: serving the client-rendered shell');
          html = template.replace('<!--uplift-root-->', '').replace('<!--uplift-data-->', '');
        }
        const sourceJson = scriptJson(source === 'none' ? 'none' : 'server');
        return sendHtml(reply, html.replace('<!--uplift-head-->', () => head).replace('"countrySource":"server"', () => `"countrySource":${sourceJson}`));
      });
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/') || request.method !== 'GET' || !hasBuild) {
      const missing = httpErrors.routeNotFound({ method: request.method, url });
      return reply.status(missing.status).send({ message: missing.message, code: missing.code });
    }
    // A NUL in the address names no page: the 404 page (noindex), never the app shell (docs/decisions/153).
    if (notFound && (!isClientRoute(url) || hasNulParameter(request))) {
      const { head } = await headFor(notFound.page, request, reply);
      return sendHtml(reply, notFound.template.replace('<!--uplift-head-->', () => head), 404);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
