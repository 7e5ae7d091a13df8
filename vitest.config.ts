import path from 'node:path';
import { defineConfig } from 'vitest/config';

const contracts = path.resolve(import.meta.dirname, 'packages/contracts/src/index.ts');

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        resolve: { alias: { '@cvrisk/contracts': contracts } },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
