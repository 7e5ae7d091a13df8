/** Thrown by `run` when the queue is full: the caller answers "busy" instead of waiting. */
export class QueueFull extends Error {}

/**
 * Runs at most `concurrent` tasks at once and lets at most `queued` more wait; beyond that, `run`
 * refuses at once. Password checks go through one: each argon2 verification holds 64 MiB and a thread
 * of libuv's small pool (which compression and file reads share), so a flood of sign-ins from many
 * addresses must queue in front of the pool, not inside it.
 */
export function createConcurrencyGate(concurrent: number, queued: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrent) {
        if (waiting.length >= queued) throw new QueueFull();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await task();
      } finally {
        // The slot passes straight to the next waiter, so `running` counts it without a gap.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
