import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the worker `name` (a file beside `here`, the caller's `import.meta.url`): the built `.js`, or
 * the TypeScript source when the caller runs from it (Vitest, tsx). Node 20 gives a worker thread none
 * of its parent's ESM loader hooks (`--import tsx` is ignored there), so the source worker starts
 * through tsx's CommonJS hook, which compiles each file as it is required.
 */
export function startWorker(here: string, name: string, options: WorkerOptions): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, here), options);
  const tsx = createRequire(here).resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL(`./${name}.ts`, here));
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`, { ...options, eval: true });
}
