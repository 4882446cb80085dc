import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where the dev server finds the Fastify server (npm run dev starts both). */
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? process.env.PORT ?? '3000'}`;
const serverPaths = ['/api', '/healthz', '/readyz', '/metrics'];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.join(import.meta.dirname, 'src') } },
  build: {
    outDir: path.join(import.meta.dirname, '../dist/web'),
    emptyOutDir: true,
  },
  server: {
    // scripts/dev.ts gives the API this origin as its PUBLIC_URL.
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(serverPaths.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
});
