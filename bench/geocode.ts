// Offline reverse geocoding per call: the district lookup (reverseGeocode, 省 市 区/县) against the
// city-only lookup it replaced (cityAddress), measured in the same run over the same points, spread
// as the demo fleet drives: 80 % within 30 km of a dealer city, 20 % in the cities around it
// (BENCH_POINTS, default 200,000). Each lookup runs BENCH_ROUNDS times, interleaved; the best round
// counts. The district layer's one-off load (read, parse, index) is timed apart: it happens on first use.
import fs from 'node:fs';
import { CITIES } from '../apps/server/src/demo/places.js';
import { Rng } from '../apps/server/src/demo/random.js';
import { districtList } from '../apps/server/src/geo/districts.js';
import { cityAddress, reverseGeocode } from '../apps/server/src/geo/gazetteer.js';
import { homeCity } from '../apps/server/src/telemetry/simulator/cities.js';
import { fmt, root } from './lib.js';

const POINTS = Number(process.env.BENCH_POINTS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const KM_PER_DEG = 111;

const rng = new Rng(2026);
const homes = Object.values(CITIES).map((c) => homeCity(c.city)!);
const points = Array.from({ length: POINTS }, () => {
  const home = rng.pick(homes);
  const centre = rng.chance(0.8) ? home : rng.pick([...home.near, ...home.away]);
  const r = (30 / KM_PER_DEG) * Math.sqrt(rng.next());
  const a = rng.float(0, 2 * Math.PI);
  return [centre.lng + (r * Math.cos(a)) / Math.cos((centre.lat * Math.PI) / 180), centre.lat + r * Math.sin(a)] as const;
});

// The one-off costs, first: the city gazetteer is read with the module, the district layer on first use.
// With --expose-gc (the npm script gives it) what the layer holds is measured after collecting its garbage.
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
cityAddress(0, 0);
gc();
const heap0 = process.memoryUsage();
const t0 = performance.now();
const cpu0 = process.cpuUsage();
reverseGeocode(points[0]![0], points[0]![1]);
const loadMs = performance.now() - t0;
const loadCpu = process.cpuUsage(cpu0);
gc();
const heap1 = process.memoryUsage();
const retainedMb = (heap1.heapUsed + heap1.arrayBuffers - heap0.heapUsed - heap0.arrayBuffers) / 1e6;

const lookups: Record<string, (lng: number, lat: number) => string | undefined> = {
  'reverseGeocode (district)': (lng, lat) => reverseGeocode(lng, lat)?.address,
  'cityAddress (city only, the old lookup)': (lng, lat) => cityAddress(lng, lat)?.address,
};
const best: Record<string, { ns: number; named: Set<string> }> = {};
for (let round = 1; round <= ROUNDS; round++) {
  for (const [name, lookup] of Object.entries(lookups)) {
    const named = new Set<string>();
    const start = performance.now();
    for (const [lng, lat] of points) {
      const address = lookup(lng, lat);
      if (address) named.add(address);
    }
    const ns = ((performance.now() - start) * 1e6) / POINTS;
    process.stderr.write(`round ${round} ${name}: ${ns.toFixed(0)} ns a call\n`);
    if (!best[name] || ns < best[name].ns) best[name] = { ns, named };
  }
}

const bytes = fs.statSync(`${root}/apps/server/src/geo/data/districts.json`).size;
console.log(`${fmt(POINTS)} points around the demo fleet's 6 dealer cities and their neighbours, best of ${ROUNDS}`);
console.log(`district layer: ${fmt(districtList().length)} areas, districts.json ${(bytes / 1e6).toFixed(2)} MB, loaded on first use in ${fmt(loadMs)} ms (${fmt((loadCpu.user + loadCpu.system) / 1000)} ms CPU), ~${retainedMb.toFixed(0)} MB held`);
console.log('| lookup | ns a call | calls/s | distinct addresses | cost vs city only |');
console.log('|---|---|---|---|---|');
const base = best['cityAddress (city only, the old lookup)']!;
for (const [name, r] of Object.entries(best)) {
  console.log(`| ${name} | ${fmt(r.ns)} | ${fmt(1e9 / r.ns)} | ${fmt(r.named.size)} | ${(r.ns / base.ns).toFixed(2)}× |`);
}
