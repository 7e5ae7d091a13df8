/** Frame-time recording with requestAnimationFrame: what the user would feel as smooth or not. */
export type FrameStats = { frames: number; p50: number; p95: number; max: number; over50: number; longTasks: number[] };

export function recordFrames() {
  const deltas: number[] = [];
  // Main-thread tasks over 50 ms, as Chromium reports them: what a long frame was spent on.
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push(Math.round(e.duration))));
  observer.observe({ type: 'longtask' });
  let last = performance.now();
  let running = true;
  const tick = (t: number) => {
    deltas.push(t - last);
    last = t;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    stop(): FrameStats {
      running = false;
      observer.disconnect();
      const sorted = [...deltas].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { frames: deltas.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0, over50: deltas.filter((d) => d > 50).length, longTasks };
    },
  };
}

export const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/** Resolves on the first animation frame at which `ready()` holds. */
export async function frameWhen(ready: () => boolean, timeoutMs = 30_000): Promise<void> {
  const start = performance.now();
  while (!ready()) {
    if (performance.now() - start > timeoutMs) throw new Error('benchmark: timed out waiting for the map');
    await nextFrame();
  }
}
