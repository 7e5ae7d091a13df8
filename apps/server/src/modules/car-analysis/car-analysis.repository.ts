import type { Db } from '../../db/database.js';
// Below this speed a fix is standing still, as stops are defined.
import { STOP_SPEED_KMH } from '../../telemetry/derive/track-state.js';
import { inScope, type Scope } from '../../lib/scope.js';
import type { MoveFix, StopSpan } from './analysis.js';


export function createCarAnalysisRepository(db: Db) {
  return {
    /** The car, when it is in the caller's scope. */
    findCar(scope: Scope, carId: number): Promise<{ id: number } | undefined> {
      return db.selectFrom('car').select('id').where('id', '=', carId).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
    },

    /** The car's devices with their latest report time, for choosing whose stops describe the car. */
    devicesOf(carId: number): Promise<{ id: number; kind: number; last_time: number | null }[]> {
      return db.selectFrom('device as d').leftJoin('device_status as s', 's.device_id', 'd.id')
        .select(['d.id', 'd.kind', 's.last_time']).where('d.car_id', '=', carId).execute();
    },

    async stops(deviceId: number, from: number, to: number): Promise<StopSpan[]> {
      const rows = await db.selectFrom('stop').select(['start_time', 'end_time', 'lng', 'lat'])
        .where('device_id', '=', deviceId).where('end_time', '>=', from).where('start_time', '<=', to)
        .orderBy('start_time').execute();
      return rows.map((r) => ({ start: r.start_time, end: r.end_time, lng: r.lng, lat: r.lat }));
    },

    async moves(deviceId: number, from: number, to: number): Promise<MoveFix[]> {
      const rows = await db.selectFrom('position').select(['gps_time', 'lng', 'lat'])
        .where('device_id', '=', deviceId).where('gps_time', '>=', from).where('gps_time', '<=', to)
        .where('speed', '>=', STOP_SPEED_KMH).where('acc', '<>', 0)
        .orderBy('gps_time').execute();
      return rows.map((r) => ({ t: r.gps_time, lng: r.lng, lat: r.lat }));
    },
  };
}

export type CarAnalysisRepository = ReturnType<typeof createCarAnalysisRepository>;
