import type { IncomingPosition } from '../pipeline/incoming.js';

/** The same sphere as `distanceM`, so the distance a test drives is the distance measured. */
const KM_PER_DEG_LAT = (6371.0088 * Math.PI) / 180;

/**
 * Builds a constructed track fix by fix, as a terminal would report it: parked spells and drives at
 * given speeds along a parallel, so each test can say in plain numbers what the car did.
 */
export function trackBuilder(deviceNumber: string, start: number, at = { lng: 120.1, lat: 30.2 }) {
  const fixes: IncomingPosition[] = [];
  let t = start;
  let { lng } = at;
  const { lat } = at;
  let odometer: number | null = null;
  let odometerFactor = 1;
  const kmPerDegLng = KM_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180);
  const push = (speed: number, acc: 0 | 1) =>
    fixes.push({ deviceNumber, gpsTime: t, lng, lat, speed, direction: 90, altitude: 10, acc, mileageKm: odometer });

  const b = {
    /** Standing still for `ms`, a fix every `everyMs` (the first one interval in, unless the track starts here), ignition off. */
    park(ms: number, everyMs = 10_000) {
      if (fixes.length === 0) push(0, 0);
      for (let dt = everyMs; dt <= ms; dt += everyMs) {
        t += everyMs;
        push(0, 0);
      }
      return b;
    },
    /** Driving east at `kmh` for `ms`, a fix every `everyMs` (the first one interval in, unless the track starts here). */
    drive(ms: number, kmh: number, everyMs = 10_000) {
      if (fixes.length === 0) push(kmh, 1);
      for (let dt = everyMs; dt <= ms; dt += everyMs) {
        t += everyMs;
        const km = (kmh * everyMs) / 3_600_000;
        lng += km / kmPerDegLng;
        if (odometer !== null) odometer += km * odometerFactor;
        push(kmh, 1);
      }
      return b;
    },
    /** Speeds given second by second (a brake, a launch), a fix every second, moving accordingly. */
    speeds(kmhs: number[]) {
      for (const kmh of kmhs) {
        t += 1000;
        lng += kmh / 3600 / kmPerDegLng;
        push(kmh, 1);
      }
      return b;
    },
    /** One fix `km` further east, `ms` later: a jump when it is faster than a car goes. */
    jump(km: number, ms: number, kmh = 60) {
      t += ms;
      lng += km / kmPerDegLng;
      push(kmh, 1);
      return b;
    },
    /** From now on the fixes carry the odometer, starting at `km`, which counts `factor` km per km driven. */
    odometer(km: number, factor = 1) {
      odometer = km;
      odometerFactor = factor;
      return b;
    },
    get fixes() {
      return fixes;
    },
    get time() {
      return t;
    },
  };
  return b;
}
