import { DeviceStates, type DeviceState } from '@cvrisk/contracts';

/** What the online-monitoring URL holds, so that a link, a reload and the back button show the same map. */
export type MonitorView = {
  /** The device whose card is open. */
  deviceNumber: string | null;
  /** `monitor=dev` (console-spec §2): centre the map on that device at the focus zoom. */
  focus: boolean;
  /** Only this department's subtree. */
  deptId: number | null;
  /** The states shown on the map. */
  states: ReadonlySet<DeviceState>;
};

export const ALL_STATES: ReadonlySet<DeviceState> = new Set(DeviceStates);

export function parseMonitorQuery(params: URLSearchParams): MonitorView {
  const number = params.get('deviceNumber')?.trim() ?? '';
  const deviceNumber = number && number.length <= 30 ? number : null;
  const dept = Number(params.get('deptId'));
  const picked = (params.get('states') ?? '').split(',').filter((s): s is DeviceState => (DeviceStates as readonly string[]).includes(s));
  return {
    deviceNumber,
    focus: deviceNumber !== null && params.get('monitor') === 'dev',
    deptId: Number.isInteger(dept) && dept > 0 ? dept : null,
    // Nothing valid reads as "no filter": an empty map from a mangled link helps nobody.
    states: picked.length ? new Set(picked) : ALL_STATES,
  };
}

/** The URL of a view; defaults are left out, states in their usual order. */
export function toMonitorSearch(view: MonitorView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.deviceNumber) {
    params.set('deviceNumber', view.deviceNumber);
    if (view.focus) params.set('monitor', 'dev');
  }
  if (view.deptId !== null) params.set('deptId', String(view.deptId));
  if (view.states.size < ALL_STATES.size) params.set('states', DeviceStates.filter((s) => view.states.has(s)).join(','));
  return params;
}
