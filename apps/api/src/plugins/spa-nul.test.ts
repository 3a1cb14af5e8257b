import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';

// A participant's page and a team (/p/{slug}, /t/{slug}) with a NUL in the address: the 404 page
// (noindex), never the app shell with an error logged (docs/decisions/153). The web build is stood
// in for by a small bundle that reads the page as the real one does: through the API, null on 404.
const BUNDLE = `
let fetchImpl;
const page = (p, file, live, dynamic) => ({ path: p, file, indexable: false, live, ...(dynamic ? { dynamic } : {}) });
export const PUBLIC_PAGES = [page('/404', '404.html', false), page('/p/:slug', 'p.html', true, 'page'), page('/t/:slug', 't.html', true, 'team')];
export const ROUTE_PATHS = ['/', '/p/:slug', '/t/:slug'];
export const headTags = (p) => (p.path === '/404' ? '<meta name="robots" content="noindex"><title>Page not found</title>' : '<title>A page</title>');
export const fundraisingHeadTags = () => '<title>A page</title>';
export const setFetch = (impl) => { fetchImpl = impl; };
export const landingQueries = async () => [];
export const renderPage = async (url) => '<main>' + url.length + '</main>';
export async function fundraisingQueries(kind, slug) {
  try {
    const res = await fetchImpl('/api/' + (kind === 'page' ? 'pages' : 'teams') + '/' + encodeURIComponent(slug));
    if (res.status === 404) return { found: false, queries: [] };
    if (!res.ok) throw new Error('read failed: ' + res.status);
    return { found: true, data: await res.json(), queries: [] };
  } catch {
    return { found: undefined, queries: [] };
  }
}
`;

describe('a NUL in a page address', () => {
  let ctx: TestContext;
  const lines: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'uplift-spa-'));
    await mkdir(path.join(root, 'dist'));
    await mkdir(path.join(root, 'dist-ssr/pages'), { recursive: true });
    await writeFile(path.join(root, 'dist/index.html'), '<html><head></head><body>shell</body></html>');
    await writeFile(path.join(root, 'dist-ssr/entry-server.js'), BUNDLE);
    for (const file of ['404.html', 'p.html', 't.html']) {
      await writeFile(path.join(root, 'dist-ssr/pages', file), `<html><head><!--uplift-head--></head><body>${file}<!--uplift-root--><script><!--uplift-data--></script></body></html>`);
    }
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
    ctx = await createTestContext({ env: { WEB_DIST: path.join(root, 'dist') }, logger });
  });
  afterAll(() => ctx.close());

  it('answers the 404 page, noindex, and logs no error', async () => {
    for (const url of ['/p/a%00b', '/t/a%00b', '/p/%00', '/p/fine?badge=%00']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
      expect(res.body, url).toContain('404.html');
    }
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('still answers an unknown page with the 404 page, and a client route with the app shell', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/p/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('noindex');
    expect((await ctx.app.inject({ method: 'GET', url: '/' })).body).toContain('shell');
  });
});
