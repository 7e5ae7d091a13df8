import { WARNING_TYPE_BY_CODE, type WarningTypeCode } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';

export type FixtureDevice = {
  id: number;
  device_number: string;
  dept_id: number;
  car_id: number;
  customer_id: number;
  phone: string;
  plate_number: string;
  frame_number: string;
};

/** Devices of a department that sit on a car with a customer, in id order. */
export function devicesOf(db: Db, deptId: number, limit = 3): Promise<FixtureDevice[]> {
  return db
    .selectFrom('device as d')
    .innerJoin('car as c', 'c.id', 'd.car_id')
    .innerJoin('customer as cu', 'cu.id', 'c.customer_id')
    .select(['d.id', 'd.device_number', 'd.dept_id', 'c.id as car_id', 'c.customer_id', 'cu.phone', 'c.plate_number', 'c.frame_number'])
    .where('d.dept_id', '=', deptId)
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

let serial = 0;

/** One warning as the engine writes it; the level is the type's unless given. */
export async function insertWarning(
  db: Db,
  d: FixtureDevice,
  type: WarningTypeCode,
  time: number,
  o: { handled?: boolean; level?: number; compound?: boolean } = {},
): Promise<number> {
  serial += 1;
  const row = await db
    .insertInto('warning')
    .values({
      dept_id: d.dept_id, device_id: d.id, car_id: d.car_id, customer_id: d.customer_id, warning_type: type,
      risk_level: o.level ?? WARNING_TYPE_BY_CODE[type].level, deal_status: o.handled ? 1 : 0, compound: o.compound ? 1 : 0,
      place_key: `fixture:${serial}`, warning_time: time, last_time: time, lng: 120.15, lat: 30.28, detail: '{}', pushed: 1,
      deal_user_id: null, deal_time: o.handled ? time + 60_000 : null, deal_description: o.handled ? '已电话联系客户' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Departments of the demo accounts, by user name. */
export async function deptsOfUsers(db: Db): Promise<Record<string, number>> {
  const users = await db.selectFrom('app_user').select(['username', 'dept_id']).execute();
  return Object.fromEntries(users.map((u) => [u.username, u.dept_id]));
}
