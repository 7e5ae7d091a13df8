import { formatTime, type MonitorDevice, type TrackFix } from '@cvrisk/contracts';

/** Benchmark data only (bench/web.ts): never imported by the console. */

/** Where fleets gather: provincial capitals and big cities, WGS-84 `[lng, lat]`. */
const HUBS: [number, number][] = [
  [116.40, 39.90], [121.47, 31.23], [113.26, 23.13], [114.06, 22.54], [120.15, 30.28], [118.80, 32.06],
  [104.07, 30.67], [106.55, 29.56], [114.30, 30.59], [108.94, 34.34], [117.20, 39.12], [113.62, 34.75],
  [112.94, 28.23], [117.23, 31.82], [119.30, 26.08], [115.86, 28.68], [117.00, 36.67], [120.38, 36.07],
  [123.43, 41.80], [125.32, 43.82], [126.64, 45.76], [111.67, 40.82], [112.55, 37.87], [114.51, 38.04],
  [102.71, 25.04], [106.63, 26.65], [108.37, 22.82], [110.35, 20.02], [103.83, 36.06], [101.78, 36.62],
  [106.23, 38.49], [87.62, 43.83], [91.13, 29.65], [120.58, 31.30], [120.30, 31.57], [121.55, 29.87],
  [113.12, 23.02], [113.75, 23.02], [118.09, 24.48], [119.95, 31.78],
];

/** A repeatable random sequence, so every run draws the same map. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const STATES = ['moving', 'parked', 'parked', 'offline'] as const;

/** `count` devices over China: most around the hubs (within ~50 km), the rest anywhere in the east. */
export function syntheticDevices(count: number, seed = 1): MonitorDevice[] {
  const rnd = random(seed);
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const hub = HUBS[Math.floor(rnd() * HUBS.length)]!;
    const near = rnd() < 0.8;
    const lng = near ? hub[0] + (rnd() - 0.5) : 100 + rnd() * 22;
    const lat = near ? hub[1] + (rnd() - 0.5) * 0.8 : 22 + rnd() * 20;
    const state = i % 50 === 0 ? 'never' : STATES[Math.floor(rnd() * STATES.length)]!;
    return {
      id: i + 1,
      deviceNumber: String(13_800_000_000 + i),
      deviceKind: i % 3 === 0 ? 2 : 1,
      state,
      deptId: 1 + (i % 20),
      plateNumber: null,
      lng: state === 'never' ? null : lng,
      lat: state === 'never' ? null : lat,
      speed: state === 'moving' ? 20 + rnd() * 80 : 0,
      direction: Math.floor(rnd() * 360),
      lastTime: state === 'never' ? null : now - Math.floor(rnd() * 3600_000),
    };
  });
}

/** One second of live traffic: `count` devices moved a little, as the event stream would send them. */
export function syntheticUpdates(devices: MonitorDevice[], count: number, rnd = Math.random): MonitorDevice[] {
  const now = Date.now();
  return Array.from({ length: count }, () => {
    const d = devices[Math.floor(rnd() * devices.length)]!;
    if (d.lng === null || d.lat === null) return d;
    return { ...d, state: 'moving', lng: d.lng + (rnd() - 0.5) * 0.002, lat: d.lat + (rnd() - 0.5) * 0.002, speed: 40, lastTime: now };
  });
}

/** A month of a wired terminal: `count` fixes 10 s apart, a random drive around Hangzhou. */
export function syntheticTrack(count: number, seed = 2): TrackFix[] {
  const rnd = random(seed);
  const start = Date.now() - count * 10_000;
  let lng = 120.15;
  let lat = 30.28;
  let heading = 90;
  return Array.from({ length: count }, (_, i) => {
    heading = (heading + (rnd() - 0.5) * 40 + 360) % 360;
    const speed = rnd() < 0.1 ? 0 : 20 + rnd() * 100;
    const step = (speed / 3600) * 10 * 0.009;
    lng += Math.sin((heading * Math.PI) / 180) * step;
    lat += Math.cos((heading * Math.PI) / 180) * step;
    return { lng, lat, gaodeLng: lng, gaodeLat: lat, speed, direction: Math.round(heading), gpsTime: formatTime(start + i * 10_000), acc: 1, fixType: 1 };
  });
}
