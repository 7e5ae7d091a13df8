import type { Db } from '../../db/database.js';

/** What the case page and the field page read about a case's cars: where they are, their stops, their warnings. */
export function createCaseDetailRepository(db: Db) {
  return {
    /** The devices fitted to the case's cars with their latest state and their model's mapping method. */
    devices(caseId: number) {
      return db.selectFrom('recovery_case_car as rc').innerJoin('device as d', 'd.car_id', 'rc.car_id')
        .leftJoin('device_status as s', 's.device_id', 'd.id')
        .leftJoin('control_mapping as m', 'm.model', 'd.model')
        .select(['d.id', 'd.device_number', 'd.model', 'd.kind', 'd.car_id', 's.lng', 's.lat', 's.speed', 's.last_time', 's.heard_at', 's.status_word', 'm.method'])
        .where('rc.case_id', '=', caseId).where('d.retired_at', 'is', null)
        .orderBy('d.car_id').orderBy('d.kind').orderBy('d.id')
        .execute();
    },

    /** The latest stops of these devices, newest first. */
    stops(deviceIds: readonly number[], limit: number) {
      if (deviceIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('stop').innerJoin('device as d', 'd.id', 'stop.device_id')
        .select(['d.car_id', 'stop.start_time', 'stop.end_time', 'stop.closed', 'stop.lng', 'stop.lat'])
        .where('stop.device_id', 'in', deviceIds).orderBy('stop.start_time', 'desc').limit(limit).execute();
    },

    /** Warnings of the case's cars raised since it was opened, newest first. */
    warnings(caseId: number, since: number, limit: number) {
      return db.selectFrom('warning').innerJoin('car', 'car.id', 'warning.car_id')
        .select(['warning.id', 'warning.warning_type', 'warning.warning_time', 'warning.deal_status', 'car.plate_number'])
        .where('warning.car_id', 'in', (eb) => eb.selectFrom('recovery_case_car').select('car_id').where('case_id', '=', caseId))
        .where('warning.warning_time', '>=', since)
        .orderBy('warning.warning_time', 'desc').limit(limit).execute();
    },

    opened(caseId: number) {
      return db.selectFrom('recovery_case').select(['opened_at', 'closed_at']).where('id', '=', caseId).executeTakeFirstOrThrow();
    },
  };
}

export type CaseDetailRepository = ReturnType<typeof createCaseDetailRepository>;
