// Build step (npm run build, after the client and server builds): writes the public pages'
// HTML into dist-ssr/pages (docs/decisions/023-prerendered-public-pages.md). Static pages are
// rendered now; the live landing page is written as a template the API fills per request.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as ServerBundle from '../src/entry-server.tsx';

type ManifestChunk = { file: string; name?: string; css?: string[]; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

const WEB = path.resolve(import.meta.dirname, '..');
const DIST = path.join(WEB, 'dist');
const SSR = path.join(WEB, 'dist-ssr');

const server = (await import(pathToFileURL(path.join(SSR, 'entry-server.js')).href)) as typeof ServerBundle;
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
const shell = readFileSync(path.join(DIST, 'index.html'), 'utf8');

/** The chunk's own file and CSS plus those of its static imports (the app's entry included). */
function assetsOf(key: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const out = { js: [] as string[], css: [] as string[] };
  if (seen.has(key)) return out;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  out.js.push(chunk.file);
  out.css.push(...(chunk.css ?? []));
  for (const dep of chunk.imports ?? []) {
    const sub = assetsOf(dep, seen);
    out.js.push(...sub.js);
    out.css.push(...sub.css);
  }
  return out;
}

/** A route module's chunk: by source path, or by name when Rollup keyed it by its chunk. */
function chunkKey(module: string): string {
  if (manifest[module]) return module;
  const name = path.basename(module, path.extname(module));
  const key = Object.keys(manifest).find((k) => manifest[k]?.isDynamicEntry && manifest[k]?.name === name);
  if (!key) throw new Error(`${module} is not in the Vite manifest`);
  return key;
}

/**
 * The page's CSS written into the HTML: a stylesheet link blocks the first paint for a round trip
 * (two, with the route's own), and the whole CSS of a public page is a few KB. The disabled link
 * beside it (a disabled stylesheet is not fetched) is what Vite's loader looks for before adding
 * a route's CSS, so hydrating or revisiting the route does not fetch it again.
 */
function inlineCss(file: string): string {
  const css = readFileSync(path.join(DIST, file), 'utf8').replace(/<\/style/gi, '<\\/style');
  return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
}

/** The app's entry (index.html → src/main.tsx) and the prerendered pages' own (src/boot.ts). */
const APP_ENTRY = 'index.html';
const BOOT_ENTRY = 'src/boot.ts';

/**
 * A public page's HTML: the shell with the page's CSS inline, and the boot script in place of the
 * app's. The app's scripts are named, not loaded: src/boot.ts preloads and starts them once the page
 * is on screen, so their download does not hold back the first paint (decision 106).
 */
function template(module: string): string {
  const seen = new Set<string>();
  const app = assetsOf(APP_ENTRY, seen);
  const page = assetsOf(chunkKey(module), seen);
  const js = [...app.js, ...page.js]; // the app's entry first: boot.ts imports it
  const css = page.css; // the app's own are the shell's stylesheet links, inlined below
  const appScript = `<script type="module" crossorigin src="/${manifest[APP_ENTRY]!.file}"></script>`;
  // Render-blocking (half a kilobyte): it decides, before the first paint, whether the typefaces are
  // already in this browser's cache and so drawn from the start, with nothing to swap (decision 174).
  const bootScript = `<script type="module" crossorigin blocking="render" src="/${manifest[BOOT_ENTRY]!.file}"></script>`;
  if (!shell.includes(appScript)) throw new Error(`index.html does not load ${manifest[APP_ENTRY]!.file}`);
  const links = [...css.map(inlineCss), `<meta name="${server.APP_MODULES_META}" content="${js.map((f) => `/${f}`).join(' ')}">`];
  return shell
    .replace(appScript, bootScript)
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (_tag, file: string) => inlineCss(file))
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `  <!--uplift-head-->\n    ${links.join('\n    ')}\n  </head>`)
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace('<div id="root"></div>', `<div id="root"><!--uplift-root--></div>\n    <script type="application/json" id="${server.PRERENDER_DATA_ID}"><!--uplift-data--></script>`);
}

/** JSON safe inside a <script> element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

mkdirSync(path.join(SSR, 'pages'), { recursive: true });
for (const page of server.PUBLIC_PAGES) {
  let html = template(page.module);
  if (!page.live) {
    // Rendered in the default country; the browser moves to the visitor's after hydrating.
    const data = { country: 'NZ' as const, countrySource: 'none', now: new Date().toISOString(), queries: [] };
    const body = await server.renderPage(page.path, data);
    html = html.replace('<!--uplift-root-->', () => body).replace('<!--uplift-data-->', () => scriptJson(data));
  }
  writeFileSync(path.join(SSR, 'pages', page.file), html);
  process.stdout.write(`prerendered ${page.path} → dist-ssr/pages/${page.file}${page.live ? ' (live template)' : ''}\n`);
}

