import { RISK_WARNING_CONFIG_KEY } from '@cvrisk/contracts';
import type { Db } from '../db/database.js';

/** What the engine knows of a device besides its fixes: its department, car, customer, fences and lists. */
export function createDeviceContextRepository(db: Db) {
  return {
    /** The department tree's kinds, and each department's stored risk thresholds (JSON). */
    async org() {
      const [depts, riskConfigs] = await Promise.all([
        db.selectFrom('dept').select(['id', 'kind']).execute(),
        db.selectFrom('setting').select(['dept_id', 'value']).where('key', '=', RISK_WARNING_CONFIG_KEY).execute(),
      ]);
      return { depts, riskConfigs };
    },

    /** These devices with their department's path, car, customer and white-list entry. */
    devices(ids: number[]) {
      return db.selectFrom('device as d')
        .innerJoin('dept', 'dept.id', 'd.dept_id')
        .leftJoin('car as c', 'c.id', 'd.car_id')
        .leftJoin('customer as cu', 'cu.id', 'c.customer_id')
        .leftJoin('white_list as wl', 'wl.customer_id', 'c.customer_id')
        .select(['d.id', 'd.device_number', 'd.kind', 'd.model', 'd.dept_id', 'd.car_id', 'dept.path', 'c.customer_id', 'c.plate_number',
          'c.region_province', 'c.region_city', 'cu.name as customer_name', 'wl.id as white_id', 'wl.expires_at'])
        .where('d.id', 'in', ids)
        .execute();
    },

    /** The other devices on these devices' cars. */
    partners(ids: number[]) {
      return db.selectFrom('device as d').innerJoin('device as o', 'o.car_id', 'd.car_id')
        .select(['d.id as device_id', 'o.id', 'o.kind']).where('d.id', 'in', ids).whereRef('o.id', '<>', 'd.id').execute();
    },

    /** The fences bound to these devices. */
    fences(ids: number[]) {
      return db.selectFrom('fence_binding as b').innerJoin('fence as f', 'f.id', 'b.fence_id')
        .select(['b.device_id', 'f.id', 'f.name', 'f.shape', 'f.geometry', 'f.alarm_on']).where('b.device_id', 'in', ids).execute();
    },

    /** These devices' do-not-push warning types. */
    notPush(ids: number[]) {
      return db.selectFrom('warning_not_push').select(['device_id', 'warning_type']).where('device_id', 'in', ids).execute();
    },
  };
}

export type DeviceContextRepository = ReturnType<typeof createDeviceContextRepository>;
