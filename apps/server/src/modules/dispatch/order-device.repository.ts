import type { Db } from '../../db/database.js';
import { openRegistrationWindows } from '../device/registration-window.js';

export type CandidateDevice = {
  id: number;
  device_number: string;
  kind: number;
  model: string;
  car_id: number | null;
  dept_path: string;
  /** Set when the device was retired (设备库存): it may not be fitted. */
  retired_at: number | null;
  /** Another order still open (accepted, not yet installed) that holds this device. */
  held_by: number | null;
};

/** The devices entered on orders: checking them, fitting them to the car, and their first reports. */
export function createOrderDeviceRepository(db: Db) {
  return {
    async candidates(orderId: number, numbers: string[]): Promise<CandidateDevice[]> {
      if (numbers.length === 0) return [];
      return db
        .selectFrom('device as d')
        .innerJoin('dept', 'dept.id', 'd.dept_id')
        .select((eb) => [
          'd.id', 'd.device_number', 'd.kind', 'd.model', 'd.car_id', 'dept.path as dept_path', 'd.retired_at',
          eb.selectFrom('dispatch_order_device as od').innerJoin('dispatch_order as o', 'o.id', 'od.order_id')
            .select((e) => e.fn.min('o.id').as('x')).whereRef('od.device_id', '=', 'd.id').where('o.state', '=', 3).where('o.id', '!=', orderId)
            .as('held_by'),
        ])
        .where('d.device_number', 'in', numbers)
        .execute() as Promise<CandidateDevice[]>;
    },

    async replace(trx: Db, orderId: number, deviceIds: number[]): Promise<void> {
      await trx.deleteFrom('dispatch_order_device').where('order_id', '=', orderId).execute();
      if (deviceIds.length > 0) await trx.insertInto('dispatch_order_device').values(deviceIds.map((device_id) => ({ order_id: orderId, device_id, first_report_at: null, first_report_m: null }))).execute();
    },

    /** The installer is fitting these devices: their terminals may register until then (issue 28). */
    openRegistration(trx: Db, deviceIds: number[], until: number): Promise<void> {
      return openRegistrationWindows(trx, deviceIds, 'install', until);
    },

    list(orderId: number) {
      return db
        .selectFrom('dispatch_order_device as od')
        .innerJoin('device as d', 'd.id', 'od.device_id')
        .leftJoin('device_status as s', 's.device_id', 'd.id')
        .select(['d.id', 'd.device_number', 'd.kind', 'd.model', 'd.car_id', 'od.first_report_at', 'od.first_report_m', 's.last_time'])
        .where('od.order_id', '=', orderId)
        .orderBy('d.device_number')
        .execute();
    },

    /**
     * Fits the order's devices to the car: they join the car's dealer, remember when and by whom they
     * were fitted, and the pipeline's next position of theirs belongs to the car. Only devices in stock
     * (or on this car already, after a rejected audit) move; the count tells whether all of them did.
     */
    async fit(trx: Db, orderId: number, car: { id: number; deptId: number }, installerId: number | null, at: number): Promise<number> {
      const res = await trx
        .updateTable('device')
        .set({ car_id: car.id, dept_id: car.deptId, install_time: at, installer_dept_id: installerId })
        .where('id', 'in', (eb) => eb.selectFrom('dispatch_order_device').select('device_id').where('order_id', '=', orderId))
        .where((eb) => eb.or([eb('car_id', 'is', null), eb('car_id', '=', car.id)]))
        // A device retired after it was entered on the order is no longer in stock.
        .where('retired_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    /** Installed orders (awaiting audit) and their fitted devices whose first report is not yet known. */
    awaitingFirstReport() {
      return db
        .selectFrom('dispatch_order as o')
        .innerJoin('dispatch_order_device as od', 'od.order_id', 'o.id')
        .innerJoin('device as d', 'd.id', 'od.device_id')
        .select(['o.id as order_id', 'o.installed_at', 'o.lng', 'o.lat', 'd.id as device_id', 'd.device_number', 'od.first_report_at', 'od.first_report_m'])
        .where('o.state', '=', 4)
        .orderBy('o.id')
        .execute();
    },

    /** A device's first stored fix at or after a time (the position key serves it). */
    firstFix(deviceId: number, since: number) {
      return db.selectFrom('position').select(['gps_time', 'lng', 'lat']).where('device_id', '=', deviceId).where('gps_time', '>=', since).orderBy('gps_time').limit(1).executeTakeFirst();
    },

    async recordFirstReport(orderId: number, deviceId: number, at: number, metres: number | null): Promise<void> {
      await db.updateTable('dispatch_order_device').set({ first_report_at: at, first_report_m: metres }).where('order_id', '=', orderId).where('device_id', '=', deviceId).execute();
    },
  };
}

export type OrderDeviceRepository = ReturnType<typeof createOrderDeviceRepository>;
