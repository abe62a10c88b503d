/// <reference types="node" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { TABLE_EN } from './src/i18n/en/table';
import { offlinePageHtml, webManifest } from './src/pwa/files';

const lib = (name: string): string => fileURLToPath(new URL(`../libs/${name}/src/index.ts`, import.meta.url));
const backend = process.env.NIGHTFALL_API_URL ?? 'http://localhost:8080';

/**
 * The installed app's files written from the message catalogue (docs/architecture.md "Table experience"): the
 * web app manifest and the offline page of the service worker (web/public/sw.js). Emitted into the build (and
 * so precompressed like the rest), and served by the development server.
 */
function installedAppFiles(): Plugin {
  const files: Record<string, { type: string; body: string }> = {
    '/manifest.webmanifest': { type: 'application/manifest+json', body: webManifest(TABLE_EN) },
    '/offline.html': { type: 'text/html; charset=utf-8', body: offlinePageHtml(TABLE_EN) },
  };
  return {
    name: 'nightfall-installed-app-files',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = files[(req.url ?? '').split('?')[0] ?? ''];
        if (!file) return next();
        res.setHeader('Content-Type', file.type);
        res.end(file.body);
      });
    },
    generateBundle() {
      for (const [path, file] of Object.entries(files)) this.emitFile({ type: 'asset', fileName: path.slice(1), source: file.body });
    },
  };
}

/**
 * The workspace libs are consumed as TypeScript source (no prior build needed). Vendor code is split
 * into react / antd / query chunks and every route is lazy-loaded, so the entry chunk stays small.
 * Every text file of the build also gets a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside
 * it, which the gateway serves with `Content-Encoding` (docs/architecture.md "The web app's files"); a copy
 * that would not be smaller is not written.
 */
export default defineConfig({
  plugins: [
    react(),
    installedAppFiles(),
    compression({
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: {
      '@nightfall/game-rules': lib('game-rules'),
      '@nightfall/protocol': lib('protocol'),
      '@nightfall/themes': lib('themes'),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/ws': { target: backend, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/ws': { target: backend, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // The workspace libs are pure modules (no work at import time besides building frozen tables): a
      // route that uses one constant of them does not carry the rest (e.g. the home route and LIMITS).
      treeshake: { moduleSideEffects: [{ test: /[\\/]libs[\\/](game-rules|protocol|themes)[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 30 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
