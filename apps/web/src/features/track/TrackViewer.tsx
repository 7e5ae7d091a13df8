import type { TrackFix, TrackResult } from '@cvrisk/contracts';
import { useCallback, useMemo, useState } from 'react';
import { MapView } from '../../components/map/MapView';
import { FixPointLayer } from '../../components/map/layers/FixPointLayer';
import { StopLayer, stopDuration } from '../../components/map/layers/StopLayer';
import { TrackLayer } from '../../components/map/layers/TrackLayer';
import { VehicleMarker } from '../../components/map/layers/VehicleMarker';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { FixList } from './FixList';
import { FixPanel } from './FixPanel';
import { MapFocus, type Focus } from './MapFocus';
import { ParkLabel } from './ParkLabel';
import { describePark } from './parkSpell';
import { PlayerBar } from './PlayerBar';
import { StopList } from './StopList';
import type { TrackKind } from './track.queries';
import { driveTimeline, fixTimeMs, positionAt, stepTimeline } from './trackPlayer';
import { usePlayback } from './usePlayback';
import { useSampled } from './useSampled';

/** While playing, the address under the vehicle is asked for at most this often. */
const ADDRESS_EVERY_MS = 2000;
/** A stop is looked at street by street; a wireless fix (a cell fix is off by up to kilometres) only panned to. */
const STOP_ZOOM = 15;

/** The first fix at or after a time (times are `YYYY-MM-DD HH:mm:ss`, so they sort as text). */
function fixAtOrAfter(times: readonly string[], time: string): number {
  let lo = 0;
  let hi = times.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where the vehicle is between two fixes; headings are the terminal's own. */
function between(a: TrackFix, b: TrackFix | undefined, fraction: number) {
  if (!b || fraction <= 0) return { lng: a.lng, lat: a.lat, direction: a.direction };
  return { lng: a.lng + (b.lng - a.lng) * fraction, lat: a.lat + (b.lat - a.lat) * fraction, direction: a.direction };
}

type Props = { kind: TrackKind; result: TrackResult };

/** A loaded replay: the map with its layers, the player, the current fix, and the stops or fixes. */
export function TrackViewer({ kind, result }: Props) {
  const { t, lang } = useI18n();
  const { list: fixes, stops } = result;
  const times = useMemo(() => fixes.map((f) => f.gpsTime), [fixes]);
  const timeline = useMemo(
    () =>
      kind === 'wired'
        ? driveTimeline(
            times.map(fixTimeMs),
            stops.map((s) => ({ startMs: fixTimeMs(s.startTime), endMs: fixTimeMs(s.endTime), durationMs: s.durationMs })),
          )
        : stepTimeline(times.length),
    [kind, times, stops],
  );
  const playback = usePlayback(timeline);
  const timeAt = useCallback((clock: number) => times[positionAt(timeline, clock).index] ?? '', [times, timeline]);
  const park = playback.park ? describePark(playback.park, fixes, stops) : null;
  const { seek } = playback;
  const [follow, setFollow] = useState(false);
  const [focus, setFocus] = useState<Focus | null>(null);
  const current = fixes[playback.index]!;
  const at = between(current, fixes[playback.index + 1], playback.fraction);
  const addressFix = useSampled(current, playback.player.playing, ADDRESS_EVERY_MS);

  const goToStop = useCallback(
    (i: number) => {
      const stop = stops[i];
      if (!stop) return;
      seek(fixAtOrAfter(times, stop.startTime));
      setFocus((f) => ({ lng: stop.lng, lat: stop.lat, zoom: STOP_ZOOM, seq: (f?.seq ?? 0) + 1 }));
    },
    [stops, times, seek],
  );
  const goToFix = useCallback(
    (i: number) => {
      const fix = fixes[i];
      if (!fix) return;
      seek(i);
      setFocus((f) => ({ lng: fix.lng, lat: fix.lat, seq: (f?.seq ?? 0) + 1 }));
    },
    [fixes, seek],
  );

  return (
    <div className="track-viewer">
      <div className="track-map-column">
        <div className="track-map">
          <MapView>
            {/* First: the view is fitted before the track is added, so 100,000 fixes are projected once, not twice. */}
            <MapFocus fixes={fixes} focus={focus} />
            {kind === 'wired' ? <TrackLayer fixes={fixes} /> : <FixPointLayer fixes={fixes} onSelect={seek} />}
            <StopLayer stops={stops} onSelect={goToStop} />
            <VehicleMarker lng={at.lng} lat={at.lat} direction={at.direction} heading={kind === 'wired'} follow={follow} />
            <ParkLabel
              at={park}
              text={park ? t(park.kind === 'parked' ? 'track.parkedFor' : 'track.noFixesFor', { duration: stopDuration(park.durationMs, lang) }) : ''}
            />
          </MapView>
        </div>
        <PlayerBar
          clock={playback.player.clock}
          end={playback.end}
          time={current.gpsTime}
          timeAt={timeAt}
          playing={playback.player.playing}
          speed={playback.player.speed}
          follow={follow}
          onPlay={playback.play}
          onPause={playback.pause}
          onSpeed={playback.setSpeed}
          onSeek={playback.seekClock}
          onFollow={setFollow}
        />
      </div>
      <aside className="track-side">
        <FixPanel fix={current} addressFix={addressFix} index={playback.index} total={fixes.length} />
        {kind === 'wired' ? <StopList stops={stops} onSelect={goToStop} /> : <FixList fixes={fixes} active={playback.index} onSelect={goToFix} />}
      </aside>
    </div>
  );
}
