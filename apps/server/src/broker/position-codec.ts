import type { IncomingPosition } from '../telemetry/pipeline/incoming.js';

/**
 * Wire format of one stream message: JSON `{"v":1,"d":"<device number>","p":[[…], …]}` with each
 * position as a positional tuple in FIELDS order, trailing absent fields trimmed.
 *
 * Why JSON tuples and not keyed JSON or a binary layout: tuples are about half the size of keyed
 * objects (≈ 80 instead of ≈ 170 bytes a fix, and the stream keeps 24 h of every fix on disk), while
 * staying readable with `nats stream get` when something goes wrong. A binary layout would save
 * another half but needs its own versioned codec for every optional field. The `v` tag lets a later
 * format be rolled out with gateways and workers of two versions running side by side.
 *
 * Absent and null optional fields both travel as null and come back absent: every reader of
 * IncomingPosition already treats them alike (`?? default`).
 */
const VERSION = 1;

const FIELDS = [
  'gpsTime', 'lng', 'lat', 'speed', 'direction', 'altitude', 'acc',
  'mileageKm', 'satellites', 'signal', 'battery', 'fixType', 'alarmWord', 'statusWord', 'alarmItems',
] as const satisfies readonly (keyof IncomingPosition)[];

/** The fields every position has; a tuple shorter than this is corrupt. */
const REQUIRED = 7;

/** `alarmItems`, last, is the one list: appended, so a worker of the previous build reads these messages and ignores it. */
type Tuple = (number | number[] | null)[];
type Envelope = { v: number; d: string; p: Tuple[] };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encodePositions(deviceNumber: string, positions: IncomingPosition[]): Uint8Array {
  const p = positions.map((pos) => {
    if (pos.deviceNumber !== deviceNumber) {
      throw new Error(`position of ${pos.deviceNumber} in a message for ${deviceNumber}`);
    }
    const t: Tuple = FIELDS.map((f) => (f === 'alarmItems' && !pos.alarmItems?.length ? null : (pos[f] ?? null)));
    while (t.length > REQUIRED && t[t.length - 1] === null) t.pop();
    return t;
  });
  const envelope: Envelope = { v: VERSION, d: deviceNumber, p };
  return encoder.encode(JSON.stringify(envelope));
}

export function decodePositions(data: Uint8Array): { deviceNumber: string; positions: IncomingPosition[] } {
  const e = JSON.parse(decoder.decode(data)) as Partial<Envelope>;
  if (e.v !== VERSION) throw new Error(`unknown position message version ${String(e.v)}`);
  if (typeof e.d !== 'string' || !Array.isArray(e.p)) throw new Error('malformed position message');
  const deviceNumber = e.d;
  const positions = e.p.map((t) => {
    if (!Array.isArray(t) || t.length < REQUIRED) throw new Error('malformed position tuple');
    const pos: Record<string, unknown> = { deviceNumber };
    FIELDS.forEach((f, i) => {
      const v = t[i];
      if (v !== null && v !== undefined) pos[f] = v;
    });
    return pos as IncomingPosition;
  });
  return { deviceNumber, positions };
}
