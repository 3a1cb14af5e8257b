import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** A built script and its gzipped size. */
export type ScriptSize = { file: string; gzip: number };

const SCRIPT_SRC = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g;
// A prerendered page names the app's chunks for its entry to preload after the first paint.
const APP_MODULES = /<meta name="uplift-modules" content="([^"]*)"/g;
// A static import in Rollup's minified output: `import{a as b}from"./x.js"` or `import"./x.js"`
// (dynamic `import("./x.js")` has a parenthesis and is not followed).
const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w$\s{},*]+?from\s*)?["'](\.\/[^"']+\.js)["']/g;

/**
 * The scripts a built page loads before it can be used: the module scripts, modulepreloads and
 * app modules its HTML names and, transitively, what they import statically. Lazy chunks (dynamic import)
 * are left out: they load later, when the page needs them. Deterministic: read from the files.
 */
export function initialScripts(html: string, distDir: string): ScriptSize[] {
  const named = [...html.matchAll(SCRIPT_SRC), ...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const appModules = [...html.matchAll(APP_MODULES)].flatMap((m) => m[1]!.split(' ').filter(Boolean));
  const queue = [...named, ...appModules].map((f) => f.replace(/^\//, ''));
  const seen = new Map<string, ScriptSize>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    const code = readFileSync(path.join(distDir, file));
    seen.set(file, { file, gzip: gzipSync(code, { level: 9 }).length });
    for (const m of code.toString('utf8').matchAll(STATIC_IMPORT)) queue.push(path.posix.join(path.posix.dirname(file), m[1]!));
  }
  return [...seen.values()];
}
