import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const server = process.env.CVRISK_API ?? 'http://127.0.0.1:8080';
// Every server path the console calls; the console itself owns everything else.
const apiPaths = ['/api', '/publicKey', '/userInfo', '/menu', '/register', '/pd'];

export default defineConfig({
  // Fixed so that `vitest --config apps/web/vite.config.ts` from the repository root finds src/.
  root,
  // Relative asset URLs let the server mount the built console under any path.
  base: './',
  plugins: [react()],
  resolve: {
    alias: {
      // The contracts' TypeScript source, so the console never waits for a contracts build.
      '@cvrisk/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)),
    },
  },
  server: {
    proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: server, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Whole antd screens render in jsdom here; on a busy two-core machine (the server's suite runs
    // beside them in one `npm test`) a phone drawer's open-and-search took 19 s once, so 30 s as the server's.
    testTimeout: 30_000,
  },
});
