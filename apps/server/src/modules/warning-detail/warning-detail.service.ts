import {
  CUSTOMER_GRADE_LABELS, formatTime, warningTypeName,
  type CustomerGrade, type DeviceKind, type NearRiskPoint, type NotStatisticsListQuery, type PageResult, type RiskLevel,
  type WarningDetailQuery, type WarningDetailResult, type WarningNotPushEntity, type WarningPushForm, type WarningTypeCode,
} from '@cvrisk/contracts';
import { toGcj02 } from '../../lib/coords.js';
import { notFound } from '../../lib/errors.js';
import { phoneFor } from '../../lib/mask.js';
import type { Viewer } from '../../lib/shared-scope.js';
import type { AuditActor } from '../audit/audit.repository.js';
import type { AuditedWrite } from '../audit/audited-write.js';
import { deviceState } from '../device/device-state.js';
import type { GeoService } from '../geo/geo.service.js';
import type { RiskPointService } from '../riskpoint/riskpoint.service.js';
import { describeDetail } from './describe-detail.js';
import type { NotPushRow, WarningDetailRepository } from './warning-detail.repository.js';

const NOT_FOUND = '预警不存在';
/** Risk points near a warning (server-behaviour §8). */
const NEAR_M = 3000;

export type DetailUser = Viewer & { id: number; permissions: ReadonlySet<string> };
export type ChangingUser = DetailUser & AuditActor;

function toExclusion(r: NotPushRow): WarningNotPushEntity {
  return {
    id: r.id, deviceNumber: r.device_number, deviceKind: r.device_kind as DeviceKind, warningType: r.warning_type as WarningTypeCode,
    warningTypeName: warningTypeName(r.warning_type), customerName: r.customer_name, plateNumber: r.plate_number, deptName: r.dept_name,
    createdByName: r.created_by_name, createTime: formatTime(r.created_at),
  };
}

export function createWarningDetailService(
  repo: WarningDetailRepository, write: AuditedWrite<WarningDetailRepository>, geo: Pick<GeoService, 'reverse'>,
  riskPoints: Pick<RiskPointService, 'near'>, now: () => number = Date.now,
) {
  async function visibleWarning(user: DetailUser, id: number) {
    const w = await repo.find(user.scope, id);
    if (!w) throw notFound(NOT_FOUND);
    return w;
  }

  async function visibleDevice(user: DetailUser, deviceNumber: string) {
    const device = await repo.device(user.scope, deviceNumber);
    if (!device) throw notFound('设备不存在');
    return device;
  }

  const addressOf = async (lng: number | null, lat: number | null) =>
    lng === null || lat === null ? null : ((await geo.reverse(lng, lat))?.address ?? null);

  return {
    async details(user: DetailUser, q: WarningDetailQuery): Promise<WarningDetailResult> {
      const w = await visibleWarning(user, q.id);
      if ((q.deviceNumber && q.deviceNumber !== w.device_number) || (q.warningType && q.warningType !== w.warning_type)) throw notFound(NOT_FOUND);
      const s = await repo.status(w.device_id);
      const [address, deviceAddress] = await Promise.all([addressOf(w.lng, w.lat), addressOf(s?.lng ?? null, s?.lat ?? null)]);
      const [commonLng, commonLat] = w.lng === null || w.lat === null ? [null, null] : toGcj02(w.lng, w.lat);
      const [devGaoLng, devGaoLat] = s ? toGcj02(s.lng, s.lat) : [null, null];
      const grade = (w.customer_grade as CustomerGrade | null) ?? null;
      const isDealer = w.dept_kind === 'dealer';
      return {
        entity: {
          id: w.id, warningType: w.warning_type as WarningTypeCode, warningTypeName: warningTypeName(w.warning_type),
          riskLevel: w.risk_level as RiskLevel, compound: w.compound === 1, dealStatus: w.deal_status === 1 ? 1 : 0,
          warningTime: formatTime(w.warning_time), lastTime: formatTime(w.last_time),
          customerName: w.customer_name,
          customerPhone: phoneFor(user.permissions, w.customer_phone),
          customerGrade: grade, customerGradeName: grade ? (CUSTOMER_GRADE_LABELS[grade]?.zh ?? null) : null,
          brandname: w.brand_name, modelname: w.model_name, carFrameNumber: w.frame_number, plateNumber: w.plate_number,
          deviceNumber: w.device_number,
          deptName4s: isDealer ? w.dept_name : null, deptName: isDealer ? w.parent_name : w.dept_name,
          carid: w.car_id, commonLng, commonLat, lng: w.lng, lat: w.lat, address,
          detail: describeDetail(w.warning_type, w.detail),
          dealUserName: w.deal_user_name, dealTime: w.deal_time === null ? null : formatTime(w.deal_time), dealDescription: w.deal_description,
        },
        device: {
          deviceNumber: w.device_number, deviceKind: w.device_kind as DeviceKind,
          state: deviceState(w.device_kind, s?.last_time ?? null, s?.heard_at, s?.speed ?? null, now()),
          devGaoLng, devGaoLat, lng: s?.lng ?? null, lat: s?.lat ?? null,
          gpsTime: s ? formatTime(s.last_time) : null, speed: s?.speed ?? null, address: deviceAddress,
        },
      };
    },

    /** The exclusion of this device and type, or null when its warnings are pushed. */
    async exclusion(user: DetailUser, f: WarningPushForm): Promise<WarningNotPushEntity | null> {
      const device = await visibleDevice(user, f.deviceNumber);
      const row = await repo.exclusion(user.scope, device.id, f.warningType);
      return row ? toExclusion(row) : null;
    },

    /** Idempotent both ways: excluding twice keeps the first exclusion, restoring twice is a no-op (and is not audited). */
    async setExcluded(user: ChangingUser, ip: string, f: WarningPushForm, excluded: boolean): Promise<void> {
      const device = await visibleDevice(user, f.deviceNumber);
      await write(async (tx, audit) => {
        if (!(await tx.setExcluded(device, f.warningType, excluded, user.id, now()))) return;
        await audit.recordFor(user, ip, {
          action: excluded ? 'warning.notPush' : 'warning.allowPush',
          target: `${f.deviceNumber} ${warningTypeName(f.warningType)}`,
          detail: { deviceNumber: f.deviceNumber, warningType: f.warningType },
        });
      });
    },

    async exclusions(user: DetailUser, q: NotStatisticsListQuery): Promise<PageResult<WarningNotPushEntity>> {
      const { rows, count } = await repo.exclusionPage(user.scope, q, (q.pageNumber - 1) * q.pageSize, q.pageSize);
      return { list: rows.map(toExclusion), count };
    },

    /** Own and shared risk points within 3 km of the warning position, nearest first. */
    async nearRiskPoints(user: DetailUser, id: number): Promise<NearRiskPoint[]> {
      const w = await visibleWarning(user, id);
      if (w.lng === null || w.lat === null) return [];
      const q = { lng: w.lng, lat: w.lat, distance: NEAR_M };
      const [own, shared] = await Promise.all([riskPoints.near(user, 'own', q), riskPoints.near(user, 'shared', q)]);
      return [...own, ...shared]
        .map((p) => ({ ...p, distance: p.distance ?? 0 }))
        .sort((a, b) => a.distance - b.distance || a.id - b.id);
    },
  };
}

export type WarningDetailService = ReturnType<typeof createWarningDetailService>;
