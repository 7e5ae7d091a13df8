// Which test files belong to which Vitest project, read from the files themselves so a new test lands
// in the right run without anyone keeping a list.
import fs from 'node:fs';
import path from 'node:path';

const testFile = /\.test\.tsx?$/;

/** Every test file under `dir`, relative to it, with forward slashes. */
export function testFilesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => testFile.test(f))
    .map((f) => f.split(path.sep).join('/'));
}

/** The test files under `dir` that replace a module (`vi.mock`): they cannot share a worker. */
export function filesThatMock(dir) {
  return testFilesUnder(dir).filter((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes('vi.mock('));
}

/**
 * A relative import or re-export that runs the module: `import type` and `export type` are erased
 * when compiled, so a file reaching the database only through types does not open it.
 */
const relativeImport = /(?:(?:^|[;\n])\s*(?:import|export)(\s+type\b)?[^'";]*?\bfrom|\bimport)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

/**
 * The test files under `dir` that open a test database: those that import `target` (the module that
 * opens one) themselves or through any chain of relative imports. The others (codecs, rules on
 * in-memory tracks, the broker alone) behave the same whatever the database, so they run once.
 */
export function filesThatReach(dir, target) {
  const goal = path.resolve(target);
  const memo = new Map();
  const reaches = (file, trail) => {
    if (file === goal) return true;
    if (memo.has(file)) return memo.get(file);
    if (trail.has(file) || !fs.existsSync(file)) return false;
    trail.add(file);
    let found = false;
    for (const [, typeOnly, spec] of fs.readFileSync(file, 'utf8').matchAll(relativeImport)) {
      if (typeOnly) continue;
      // Sources import their TypeScript siblings by the `.js` name they will have once built.
      const next = path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts');
      if (reaches(next, trail)) {
        found = true;
        break;
      }
    }
    trail.delete(file);
    memo.set(file, found);
    return found;
  };
  return testFilesUnder(dir).filter((f) => reaches(path.join(dir, f), new Set()));
}
