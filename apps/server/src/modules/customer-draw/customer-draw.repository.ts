import type { Db } from '../../db/database.js';
import { OFFLINE_MOVE_EVENT } from '../../telemetry/derive/driving.js';
import { inScope, type Scope } from '../../lib/scope.js';

/** What the user portrait reads; every entry point checks the caller's scope first. */
export function createCustomerDrawRepository(db: Db) {
  return {
    customer(scope: Scope, customerId: number) {
      return db.selectFrom('customer as c').innerJoin('dept as dealer', 'dealer.id', 'c.dept_id').leftJoin('dept as fin', 'fin.id', 'dealer.parent_id')
        .select(['c.id', 'c.name', 'c.phone', 'c.id_card', 'c.address', 'c.grade', 'c.fraud_flag', 'c.fraud_reason', 'c.dept_id', 'c.created_at',
          'dealer.name as dealer_name', 'fin.name as finance_name'])
        .where('c.id', '=', customerId).where((eb) => inScope(eb, 'c.dept_id', scope)).executeTakeFirst();
    },

    loans(customerId: number) {
      return db.selectFrom('loan').selectAll().where('customer_id', '=', customerId).orderBy('id', 'desc').execute();
    },

    carsOf(customerId: number) {
      return db.selectFrom('car').innerJoin('car_brand as b', 'b.id', 'car.brand_id').innerJoin('car_model as m', 'm.id', 'car.model_id')
        .select(['car.id', 'car.plate_number', 'car.frame_number', 'car.color', 'b.name as brand_name', 'm.name as model_name'])
        .where('car.customer_id', '=', customerId).orderBy('car.id').execute();
    },

    devicesOf(carIds: number[]) {
      if (carIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('device as d').leftJoin('device_status as s', 's.device_id', 'd.id')
        .select(['d.id', 'd.car_id', 'd.device_number', 'd.kind', 'd.install_time', 's.last_time', 's.heard_at', 's.lng', 's.lat', 's.speed', 's.battery'])
        .where('d.car_id', 'in', carIds).orderBy('d.id').execute();
    },

    /** The car (when in scope) and its customer. */
    car(scope: Scope, carId: number) {
      return db.selectFrom('car').select(['id', 'customer_id']).where('id', '=', carId).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
    },

    deviceCar(scope: Scope, deviceNumber: string) {
      return db.selectFrom('device as d').innerJoin('car', 'car.id', 'd.car_id').select(['car.id as car_id', 'car.customer_id'])
        .where('d.device_number', '=', deviceNumber).where((eb) => inScope(eb, 'd.dept_id', scope)).executeTakeFirst();
    },

    warningCounts(customerId: number) {
      return db.selectFrom('warning').select(['warning_type', 'deal_status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('customer_id', '=', customerId).groupBy(['warning_type', 'deal_status']).execute();
    },

    /** Daily figures of the car's devices from day key `fromDay` on. */
    daily(deviceIds: number[], fromDay: number) {
      return db.selectFrom('device_daily').select(['device_id', 'day', 'mileage_m', 'max_speed', 'offline_move_m', 'offline_moves'])
        .where('device_id', 'in', deviceIds).where('day', '>=', fromDay).execute();
    },

    trips(deviceIds: number[], from: number) {
      return db.selectFrom('trip').select(['device_id', 'start_time', 'end_time', 'start_lng', 'start_lat', 'end_lng', 'end_lat', 'distance_m', 'max_speed'])
        .where('device_id', 'in', deviceIds).where('start_time', '>=', from).orderBy('start_time', 'desc').execute();
    },

    newestTrips(deviceIds: number[], limit: number) {
      return db.selectFrom('trip').select(['device_id', 'start_time', 'end_time', 'start_lng', 'start_lat', 'end_lng', 'end_lat', 'distance_m', 'max_speed'])
        .where('device_id', 'in', deviceIds).orderBy('start_time', 'desc').limit(limit).execute();
    },

    /** The newest offline moves, with where each began: the fix before the silence. */
    newestOfflineMoves(deviceIds: number[], limit: number) {
      return db.selectFrom('driving_event as e')
        .leftJoin('position as p', (j) => j.onRef('p.device_id', '=', 'e.device_id').onRef('p.gps_time', '=', 'e.start_time'))
        .select(['e.device_id', 'e.start_time', 'e.end_time', 'e.lng', 'e.lat', 'e.value', 'p.lng as from_lng', 'p.lat as from_lat'])
        .where('e.device_id', 'in', deviceIds).where('e.kind', '=', OFFLINE_MOVE_EVENT).orderBy('e.start_time', 'desc').limit(limit).execute();
    },

    stops(deviceIds: number[], from: number) {
      return db.selectFrom('stop').select(['device_id', 'start_time', 'end_time', 'lng', 'lat', 'closed'])
        .where('device_id', 'in', deviceIds).where('end_time', '>=', from).orderBy('start_time', 'desc').execute();
    },

    warnings(carId: number, limit: number) {
      return db.selectFrom('warning as w').innerJoin('device as d', 'd.id', 'w.device_id')
        .select(['w.id', 'w.warning_type', 'w.risk_level', 'w.deal_status', 'w.compound', 'w.warning_time', 'w.lng', 'w.lat', 'd.device_number'])
        .where('w.car_id', '=', carId).orderBy('w.warning_time', 'desc').orderBy('w.id', 'desc').limit(limit).execute();
    },
  };
}

export type CustomerDrawRepository = ReturnType<typeof createCustomerDrawRepository>;
