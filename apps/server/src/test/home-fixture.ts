import { WARNING_TYPE_BY_CODE, WARNING_TYPE_CODES, type WarningTypeCode } from '@cvrisk/contracts';
import type { Db } from '../db/database.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * Monday 2026-11-23 01:00 in Shanghai (Sunday 17:00 UTC): an hour into both a new Shanghai day and
 * a new week, where a UTC day or a Sunday-based week would give other answers.
 */
export const HOME_NOW = Date.UTC(2026, 10, 22, 17, 0, 0);
/** Midnight of HOME_NOW's Shanghai day. */
export const TODAY = Date.UTC(2026, 10, 22, 16, 0, 0);

/**
 * When each device's warnings were raised, relative to today's Shanghai midnight: on both sides of
 * the day, 7-day and 30-day edges, and none on the day three days back (a zero in the series).
 */
const OFFSETS = [0, 30 * 60_000, -60_000, -2 * DAY, -5 * DAY, -6 * DAY, -6 * DAY - 60_000, -29 * DAY, -30 * DAY - 60_000, -40 * DAY];

/**
 * Warnings and device alarms for the first `perDept` devices of each of these departments, as the
 * engine would write them: odd rows handled (half of them today, half before), some alarms still on.
 */
export async function insertHomeFixture(db: Db, deptIds: readonly number[], perDept = 3): Promise<void> {
  let i = 0;
  for (const deptId of deptIds) {
    const devices = await db
      .selectFrom('device')
      .leftJoin('car', 'car.id', 'device.car_id')
      .select(['device.id', 'device.car_id', 'car.customer_id'])
      .where('device.dept_id', '=', deptId)
      .orderBy('device.id')
      .limit(perDept)
      .execute();
    for (const d of devices) {
      for (const offset of OFFSETS) {
        const type = WARNING_TYPE_CODES[i % WARNING_TYPE_CODES.length] as WarningTypeCode;
        const time = TODAY + offset;
        const handled = i % 2 === 1;
        await db
          .insertInto('warning')
          .values({
            dept_id: deptId,
            device_id: d.id,
            car_id: d.car_id,
            customer_id: d.customer_id,
            warning_type: type,
            risk_level: WARNING_TYPE_BY_CODE[type].level,
            deal_status: handled ? 1 : 0,
            place_key: `fixture-${i}`,
            warning_time: time,
            last_time: time,
            deal_time: handled ? (i % 4 === 1 ? TODAY + 10 * 60_000 : TODAY - HOUR) : null,
            deal_user_id: null,
            deal_description: handled ? '已电话联系客户' : null,
          })
          .execute();
        if (offset >= -7 * DAY) {
          await db
            .insertInto('device_alarm')
            .values({ dept_id: deptId, device_id: d.id, alarm_type: 8, start_time: time, end_time: i % 3 === 0 ? null : time + HOUR, lng: 120.15, lat: 30.28 })
            .execute();
        }
        i++;
      }
    }
  }
}
