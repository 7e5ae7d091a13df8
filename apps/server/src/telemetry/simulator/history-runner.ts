import type { AuthCodes } from './auth-codes.js';
import { openLink, RegistrationRefused, type Connection, type DeviceLink } from './device-link.js';
import { FixBuffer } from './fix-buffer.js';
import type { FleetPlan, PlannedDevice, Span } from './plan-types.js';
import { deviceFixes } from './timeline.js';

export type HistoryOptions = {
  plan: FleetPlan;
  connection: Connection;
  /** The window sent; by default the plan's own, from its start to its "now". */
  from?: number;
  to?: number;
  /** Devices uploading at the same time. */
  concurrency?: number;
  /** Positions per 0x0704 upload (or HTTP call). */
  batchSize?: number;
  /** Auth codes from registrations, kept for the run (and for a live run after it). */
  authCodes?: AuthCodes;
  onProgress?: (doneDevices: number, totalDevices: number, positionsSent: number) => void;
};

export type HistoryResult = { devices: number; positions: number; failed: { device: string; error: string }[] };

const ATTEMPTS = 3;

/**
 * Sends every device's history the way a terminal uploads what it kept while out of coverage:
 * 0x0704 blind-area batches, each waiting for its acknowledgement (sent after the database commit)
 * before the next. A device whose link fails reconnects and carries on from its last acknowledged
 * batch; one that fails three times (or is refused registration, once) is reported and skipped.
 */
export async function runHistory(o: HistoryOptions): Promise<HistoryResult> {
  const from = o.from ?? o.plan.start;
  const to = o.to ?? o.plan.end;
  const batchSize = o.batchSize ?? 400;
  const authCodes = o.authCodes ?? new Map<string, string>();
  const devices = o.plan.devices;
  const failed: HistoryResult['failed'] = [];
  let positions = 0;
  let done = 0;
  let next = 0;

  async function upload(device: PlannedDevice, fixes: FixBuffer): Promise<void> {
    fixes.clear();
    deviceFixes(o.plan, device, from, to, fixes);
    const chunks = uploadOrder(fixes, device.effects.blindAreas, batchSize);
    let sent = 0;
    for (let attempt = 1; sent < chunks.length; attempt++) {
      let link: DeviceLink | null = null;
      try {
        link = await openLink(device, o.connection, authCodes);
        while (sent < chunks.length) {
          const chunk = chunks[sent]!;
          await link.send(fixes, chunk.from, chunk.to, true);
          positions += chunk.to - chunk.from;
          sent += 1;
          o.onProgress?.(done, devices.length, positions);
        }
      } catch (err) {
        // A refused registration is refused again: the device fails at once.
        if (attempt >= ATTEMPTS || err instanceof RegistrationRefused) {
          failed.push({ device: device.number, error: err instanceof Error ? err.message : String(err) });
          return;
        }
      } finally {
        link?.close();
      }
    }
  }

  async function worker(): Promise<void> {
    const fixes = new FixBuffer(8192);
    while (next < devices.length) {
      const device = devices[next++]!;
      await upload(device, fixes);
      done += 1;
      o.onProgress?.(done, devices.length, positions);
    }
  }

  await Promise.all(Array.from({ length: Math.min(o.concurrency ?? 64, devices.length) }, worker));
  return { devices: devices.length, positions, failed };
}

/**
 * The device's fixes as uploads, in the order a terminal sends them: in time order, except that the
 * fixes of a blind area come after the first fix past it (the current position, sent on coming back
 * into coverage), as their own uploads. Each upload holds at most `batchSize` fixes.
 */
export function uploadOrder(fixes: FixBuffer, blindAreas: readonly Span[], batchSize: number): Span[] {
  const ranges: Span[] = [];
  let at = 0;
  for (const area of [...blindAreas].sort((a, b) => a.from - b.from)) {
    const first = Math.max(at, fixes.indexAt(area.from));
    const back = fixes.indexAt(area.to);
    // Nothing kept, or no fix after it yet: sent as it comes.
    if (first >= back || back >= fixes.length) continue;
    ranges.push({ from: at, to: first }, { from: back, to: back + 1 }, { from: first, to: back });
    at = back + 1;
  }
  ranges.push({ from: at, to: fixes.length });
  const chunks: Span[] = [];
  for (const r of ranges) for (let i = r.from; i < r.to; i += batchSize) chunks.push({ from: i, to: Math.min(i + batchSize, r.to) });
  return chunks;
}
