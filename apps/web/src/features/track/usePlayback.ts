import { useEffect, useMemo, useState } from 'react';
import { initialPlayer, parkAt, pause, play, positionAt, seek, seekClock, setSpeed, tick, timelineEnd, type PlaySpeed, type Timeline } from './trackPlayer';

/**
 * The player model driven by requestAnimationFrame while it plays. A new track needs a new player:
 * the screen keys the component that owns this hook by the search.
 */
export function usePlayback(timeline: Timeline) {
  const [player, setPlayer] = useState(initialPlayer);

  useEffect(() => {
    if (!player.playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      // Taken now: the updater runs later, when `last` already holds this frame's time.
      const elapsed = now - last;
      last = now;
      setPlayer((p) => tick(p, timeline, elapsed));
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [player.playing, timeline]);

  const { index, fraction } = positionAt(timeline, player.clock);
  const park = parkAt(timeline, player.clock);
  const controls = useMemo(
    () => ({
      end: timelineEnd(timeline),
      play: () => setPlayer((p) => play(p, timeline)),
      pause: () => setPlayer(pause),
      setSpeed: (speed: PlaySpeed) => setPlayer((p) => setSpeed(p, speed)),
      seek: (i: number) => setPlayer((p) => seek(p, timeline, i)),
      seekClock: (clock: number) => setPlayer((p) => seekClock(p, timeline, clock)),
    }),
    [timeline],
  );
  return { player, index, fraction, park, ...controls };
}
