import type { Db } from '../../db/database.js';
import { inScope, type Scope } from '../../lib/scope.js';

export type WarningDetailRow = {
  id: number; dept_id: number; device_id: number; car_id: number | null; warning_type: number; risk_level: number; deal_status: number;
  compound: number; warning_time: number; last_time: number; lng: number | null; lat: number | null; detail: string;
  deal_time: number | null; deal_description: string | null; deal_user_name: string | null;
  device_number: string; device_kind: number; customer_name: string | null; customer_phone: string | null; customer_grade: string | null;
  brand_name: string | null; model_name: string | null; frame_number: string | null; plate_number: string | null;
  dept_name: string; dept_kind: string; parent_name: string | null;
};

export type DeviceStatusRow = { last_time: number; heard_at: number | null; lng: number; lat: number; speed: number };

export type NotPushRow = {
  id: number; device_number: string; device_kind: number; warning_type: number; customer_name: string | null; plate_number: string | null;
  dept_name: string; created_by_name: string | null; created_at: number;
};

export function createWarningDetailRepository(db: Db) {
  /** Exclusions of devices in scope, with what the list shows of each. */
  const exclusions = (scope: Scope) =>
    db.selectFrom('warning_not_push as n')
      .innerJoin('device as d', 'd.id', 'n.device_id')
      .innerJoin('dept', 'dept.id', 'd.dept_id')
      .leftJoin('car as c', 'c.id', 'd.car_id')
      .leftJoin('customer as cu', 'cu.id', 'c.customer_id')
      .leftJoin('app_user as u', 'u.id', 'n.created_by')
      .where((eb) => inScope(eb, 'd.dept_id', scope));

  const exclusionColumns = [
    'n.id', 'd.device_number', 'd.kind as device_kind', 'n.warning_type', 'cu.name as customer_name', 'c.plate_number',
    'dept.name as dept_name', 'u.realname as created_by_name', 'n.created_at',
  ] as const;

  return {
    find(scope: Scope, id: number): Promise<WarningDetailRow | undefined> {
      return db.selectFrom('warning as w')
        .innerJoin('device as d', 'd.id', 'w.device_id')
        .innerJoin('dept', 'dept.id', 'w.dept_id')
        .leftJoin('dept as parent', 'parent.id', 'dept.parent_id')
        .leftJoin('car as c', 'c.id', 'w.car_id')
        .leftJoin('customer as cu', 'cu.id', 'w.customer_id')
        .leftJoin('car_brand as b', 'b.id', 'c.brand_id')
        .leftJoin('car_model as m', 'm.id', 'c.model_id')
        .leftJoin('app_user as u', 'u.id', 'w.deal_user_id')
        .select([
          'w.id', 'w.dept_id', 'w.device_id', 'w.car_id', 'w.warning_type', 'w.risk_level', 'w.deal_status', 'w.compound', 'w.warning_time',
          'w.last_time', 'w.lng', 'w.lat', 'w.detail', 'w.deal_time', 'w.deal_description', 'u.realname as deal_user_name',
          'd.device_number', 'd.kind as device_kind', 'cu.name as customer_name', 'cu.phone as customer_phone', 'cu.grade as customer_grade',
          'b.name as brand_name', 'm.name as model_name', 'c.frame_number', 'c.plate_number',
          'dept.name as dept_name', 'dept.kind as dept_kind', 'parent.name as parent_name',
        ])
        .where('w.id', '=', id)
        .where((eb) => inScope(eb, 'w.dept_id', scope))
        .executeTakeFirst();
    },

    status(deviceId: number): Promise<DeviceStatusRow | undefined> {
      return db.selectFrom('device_status').select(['last_time', 'heard_at', 'lng', 'lat', 'speed']).where('device_id', '=', deviceId).executeTakeFirst();
    },

    device(scope: Scope, deviceNumber: string): Promise<{ id: number; dept_id: number } | undefined> {
      return db.selectFrom('device').select(['id', 'dept_id']).where('device_number', '=', deviceNumber)
        .where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
    },

    exclusion(scope: Scope, deviceId: number, warningType: number): Promise<NotPushRow | undefined> {
      return exclusions(scope).select(exclusionColumns).where('n.device_id', '=', deviceId).where('n.warning_type', '=', warningType)
        .executeTakeFirst();
    },

    async exclusionPage(scope: Scope, f: { deviceNumber?: string; warningType?: number }, offset: number, limit: number) {
      let q = exclusions(scope);
      if (f.deviceNumber) q = q.where('d.device_number', '=', f.deviceNumber);
      if (f.warningType) q = q.where('n.warning_type', '=', f.warningType);
      const [rows, total] = await Promise.all([
        q.select(exclusionColumns).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').offset(offset).limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as NotPushRow[], count: Number(total.n) };
    },

    /**
     * Excludes (or restores) one device and type. The device's unhandled warnings of that type
     * follow at once: `pushed` is what the ticker and the top-bar count read.
     */
    /**
     * Excludes (or restores) the device and type and re-marks its unhandled warnings; answers whether
     * anything changed. Run inside a transaction (the service's audited write) so both or neither hold.
     */
    async setExcluded(device: { id: number; dept_id: number }, warningType: number, excluded: boolean, userId: number, now: number): Promise<boolean> {
      let changed: bigint;
      if (excluded) {
        const r = await db.insertInto('warning_not_push')
          .values({ dept_id: device.dept_id, device_id: device.id, warning_type: warningType, created_by: userId, created_at: now })
          .onConflict((oc) => oc.columns(['device_id', 'warning_type']).doNothing())
          .executeTakeFirst();
        changed = r.numInsertedOrUpdatedRows ?? 0n;
      } else {
        const r = await db.deleteFrom('warning_not_push').where('device_id', '=', device.id).where('warning_type', '=', warningType).executeTakeFirst();
        changed = r.numDeletedRows;
      }
      await db.updateTable('warning').set({ pushed: excluded ? 0 : 1 })
        .where('device_id', '=', device.id).where('warning_type', '=', warningType).where('deal_status', '=', 0)
        .execute();
      return Number(changed) > 0;
    },
  };
}

export type WarningDetailRepository = ReturnType<typeof createWarningDetailRepository>;
