import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { openTestDatabase } from '../../test/test-database.js';
import { ALARM_MAPPING_TTL_MS, createAlarmMappingCache } from './alarm-mapping-cache.js';
import { modelAlarmsOf } from './alarm-mapping.js';

/** How soon a change of the mapping reaches the pipeline: at once where it was saved, within the TTL elsewhere. */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const add = (model: string) => handle.db.insertInto('alarm_mapping').values({ model, source: 'bit', code: 16, alarm_type: 100, updated_at: 0 }).execute();
const maps = async (cache: ReturnType<typeof createAlarmMappingCache>, model: string) => modelAlarmsOf(await cache.current(), model, 1 << 16, undefined) !== 0;

describe('the alarm mapping cache', () => {
  it('reads a change made elsewhere once its copy is older than the TTL', async () => {
    let now = 1_000_000;
    const cache = createAlarmMappingCache(handle.db, () => now);
    expect(await maps(cache, 'GT06N')).toBe(true);
    await add('CACHE-1');
    now += ALARM_MAPPING_TTL_MS - 1;
    expect(await maps(cache, 'CACHE-1')).toBe(false);
    now += 1;
    expect(await maps(cache, 'CACHE-1')).toBe(true);
  });

  it('reads again at once after a change in its own process, also when a read was under way', async () => {
    const cache = createAlarmMappingCache(handle.db, () => 0);
    expect(await maps(cache, 'CACHE-2')).toBe(false);
    const under = cache.current();
    await add('CACHE-2');
    cache.invalidate();
    await under;
    expect(await maps(cache, 'CACHE-2')).toBe(true);
  });
});
