/** What one readiness check found: `detail` is `ok`, or in a few words what is wrong. */
export type CheckResult = { ok: boolean; detail: string };
export type Check = () => Promise<CheckResult> | CheckResult;

/** Every check's result by name, and whether all passed. */
export type Readiness = { ready: boolean; checks: Record<string, CheckResult> };

export const OK: CheckResult = { ok: true, detail: 'ok' };
export const failed = (detail: string): CheckResult => ({ ok: false, detail });

/** What /healthz answers: the process runs its event loop, nothing more is asked. */
export const LIVE = { status: 'ok' } as const;

/**
 * A check answers within this long or counts as failed: a probe (every 5–10 s, with a time-out of a
 * few seconds) must get an answer, not hang behind an unreachable database.
 */
const CHECK_TIMEOUT_MS = 2000;

/** What /readyz answers, 200 or 503: plain JSON naming each check, as load balancers and Kubernetes expect. */
export function readinessBody(r: Readiness) {
  return {
    status: r.ready ? 'ok' : 'unavailable',
    checks: Object.fromEntries(Object.entries(r.checks).map(([name, c]) => [name, c.detail])),
  };
}

/**
 * The readiness checks of one running role. Each check reads the live state when asked (a NATS
 * connection that came back is ready again at the next probe); checks are added as the role starts
 * its parts, and a placeholder reports `starting` until its part is there.
 */
export function createHealth(o: { timeoutMs?: number } = {}) {
  const timeoutMs = o.timeoutMs ?? CHECK_TIMEOUT_MS;
  const checks = new Map<string, Check>();
  let running: Promise<Readiness> | null = null;

  async function runOne(check: Check): Promise<CheckResult> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<CheckResult>((resolve) => {
      timer = setTimeout(() => resolve(failed(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([Promise.resolve().then(check), late]);
    } catch {
      return failed('failed');
    } finally {
      clearTimeout(timer);
    }
  }

  async function runAll(): Promise<Readiness> {
    const entries = [...checks];
    const results = await Promise.all(entries.map(([, check]) => runOne(check)));
    return { ready: results.every((r) => r.ok), checks: Object.fromEntries(entries.map(([name], i) => [name, results[i]!])) };
  }

  return {
    /** Adds a check, or replaces the one of that name (a `starting` placeholder). */
    add(name: string, check: Check): void {
      checks.set(name, check);
    },
    /** Runs every check at once; callers arriving meanwhile share that run, so a flood of probes costs one. */
    check(): Promise<Readiness> {
      running ??= runAll().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type Health = ReturnType<typeof createHealth>;
