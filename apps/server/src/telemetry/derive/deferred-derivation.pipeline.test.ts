import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { seedDemo } from '../../demo/seed-demo.js';
import { derivedRows, EVENING, evening } from '../../test/derived-snapshot.js';
import { SEED_NOW } from '../../test/test-app.js';
import { openTestDatabase } from '../../test/test-database.js';
import type { IncomingPosition } from '../pipeline/incoming.js';
import { createTelemetry, type Telemetry } from '../telemetry.js';
import { replayDevice } from './replay.js';

/**
 * Issue 33: a device's derived rows (stops, trips, events, daily figures, checkpoints, track state)
 * wait in memory and are written once a minute, with a durable mark of how far they go. What is
 * written must always equal what writing them with every batch gives, and a process that dies with
 * rows waiting must leave positions the next start derives to the same rows.
 */
const MINUTE = 60_000;
let handle: DatabaseHandle;
let wired: { id: number; device_number: string }[] = [];
/** The pipelines' clock: moved by hand, so "a minute later" is exact. */
let clock = SEED_NOW;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedDemo(handle.db, { now: SEED_NOW });
  wired = await handle.db.selectFrom('device').select(['id', 'device_number']).where('kind', '=', 1).where('car_id', 'is not', null).orderBy('id').execute();
});
afterAll(() => handle.close());

const deferred = () => createTelemetry(handle, () => clock, { deriveEveryMs: MINUTE });
const derived = (deviceId: number) => derivedRows(handle.db, deviceId);
const mark = async (deviceId: number) =>
  (await handle.db.selectFrom('device_track_state').select('derived_to').where('device_id', '=', deviceId).executeTakeFirst())?.derived_to ?? null;

async function submit(t: Telemetry, fixes: IncomingPosition[], size: number) {
  for (let i = 0; i < fixes.length; i += size) await t.pipeline.submit(fixes.slice(i, i + size));
}

/** The reference: the same evening through a pipeline that writes derived rows with every batch. */
async function withEveryBatch(device: { id: number; device_number: string }, start = EVENING) {
  const now = createTelemetry(handle, () => clock);
  await submit(now, evening(device.device_number, start).fixes, 97);
  return derived(device.id);
}

