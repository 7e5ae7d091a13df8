import {
  CAR_ANALYSIS, CASE_TRANSITIONS, CaseActions, RECOVERY_LIMITS, TEAM_CASE_ACTIONS, formatTime, isCaseOpen, onlineGraceMs, warningTypeName,
  DEAL_STATUS, type CaseDetail, type CaseDevice, type CasePlace, type CaseStop, type ControlMethod, type ControlRequestItem,
} from '@cvrisk/contracts';
import { homePlaces, workPlaces } from '../car-analysis/analysis.js';
import { relayOfDevice } from '../vehicle-control/control-queries.js';
import type { CarAnalysisRepository } from '../car-analysis/car-analysis.repository.js';
import { describingDevice } from '../car-analysis/car-analysis.service.js';
import type { GeoService } from '../geo/geo.service.js';
import type { SessionUser } from '../session/session-user.js';
import { allowedActions, canManage, isTeamOn, mayRequestControl, seesCars, type CaseRow } from './case-access.js';
import type { CaseDetailRepository } from './case-detail.repository.js';
import { eventName, toCaseItem } from './case-mapping.js';
import type { CaseRepository } from './case.repository.js';
import type { LinkService } from './field-link.service.js';

const DAY_MS = 86_400_000;
const WARNINGS_SHOWN = 50;

/** The immobilisation requests of a case as the caller sees them (the vehicle-control module's). */
export type CaseControls = (user: SessionUser, c: CaseRow) => Promise<ControlRequestItem[]>;

type DeviceRow = Awaited<ReturnType<CaseDetailRepository['devices']>>[number];

export function createCaseDetailService(deps: {
  cases: CaseRepository; detail: CaseDetailRepository; analysis: CarAnalysisRepository; geo: Pick<GeoService, 'reverse'>;
  links: LinkService; controls: CaseControls; now?: () => number;
}) {
  const { cases, detail, analysis, geo, links, controls, now = Date.now } = deps;
  const address = async (lng: number, lat: number) => (await geo.reverse(lng, lat))?.address ?? null;

  async function toDevice(d: DeviceRow, at: number): Promise<CaseDevice> {
    const heard = Math.max(Number(d.last_time ?? 0), Number(d.heard_at ?? 0));
    const fixed = d.lng !== null && d.lat !== null;
    const fix = d.last_time === null ? undefined : { status_word: Number(d.status_word), last_time: Number(d.last_time), speed: Number(d.speed) };
    return {
      carId: d.car_id!, deviceNumber: d.device_number, model: d.model, kind: d.kind,
      ...relayOfDevice(d.model, (d.method as ControlMethod | null) ?? undefined, fix),
      online: heard > 0 && at - heard <= onlineGraceMs(d.kind),
      lng: fixed ? Number(d.lng) : null, lat: fixed ? Number(d.lat) : null,
      address: fixed ? await address(Number(d.lng), Number(d.lat)) : null,
    };
  }

  /** Home and work of each car, learned from its describing device's last 30 days of stops. */
  async function places(carIds: readonly number[], at: number): Promise<CasePlace[]> {
    const out: CasePlace[] = [];
    for (const carId of carIds) {
      const deviceId = describingDevice(await analysis.devicesOf(carId));
      if (deviceId === null) continue;
      const stops = await analysis.stops(deviceId, at - CAR_ANALYSIS.placeDays * DAY_MS, at);
      for (const [kind, found] of [['home', homePlaces(stops)[0]], ['work', workPlaces(stops)[0]]] as const) {
        if (found) out.push({ carId, kind, lng: found.lng, lat: found.lat, address: await address(found.lng, found.lat) });
      }
    }
    return out;
  }

  async function stopsOf(devices: readonly DeviceRow[], at: number): Promise<CaseStop[]> {
    const describing = [...new Set(devices.map((d) => d.car_id!))]
      .map((carId) => describingDevice(devices.filter((d) => d.car_id === carId).map((d) => ({ id: d.id, kind: d.kind, last_time: d.last_time === null ? null : Number(d.last_time) }))))
      .filter((id): id is number => id !== null);
    const rows = await detail.stops(describing, RECOVERY_LIMITS.lastStops);
    return Promise.all(rows.map(async (s) => {
      const end = Number(s.closed) ? Number(s.end_time) : null;
      return {
        carId: s.car_id!, startTime: formatTime(Number(s.start_time)), endTime: end === null ? null : formatTime(end),
        minutes: Math.round(((end ?? at) - Number(s.start_time)) / 60_000), lng: Number(s.lng), lat: Number(s.lat), address: await address(Number(s.lng), Number(s.lat)),
      };
    }));
  }

  return {
    /** Where the case's cars are now and their last stops (the field page; it checked the link). */
    async carsNow(caseId: number) {
      const at = now();
      const devices = await detail.devices(caseId);
      const [deviceItems, stops] = await Promise.all([Promise.all(devices.map((d) => toDevice(d, at))), stopsOf(devices, at)]);
      return { devices: deviceItems, stops };
    },

    async detail(user: SessionUser, row: CaseRow): Promise<CaseDetail> {
      const at = now();
      const [listRow, cars] = await Promise.all([cases.one(row.id), cases.cars([row.id])]);
      const item = toCaseItem(listRow, cars, at);
      const visibleCars = seesCars(user, row);
      const devices = visibleCars ? await detail.devices(row.id) : [];
      const [deviceItems, placeItems, stopItems, warnings, history, linkItems, controlItems] = await Promise.all([
        visibleCars ? Promise.all(devices.map((d) => toDevice(d, at))) : Promise.resolve(null),
        visibleCars ? places(cars.map((c) => c.id), at) : Promise.resolve([]),
        visibleCars ? stopsOf(devices, at) : Promise.resolve([]),
        visibleCars ? detail.warnings(row.id, Number(listRow.opened_at), WARNINGS_SHOWN) : Promise.resolve([]),
        cases.history(row.id),
        links.forCase(row.id, at),
        controls(user, row),
      ]);
      const manager = canManage(user, row);
      return {
        case: item,
        devices: deviceItems,
        places: placeItems,
        stops: stopItems,
        warnings: warnings.map((w) => ({
          id: w.id, typeName: warningTypeName(w.warning_type), time: formatTime(Number(w.warning_time)),
          plateNumber: w.plate_number || null, handled: Number(w.deal_status) === DEAL_STATUS.handled,
        })),
        history: history.map((h) => ({
          at: formatTime(Number(h.at)), by: h.by, action: h.action, actionName: eventName(h.action),
          fromState: (h.from_state as CaseDetail['history'][number]['fromState']) ?? null,
          toState: (h.to_state as CaseDetail['history'][number]['toState']) ?? null, reason: h.reason,
        })),
        links: linkItems,
        controls: controlItems,
        actions: allowedActions(user, row, TEAM_CASE_ACTIONS, CaseActions).filter((a) => CASE_TRANSITIONS[a].from.includes(row.state)),
        canLink: user.permissions.has('recovery:link') && isCaseOpen(row.state) && (manager || isTeamOn(user, row)),
        canRequestControl: mayRequestControl(user, row),
        readOnly: !manager && !isTeamOn(user, row),
      };
    },
  };
}

export type CaseDetailService = ReturnType<typeof createCaseDetailService>;
