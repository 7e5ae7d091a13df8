import { useEffect, useState } from 'react';

/** A hidden tab draws no frames: past this the parts mount anyway (a background tab's timers run once a second). */
const AT_THE_LATEST_MS = 1000;

/**
 * False for the first render and true once the browser has painted it: parts of the shell that are
 * not needed at once (the top bar's actions) mount after the page's first content is on screen,
 * instead of lengthening the sign-in's first render.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const done = () => setPainted(true);
    // The frame after the next one: by then the first one has been painted.
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(done);
    });
    const latest = setTimeout(done, AT_THE_LATEST_MS);
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
      clearTimeout(latest);
    };
  }, []);
  return painted;
}
