import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
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
        // scripts/prerender.ts reads it to preload each public page's chunks and CSS.
        manifest: true,
      },
}));
