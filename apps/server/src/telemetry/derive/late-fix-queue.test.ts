import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createLateFixQueue } from './late-fix-queue.js';

describe('the late-fix queue', () => {
  it('reports a failed run and still runs the next one (a rejected run would have stopped every later replay)', async () => {
    let fail = true;
    let reads = 0;
    const db = {
      selectFrom: () => {
        reads += 1;
        if (fail) throw new Error('database is closed');
        return { innerJoin: () => ({ select: () => ({ execute: async () => [] }) }) };
      },
    } as unknown as Db;
    const errors: unknown[] = [];
    const queue = createLateFixQueue({ db, pipeline: () => ({ exclusive: (w: () => Promise<unknown>) => w() }) as never, devices: {} as never, onError: (e) => errors.push(e) });
    await queue.settle();
    expect(errors).toHaveLength(1);
    fail = false;
    await queue.settle();
    expect(reads).toBe(2);
    expect(errors).toHaveLength(1);
  });
});
