import path from 'node:path';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { persistedOperations } from './persisted-operations.ts';

/** `npm run build:dashboard`: the page and its hashed assets into dist/dashboard, served by the gateway at /dashboard. */
export default defineConfig({
  root: import.meta.dirname,
  base: '/dashboard/',
  plugins: [preact(), persistedOperations()],
  logLevel: 'warn',
  build: {
    outDir: path.join(import.meta.dirname, '..', 'dist', 'dashboard'),
    emptyOutDir: true,
    assetsDir: 'assets',
    // The gateway's CSP allows no inline script: the module preload polyfill would be one.
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
});
