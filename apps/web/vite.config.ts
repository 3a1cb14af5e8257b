import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // In development the API runs on :3000 (npm run dev); the SPA proxies to it.
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
  },
});
