import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.js';

/**
 * Several files migrate their own schema while others drop theirs, on one PostgreSQL database (the
 * suite's PostgreSQL run does that all the time). Kysely's look for its tables reads every schema's
 * catalog; without the schema-change lock a schema dropped during that read failed the migration
 * with "schema … does not exist".
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations beside schemas being dropped', () => {
  it('migrates every schema while others are dropped at the same moment', async () => {
    for (let round = 0; round < 2; round++) {
      const opened = await Promise.all(Array.from({ length: 4 }, () => openTestDatabase()));
      // Half are dropped while the next ones migrate.
      const results = await Promise.allSettled([...opened.map((h) => h.close()), ...Array.from({ length: 4 }, () => openTestDatabase())]);
      const failures = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
      for (const r of results) if (r.status === 'fulfilled' && r.value) await r.value.close();
      expect(failures).toEqual([]);
    }
  }, 120_000);
});
