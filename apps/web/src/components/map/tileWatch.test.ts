import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TILE_FAILURES_TO_GIVE_UP, TILE_SILENCE_MS, watchTiles } from './tileWatch';

describe('watchTiles', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives up once after repeated tile errors', () => {
    const layer = L.tileLayer('x/{z}/{x}/{y}');
    const onUnreachable = vi.fn();
    watchTiles(layer, onUnreachable);
    for (let i = 0; i < TILE_FAILURES_TO_GIVE_UP + 3; i++) layer.fire('tileerror');
    expect(onUnreachable).toHaveBeenCalledTimes(1);
  });

  it('trusts a server that has loaded one tile', () => {
    const layer = L.tileLayer('x/{z}/{x}/{y}');
    const onUnreachable = vi.fn();
    watchTiles(layer, onUnreachable);
    layer.fire('tileload');
    for (let i = 0; i < TILE_FAILURES_TO_GIVE_UP * 2; i++) layer.fire('tileerror');
    vi.advanceTimersByTime(TILE_SILENCE_MS * 2);
    expect(onUnreachable).not.toHaveBeenCalled();
  });

  it('gives up on a server that never answers', () => {
    const layer = L.tileLayer('x/{z}/{x}/{y}');
    const onUnreachable = vi.fn();
    watchTiles(layer, onUnreachable);
    vi.advanceTimersByTime(TILE_SILENCE_MS);
    expect(onUnreachable).toHaveBeenCalledTimes(1);
  });

  it('stops watching when told to', () => {
    const layer = L.tileLayer('x/{z}/{x}/{y}');
    const onUnreachable = vi.fn();
    watchTiles(layer, onUnreachable)();
    for (let i = 0; i < TILE_FAILURES_TO_GIVE_UP; i++) layer.fire('tileerror');
    vi.advanceTimersByTime(TILE_SILENCE_MS);
    expect(onUnreachable).not.toHaveBeenCalled();
  });
});