describe('derived rows written once a minute', () => {
  it('waits a minute after the first fix derived, then writes them with the mark; the total equals writing them with every batch', async () => {
    const [ref, dev] = [wired[0]!, wired[1]!];
    const expected = await withEveryBatch(ref);
    expect(expected.daily.length).toBe(2);

    const t = deferred();
    const fixes = evening(dev.device_number).fixes;
    await submit(t, fixes.slice(0, 100), 50);
    // Stored, not derived yet: nothing written, no mark.
    expect(await derived(dev.id)).toEqual({ stops: [], trips: [], events: [], daily: [], checkpoints: [] });
    expect(await mark(dev.id)).toBeNull();
    expect(t.pipeline.derivedBacklog()).toBe(1);

    clock += MINUTE;
    await submit(t, fixes.slice(100, 150), 50);
    // Due: written up to the newest fix of the batch that carried them.
    expect(await mark(dev.id)).toBe(fixes[149]!.gpsTime);
    expect((await derived(dev.id)).daily.length).toBeGreaterThan(0);
    expect(t.pipeline.derivedBacklog()).toBe(0);

    await submit(t, fixes.slice(150), 97);
    expect(await mark(dev.id)).toBe(fixes[149]!.gpsTime);
    await t.pipeline.drain();
    expect(await mark(dev.id)).toBe(fixes[fixes.length - 1]!.gpsTime);
    expect(await derived(dev.id)).toEqual(expected);
    await replayDevice(handle.db, dev.id, null);
    expect(await derived(dev.id)).toEqual(expected);
  });

  it('a device silent since its rows began waiting has them written when due, with no fix to carry them', async () => {
    const dev = wired[2]!;
    const t = deferred();
    const fixes = evening(dev.device_number).fixes.slice(0, 40);
    await submit(t, fixes, 40);
    expect(await mark(dev.id)).toBeNull();
    clock += MINUTE;
    t.pipeline.wake();
    await expect.poll(() => mark(dev.id)).toBe(fixes[39]!.gpsTime);
    expect(t.pipeline.derivedBacklog()).toBe(0);
  });

  it('a process that dies with rows waiting loses none: the next start derives the positions after the mark to what a rebuild gives', async () => {
    const [ref, dev] = [wired[3]!, wired[4]!];
    const expected = await withEveryBatch(ref, EVENING + 2 * 24 * 3600_000);
    const fixes = evening(dev.device_number, EVENING + 2 * 24 * 3600_000).fixes;
    const first = deferred();
    await submit(first, fixes.slice(0, 120), 60);
    clock += MINUTE;
    await submit(first, fixes.slice(120), 60);
    const written = await mark(dev.id);
    expect(written).toBe(fixes[179]!.gpsTime);
    // The process dies here: its waiting rows are gone, its positions are not.

    const second = deferred();
    await second.devices.resume();
    expect(second.pipeline.derivedBacklog()).toBe(1);
    await second.pipeline.drain();
    expect(await mark(dev.id)).toBe(fixes[fixes.length - 1]!.gpsTime);
    expect(await derived(dev.id)).toEqual(expected);
  });

  it('a late fix while rows wait: the replay drops them and derives the device again to what the fixes in order give', async () => {
    const [ref, dev] = [wired[5]!, wired[6]!];
    const start = EVENING + 4 * 24 * 3600_000;
    const expected = await withEveryBatch(ref, start);
    const t = deferred();
    const fixes = evening(dev.device_number, start).fixes;
    const held = (_: IncomingPosition, i: number) => i > 30 && i % 9 === 4;
    await submit(t, fixes.filter((f, i) => !held(f, i)), 97);
    await submit(t, fixes.filter(held), 50);
    expect(t.pipeline.derivedBacklog()).toBe(1);
    await t.lateFixes.settle();
    expect(t.pipeline.derivedBacklog()).toBe(0);
    expect(await mark(dev.id)).toBe(fixes[fixes.length - 1]!.gpsTime);
    expect(await derived(dev.id)).toEqual(expected);
  });

  it('another process that advanced the mark wins: a write over a mark this one did not read is refused, and the device reloaded', async () => {
    const dev = wired[7]!;
    const fixes = evening(dev.device_number, EVENING + 24 * 3600_000).fixes;
    const [a, b] = [deferred(), deferred()];
    await submit(a, fixes.slice(0, 50), 50);
    await submit(b, fixes.slice(50, 60), 10);
    expect(a.pipeline.stats.stored + b.pipeline.stats.stored).toBe(60);
    await a.pipeline.drain();
    await expect(b.pipeline.drain()).resolves.toBeUndefined();
    // b's write was refused whole (its positions too: stored by then, they stay) and b forgot the device.
    expect(b.pipeline.stats.failedBatches).toBe(1);
    expect(b.devices.loaded(dev.id)).toBeUndefined();
    expect(await mark(dev.id)).toBe(fixes[49]!.gpsTime);

    // Reloaded, b derives what a never did and writes over a's mark.
    await submit(b, fixes.slice(60), 97);
    await b.pipeline.drain();
    expect(await mark(dev.id)).toBe(fixes[fixes.length - 1]!.gpsTime);
    const written = await derived(dev.id);
    await replayDevice(handle.db, dev.id, null);
    expect(await derived(dev.id)).toEqual(written);
  });

  it('positions whose device another process advanced meanwhile are still stored and acknowledged: the device is reloaded and the batch written again', async () => {
    const dev = wired[8]!;
    const fixes = evening(dev.device_number, EVENING + 2 * 24 * 3600_000).fixes;
    const [a, b] = [createTelemetry(handle, () => clock), createTelemetry(handle, () => clock)];
    await submit(a, fixes.slice(0, 40), 40);
    await submit(b, fixes.slice(40, 80), 40);
    // a still holds the mark it wrote: its next write is refused once, then made over b's mark.
    const results = await a.pipeline.submit(fixes.slice(80, 120));
    expect(results.every((r) => r.status === 'stored')).toBe(true);
    expect(a.pipeline.stats.failedBatches).toBe(1);
    expect(await mark(dev.id)).toBe(fixes[119]!.gpsTime);
    const written = await derived(dev.id);
    await replayDevice(handle.db, dev.id, null);
    expect(await derived(dev.id)).toEqual(written);
  });
});
