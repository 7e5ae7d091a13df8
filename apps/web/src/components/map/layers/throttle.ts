/**
 * Runs `run` at most once per interval: the first call runs at once, later calls within the interval
 * collapse into one run at its end. The interval is asked for on every run so that it can grow with
 * the cost of the work (a cluster index of 50,000 devices takes a noticeable fraction of a second).
 */
export function createThrottle(run: () => void, interval: () => number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    last = Date.now();
    run();
  };
  return {
    schedule(): void {
      if (timer) return;
      const wait = last + interval() - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    cancel(): void {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
