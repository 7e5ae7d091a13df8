import type { Location } from '../jt808/index.js';
import type { IncomingPosition } from '../pipeline/incoming.js';

/**
 * Vendor additional items of the wireless models we support: 0xE1 battery percent (1 byte) and
 * 0xE2 fix source (1 = satellite, 2 = cell towers, 3 = Wi-Fi). Other models leave them out.
 */
const BATTERY_ITEM = 0xe1;
const FIX_SOURCE_ITEM = 0xe2;

/** A decoded JT/T 808 location as the pipeline takes it; null when the terminal sent no valid time. */
export function toPosition(deviceNumber: string, l: Location): IncomingPosition | null {
  if (l.time === null) return null;
  const battery = l.rawItems.get(BATTERY_ITEM);
  const source = l.rawItems.get(FIX_SOURCE_ITEM)?.[0];
  return {
    deviceNumber,
    gpsTime: l.time,
    lng: l.longitude,
    lat: l.latitude,
    speed: l.speedKmh,
    direction: l.direction,
    altitude: l.altitude,
    acc: l.accOn ? 1 : 0,
    mileageKm: l.items.mileageKm ?? null,
    satellites: l.items.satellites ?? null,
    signal: l.items.signalStrength ?? null,
    battery: battery && battery.length === 1 ? Math.min(100, battery[0]!) : null,
    fixType: source === 2 || source === 3 ? source : 1,
    alarmWord: l.alarm >>> 0,
    statusWord: l.status >>> 0,
    ...alarmItemsOf(l.rawItems),
  };
}

/**
 * The non-standard items that are on (any nonzero byte): a model's alarm mapping may name one (the
 * light sensor …). Which items mean anything is the mapping's business, not the gateway's.
 */
function alarmItemsOf(raw: ReadonlyMap<number, Buffer>): { alarmItems?: number[] } {
  const on: number[] = [];
  for (const [id, value] of raw) if (value.some((b) => b !== 0)) on.push(id);
  return on.length > 0 ? { alarmItems: on } : {};
}

export const VENDOR_ITEMS = { battery: BATTERY_ITEM, fixSource: FIX_SOURCE_ITEM } as const;
