import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { seedDemo } from '../../demo/seed-demo.js';
import { derivedRows, EVENING, evening } from '../../test/derived-snapshot.js';
import { SEED_NOW } from '../../test/test-app.js';
import { openTestDatabase } from '../../test/test-database.js';
import type { IncomingPosition } from '../pipeline/incoming.js';
import { createTelemetry, type Telemetry } from '../telemetry.js';
import { OFFLINE_MOVE_EVENT } from './driving.js';
import { replayDevice } from './replay.js';
import { trackBuilder } from './track-builder.js';

let handle: DatabaseHandle;
let telemetry: Telemetry;
let wired: { id: number; device_number: string }[] = [];
const MIN = 60_000;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedDemo(handle.db, { now: SEED_NOW });
  telemetry = createTelemetry(handle, () => SEED_NOW);
  wired = await handle.db.selectFrom('device').select(['id', 'device_number']).where('kind', '=', 1).where('car_id', 'is not', null).orderBy('id').execute();
});
afterAll(() => handle.close());

async function submit(fixes: IncomingPosition[], size: number) {
  for (let i = 0; i < fixes.length; i += size) await telemetry.pipeline.submit(fixes.slice(i, i + size));
}

const derived = (deviceId: number) => derivedRows(handle.db, deviceId);

describe('late fixes and the rebuild', () => {
  it('a device whose fixes came late ends with what the same fixes in order derive, and a rebuild derives it again', async () => {
    const [a, b] = [wired[0]!, wired[1]!];
    const inOrder = evening(a.device_number).fixes;
    await submit(inOrder, 97);
    const incremental = await derived(a.id);
    expect(incremental.daily.length).toBe(2);
    expect(incremental.stops.length).toBeGreaterThanOrEqual(3);
    expect(incremental.events.length).toBeGreaterThanOrEqual(2);

    // The same evening for another device, a seventh of it held back (a blind area) and sent after the rest.
    const fixes = evening(b.device_number).fixes;
    const heldBack = fixes.filter((_, i) => i > 30 && i % 7 === 3);
    await submit(fixes.filter((_, i) => !(i > 30 && i % 7 === 3)), 97);
    expect(await derived(b.id)).not.toEqual(incremental);
    await submit(heldBack, 50);
    expect(await handle.db.selectFrom('derive_pending').select('device_id').where('device_id', '=', b.id).executeTakeFirst()).toBeDefined();
    await telemetry.lateFixes.settle();
    expect(await handle.db.selectFrom('derive_pending').selectAll().execute()).toEqual([]);
    expect(await derived(b.id)).toEqual(incremental);

    await replayDevice(handle.db, a.id, null);
    expect(await derived(a.id)).toEqual(incremental);
  });

  it('goes on from the replayed state: the next fixes of both devices derive the same', async () => {
    const [a, b] = [wired[0]!, wired[1]!];
    const next = EVENING + 12 * 3600_000;
    await submit(evening(a.device_number, next).fixes, 200);
    await submit(evening(b.device_number, next).fixes, 200);
    expect(await derived(b.id)).toEqual(await derived(a.id));
  });

  it('replays one day when the late fix is old: the days before stay as they were', async () => {
    const a = wired[0]!;
    const before = await derived(a.id);
    await replayDevice(handle.db, a.id, 20261118);
    expect(await derived(a.id)).toEqual(before);
  });

  it('a blind area uploaded late turns an offline move back into the drive it was', async () => {
    const [c, d] = [wired[2]!, wired[3]!];
    const start = EVENING + 3 * 24 * 3600_000;
    const drive = (n: string) => trackBuilder(n, start).park(20 * MIN).drive(60 * MIN, 60, 20_000).park(20 * MIN).fixes;
    await submit(drive(d.device_number), 200);
    const inOrder = await derived(d.id);
    expect(inOrder.events.some((e) => e.kind === OFFLINE_MOVE_EVENT)).toBe(false);

    // The middle half hour of the drive held back: the car seems to jump 30 km across a silence.
    const fixes = drive(c.device_number);
    const held = (f: IncomingPosition) => f.gpsTime > start + 35 * MIN && f.gpsTime < start + 65 * MIN;
    await submit(fixes.filter((f) => !held(f)), 200);
    const gap = await derived(c.id);
    const moves = gap.events.filter((e) => e.kind === OFFLINE_MOVE_EVENT);
    expect(moves).toHaveLength(1);
    expect(gap.daily.reduce((m, x) => m + (x.offline_move_m as number), 0)).toBeGreaterThan(25_000);
    expect(gap.daily.reduce((m, x) => m + (x.mileage_m as number), 0)).toBeLessThan(inOrder.daily.reduce((m, x) => m + (x.mileage_m as number), 0) - 25_000);

    await submit(fixes.filter(held), 200);
    await telemetry.lateFixes.settle();
    expect(await derived(c.id)).toEqual(inOrder);
  });
});
