import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import web from './apps/web/vite.config.ts';
import { filesThatMock, filesThatReach } from './scripts/test-files.mjs';

const contracts = path.resolve(import.meta.dirname, 'packages/contracts/src/index.ts');
const serverSrc = path.resolve(import.meta.dirname, 'apps/server/src');
const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * The console's test files that replace a module (`vi.mock`). The other files share one jsdom
 * worker (`isolate: false`): loading antd and React afresh for each of 90 files was three quarters of
 * the web suite's time (635 s against 173 s shared). A module mock cannot replace a module a shared
 * worker has already loaded, so these few files keep a worker of their own.
 */
const mocking = filesThatMock(path.resolve(import.meta.dirname, 'apps/web/src')).map((f) => `src/${f}`);

const server = {
  resolve: { alias: { '@cvrisk/contracts': contracts } },
  test: { root: 'apps/server', testTimeout: 30_000, hookTimeout: 120_000, isolate: false },
};

/**
 * The server's files that open a test database run a second time on PostgreSQL when TEST_DATABASE_URL
 * is set, as a project of the same run so both cores share one queue; the rest (codecs, rules, the
 * broker alone) do not touch the database and run once. The SQLite project sees no TEST_DATABASE_URL.
 */
const onPostgres = pgUrl ? filesThatReach(serverSrc, path.join(serverSrc, 'test/test-database.ts')).map((f) => `src/${f}`) : [];

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; the server's tests wait on the database, sockets
    // and child processes much of the time, so three keep both cores busy (docs/decisions.md, "Test time").
    maxWorkers: Number(process.env.VITEST_WORKERS ?? os.availableParallelism() + 1),
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      { ...server, test: { ...server.test, name: 'server', include: ['src/**/*.test.ts'], env: { TEST_DATABASE_URL: '' } } },
      ...(pgUrl ? [{ ...server, test: { ...server.test, name: 'server-pg', include: onPostgres, env: { TEST_DATABASE_URL: pgUrl } } }] : []),
      { ...web, test: { ...web.test, name: 'web', isolate: false, exclude: [...configDefaults.exclude, ...mocking] } },
      { ...web, test: { ...web.test, name: 'web-mocks', include: mocking } },
    ],
  },
});
