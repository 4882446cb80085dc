import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { THEME_INIT_SCRIPT } from './theme-init-script.ts';

/** Where the dev server finds the Fastify server (npm run dev starts both). */
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? process.env.PORT ?? '3000'}`;
const serverPaths = ['/api', '/healthz', '/readyz', '/metrics'];

/** Puts the theme script in <head>, inline, before the body is parsed: see theme-init-script.ts. */
const inlineThemeScript: Plugin = {
  name: 'inline-theme-script',
  transformIndexHtml: () => [{ tag: 'script', children: THEME_INIT_SCRIPT, injectTo: 'head' }],
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), inlineThemeScript],
  resolve: { alias: { '@': path.join(import.meta.dirname, 'src') } },
  build: {
    outDir: path.join(import.meta.dirname, '../dist/web'),
    emptyOutDir: true,
    // scripts/build-web.ts reads it to list the app's chunks as modulepreload links in the HTML.
    manifest: true,
  },
  server: {
    // scripts/dev.ts gives the API this origin as its PUBLIC_URL.
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(serverPaths.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
});
