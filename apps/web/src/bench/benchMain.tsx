import { DeviceStates, type MonitorDevice, type TrackResult } from '@cvrisk/contracts';
import type L from 'leaflet';
import { useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MapView } from '../components/map/MapView';
import { useMap } from '../components/map/MapContext';
import { DeviceLayer } from '../components/map/layers/DeviceLayer';
import { DeviceStore } from '../components/map/layers/deviceStore';
import { TrackLayer } from '../components/map/layers/TrackLayer';
import { I18nProvider } from '../lib/i18n/I18nProvider';
import { frameWhen, nextFrame, recordFrames, type FrameStats } from './frames';
import { syntheticDevices, syntheticTrack, syntheticUpdates } from './synthetic';

/**
 * The map benchmark page (bench/web.ts builds and opens it; the console never ships it). One scenario
 * per page load, named by the hash: `empty` (the baseline), `devices`, `track`.
 */
type Result = { scenario: string; firstRenderMs: number; frames: FrameStats; note?: string };

const DEVICES = 50_000;
const LIVE_PER_SECOND = 5_000;
const TRACK_FIXES = 100_000;

// Tiles are unreachable here and would only add noise: every scenario draws on the offline outlines.
localStorage.setItem('cvrisk.map.baseLayer', 'offline');

let grabbed: L.Map | null = null;
function GrabMap() {
  const { map } = useMap();
  useEffect(() => {
    grabbed = map;
  }, [map]);
  return null;
}

/** Its effect runs after those of the layers rendered before it: the moment they have added their shapes. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

const root = createRoot(document.getElementById('root')!);
function show(children?: ReactNode) {
  root.render(
    <I18nProvider>
      <MapView center={[108.5, 33.5]} zoom={5}>
        <GrabMap />
        {children}
      </MapView>
    </I18nProvider>,
  );
}

/** Every outline tile in view is drawn. */
function outlinesDrawn(): boolean {
  const tiles = document.querySelectorAll('.map-outline-tiles .leaflet-tile');
  return grabbed !== null && tiles.length > 0 && [...tiles].every((t) => t.classList.contains('leaflet-tile-loaded'));
}
const once = (map: L.Map, event: string) => new Promise<void>((resolve) => map.once(event, () => resolve()));
const settle = async () => {
  // Room for the device layer's answer from its worker and the paint after it.
  await new Promise((r) => setTimeout(r, 80));
  await nextFrame();
};

/** The same pans and zooms for every scenario, with the frame times they cost. */
async function interact(map: L.Map): Promise<FrameStats> {
  const rec = recordFrames();
  for (const by of [[320, 0], [0, 220], [-320, 0], [0, -220], [260, 160], [-260, -160]] as [number, number][]) {
    const done = once(map, 'moveend');
    map.panBy(by, { duration: 0.4 });
    await done;
    await settle();
  }
  for (const zoom of [6, 7, 8, 9, 8, 7, 6, 5]) {
    const done = once(map, 'zoomend');
    map.setZoom(zoom);
    await done;
    await settle();
  }
  return rec.stop();
}

async function empty(): Promise<Result> {
  const t0 = performance.now();
  show();
  await frameWhen(outlinesDrawn);
  await nextFrame();
  const firstRenderMs = performance.now() - t0;
  return { scenario: 'empty', firstRenderMs, frames: await interact(grabbed!) };
}

async function devices(): Promise<Result> {
  const devices = syntheticDevices(DEVICES);
  // What /api/monitor/devices would answer: parsing it is part of opening the page.
  const payload = JSON.stringify(devices);
  const store = new DeviceStore();
  const states = new Set(DeviceStates);
  const t0 = performance.now();
  store.replaceAll(JSON.parse(payload) as MonitorDevice[]);
  show(<DeviceLayer store={store} states={states} onSelect={() => {}} />);
  await frameWhen(() => outlinesDrawn() && (document.querySelector<HTMLCanvasElement>('.map-device-canvas')?.width ?? 0) > 0);
  await nextFrame();
  const firstRenderMs = performance.now() - t0;
  // The event stream's load during the gestures: 5,000 devices changed every second.
  const live = setInterval(() => store.apply(syntheticUpdates(devices, LIVE_PER_SECOND), false), 1000);
  const frames = await interact(grabbed!);
  clearInterval(live);
  return { scenario: 'devices', firstRenderMs, frames, note: `${DEVICES} devices, ${LIVE_PER_SECOND} live updates/s while panning` };
}

async function track(): Promise<Result> {
  show();
  await frameWhen(outlinesDrawn);
  const payload = JSON.stringify({ list: syntheticTrack(TRACK_FIXES), stops: [] } satisfies TrackResult);
  let committed = false;
  const t0 = performance.now();
  const fixes = (JSON.parse(payload) as TrackResult).list;
  show(
    <>
      <TrackLayer fixes={fixes} />
      <Committed onCommit={() => (committed = true)} />
    </>,
  );
  await frameWhen(() => committed);
  await nextFrame();
  await nextFrame();
  const firstRenderMs = performance.now() - t0;
  const map = grabbed!;
  const done = once(map, 'moveend');
  map.setView([30.28, 120.15], 9, { animate: false });
  await done;
  return { scenario: 'track', firstRenderMs, frames: await interact(map), note: `${TRACK_FIXES} fixes` };
}

const scenarios: Record<string, () => Promise<Result>> = { empty, devices, track };
const run = scenarios[location.hash.slice(1)] ?? empty;
const w = window as unknown as { benchResult?: Result; benchError?: string };
run().then(
  (result) => (w.benchResult = result),
  (e: unknown) => (w.benchError = String(e)),
);
