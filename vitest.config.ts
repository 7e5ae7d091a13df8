import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import web from './apps/web/vite.config.ts';

const contracts = path.resolve(import.meta.dirname, 'packages/contracts/src/index.ts');

/**
 * The console's test files that replace a module (`vi.mock`). The other files share one jsdom
 * worker (`isolate: false`): loading antd and React afresh for each of 90 files was three quarters of
 * the web suite's time (635 s against 173 s shared). A module mock cannot replace a module a shared
 * worker has already loaded, so these few files keep a worker of their own.
 */
const webRoot = path.resolve(import.meta.dirname, 'apps/web');
const mocking = fs
  .readdirSync(path.join(webRoot, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f) && fs.readFileSync(path.join(webRoot, 'src', f), 'utf8').includes('vi.mock('))
  .map((f) => `src/${f.split(path.sep).join('/')}`);

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
      { ...web, test: { ...web.test, name: 'web', isolate: false, exclude: [...configDefaults.exclude, ...mocking] } },
      { ...web, test: { ...web.test, name: 'web-mocks', include: mocking } },
    ],
  },
});
