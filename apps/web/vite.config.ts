import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// React Router's package exports only its development build to bundlers; the production build
// (no dev warnings) is a few KB smaller in the browser bundle.
const require = createRequire(import.meta.url);
const routerProduction = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');
// TanStack Query's infinite-query paging, which no query of the app uses: see src/lib/no-infinite-queries.ts.
const noInfiniteQueries = path.resolve(import.meta.dirname, 'src/lib/no-infinite-queries.ts');

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: isSsrBuild
    ? {}
    : {
        alias: [
          { find: /^react-router$/, replacement: routerProduction },
          { find: /^\.\/infiniteQueryBehavior\.js$/, replacement: noInfiniteQueries },
        ],
      },
  server: {
    port: 5173,
    // In development the API runs on :3000 (npm run dev); the SPA proxies to it.
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: isSsrBuild
    ? // The prerender's server bundle (docs/decisions/023-prerendered-public-pages.md).
      { outDir: 'dist-ssr', target: 'node24', sourcemap: false }
    : {
        outDir: 'dist',
        target: 'es2022',
        sourcemap: true,
        // Terser packs the initial bundle a few KB smaller than esbuild (the ≤ 100 KB gzip budget).
        minify: 'terser',
        terserOptions: { module: true, ecma: 2020, compress: { passes: 3 }, format: { comments: false } },
        // scripts/prerender.ts reads it to preload each public page's chunks and CSS.
        manifest: true,
        // Every browser we serve supports <link rel="modulepreload">: no polyfill in the first load.
        // A lazy chunk's JavaScript imports are not listed for preloading in the app's first chunk,
        // only their CSS: the list (about 45 file names) cost 0.6 KB of every page's 100 KB budget, and a
        // route's imports still load with it, one round trip later (docs/decisions/171). Prerendered pages
        // name their own chunks in their HTML (scripts/prerender.ts), so their first load is unchanged.
        modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((d) => d.endsWith('.css')) : deps) },
        // The app (index.html → src/main.tsx) and, for prerendered pages, the script that loads it
        // after the first paint (src/boot.ts; decision 106, "the app loads after the first paint").
        rollupOptions: { input: { index: path.resolve(import.meta.dirname, 'index.html'), boot: path.resolve(import.meta.dirname, 'src/boot.ts') } },
      },
}));
