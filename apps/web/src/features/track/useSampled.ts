import { useEffect, useRef, useState } from 'react';

/** While the slider is dragged, wait for it to rest this long before asking. */
const SETTLE_MS = 300;

/**
 * A fast-changing value slowed down for a server call: while `live` (playing), the latest value at most
 * once per `everyMs`; otherwise the value once it has settled.
 */
export function useSampled<T>(value: T, live: boolean, everyMs: number): T {
  const latest = useRef(value);
  const [sample, setSample] = useState(value);

  useEffect(() => {
    latest.current = value;
  });

  useEffect(() => {
    if (!live) return;
    const take = () => setSample(latest.current);
    const first = setTimeout(take, 0);
    const timer = setInterval(take, everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [live, everyMs]);

  useEffect(() => {
    if (live) return;
    const timer = setTimeout(() => setSample(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [live, value]);

  return sample;
}
