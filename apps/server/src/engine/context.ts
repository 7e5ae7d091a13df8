import {
  DEFAULT_RISK_WARNING_CONFIG, RISK_SETTINGS_APPLY_WITHIN_MS, RiskWarningConfig, type FenceAlarmOn, type FenceOutline,
} from '@cvrisk/contracts';
import type { DeviceContextRepository } from './device-context.repository.js';
import type { BoundFence } from './rules/fence.js';
import type { Region } from './rules/left-region.js';
import type { Thresholds } from './types.js';

/** Everything the rules and the writer need to know about a device besides its fixes. */
export type DeviceContext = {
  id: number;
  number: string;
  kind: number;
  model: string;
  deptId: number;
  carId: number | null;
  customerId: number | null;
  customerName: string | null;
  plateNumber: string | null;
  /** Its department and every one above it: the owners whose risk points apply to it. */
  deptChain: ReadonlySet<number>;
  /** The region the car must stay in; null for a device on no car. */
  region: Region | null;
  /** The car's other devices. */
  partners: { id: number; kind: number }[];
  fences: BoundFence[];
  /** Absent: not on the white list; null: on it for good; a time: on it until then. */
  whiteListedUntil?: number | null;
  /** Warning types this device's warnings are recorded for but not pushed. */
  notPush: ReadonlySet<number>;
  thresholds: Thresholds;
  loadedAt: number;
};

/** Settings, bindings, lists and thresholds are re-read this often: edits reach the engine within a minute. */
export const CONTEXT_TTL_MS = RISK_SETTINGS_APPLY_WITHIN_MS;
/** What the screens that change those settings tell the user. */
export const APPLIES_WITHIN = `${Math.round(CONTEXT_TTL_MS / 60_000)}分钟内生效`;

/** A stored threshold set; one that no longer parses (edited by hand, an older shape) is null, and the defaults apply. */
export function parseRiskConfig(text: string): RiskWarningConfig | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = RiskWarningConfig.safeParse(value);
  return parsed.success ? parsed.data : null;
}
const CHUNK = 500;

function byDevice<T extends { device_id: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.device_id);
    if (list) list.push(r);
    else out.set(r.device_id, [r]);
  }
  return out;
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Device contexts by id, loaded in bulk for the devices of a batch and re-read once stale. The
 * department tree and each finance institution's thresholds are read whole, on the same clock.
 */
export function createContextCache(repo: DeviceContextRepository, now: () => number = Date.now) {
  const contexts = new Map<number, DeviceContext>();
  let org: { loadedAt: number; kinds: Map<number, string>; thresholds: Map<number, Thresholds> } | null = null;

  async function loadOrg() {
    if (org && now() - org.loadedAt < CONTEXT_TTL_MS) return org;
    const { depts, riskConfigs } = await repo.org();
    const thresholds = new Map<number, Thresholds>();
    for (const s of riskConfigs) {
      // A config that no longer parses falls back to the defaults rather than stopping the engine.
      const parsed = parseRiskConfig(s.value);
      if (parsed) thresholds.set(s.dept_id, parsed);
    }
    org = { loadedAt: now(), kinds: new Map(depts.map((d) => [d.id, d.kind])), thresholds };
    return org;
  }

  async function load(ids: number[]): Promise<void> {
    const o = await loadOrg();
    const at = now();
    for (const part of chunks(ids)) {
      const [devices, partners, fences, notPush] = await Promise.all([repo.devices(part), repo.partners(part), repo.fences(part), repo.notPush(part)]);
      const partnersOf = byDevice(partners);
      const fencesOf = byDevice(fences);
      const notPushOf = byDevice(notPush);
      for (const d of devices) {
        const chain = d.path.split('/').filter(Boolean).map(Number);
        const financeId = chain.find((id) => o.kinds.get(id) === 'finance');
        contexts.set(d.id, {
          id: d.id, number: d.device_number, kind: d.kind, model: d.model, deptId: d.dept_id, carId: d.car_id,
          customerId: d.customer_id, customerName: d.customer_name, plateNumber: d.plate_number,
          deptChain: new Set(chain),
          region: d.region_province ? { province: d.region_province, city: d.region_city ?? '' } : null,
          partners: (partnersOf.get(d.id) ?? []).map((p) => ({ id: p.id, kind: p.kind })),
          fences: (fencesOf.get(d.id) ?? []).map((f) => ({
            id: f.id, name: f.name, alarmOn: f.alarm_on as FenceAlarmOn, shape: { shape: f.shape, geometry: JSON.parse(f.geometry) } as FenceOutline,
          })),
          ...(d.white_id === null ? {} : { whiteListedUntil: d.expires_at }),
          notPush: new Set((notPushOf.get(d.id) ?? []).map((n) => n.warning_type)),
          thresholds: (financeId !== undefined && o.thresholds.get(financeId)) || DEFAULT_RISK_WARNING_CONFIG,
          loadedAt: at,
        });
      }
    }
  }

  return {
    /** Makes sure these devices' contexts are loaded and fresh. */
    async ensure(ids: Iterable<number>): Promise<void> {
      const at = now();
      const wanted = [...ids].filter((id) => {
        const c = contexts.get(id);
        return !c || at - c.loadedAt >= CONTEXT_TTL_MS;
      });
      if (wanted.length > 0) await load(wanted);
    },
    /** A device's context, once `ensure` has loaded it; undefined for a device that no longer exists. */
    get(id: number): DeviceContext | undefined {
      return contexts.get(id);
    },
  };
}

export type ContextCache = ReturnType<typeof createContextCache>;

