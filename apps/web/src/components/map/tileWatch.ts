import type L from 'leaflet';

/** Failed tiles in a row, with none loaded, that mean "no tile server reachable". */
export const TILE_FAILURES_TO_GIVE_UP = 4;
/** A tile server that neither answers nor fails (dropped packets) counts as unreachable after this. */
export const TILE_SILENCE_MS = 10_000;

/**
 * Watches a tile layer that was just shown and calls `onUnreachable` once when its tiles keep failing
 * (machines without internet access, the test machines among them). One loaded tile clears the
 * suspicion for good: a server that works but misses a tile is not unreachable. Returns the unwatch.
 */
export function watchTiles(layer: L.TileLayer, onUnreachable: () => void): () => void {
  let failures = 0;
  let done = false;
  const giveUp = () => {
    if (done) return;
    stop();
    onUnreachable();
  };
  const onError = () => {
    failures += 1;
    if (failures >= TILE_FAILURES_TO_GIVE_UP) giveUp();
  };
  const onLoad = () => stop();
  const timer = setTimeout(giveUp, TILE_SILENCE_MS);
  function stop() {
    done = true;
    clearTimeout(timer);
    layer.off('tileerror', onError);
    layer.off('tileload', onLoad);
  }
  layer.on('tileerror', onError);
  layer.on('tileload', onLoad);
  return stop;
}
