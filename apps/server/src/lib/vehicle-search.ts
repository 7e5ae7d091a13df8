import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import { isSqlite } from '../db/dialect.js';
import { contains, startsWith } from './like.js';
import { inScope, type Scope } from './scope.js';

/** A phone is found by its last digits only from this many on: fewer would match a large share of customers. */
export const PHONE_TAIL_MIN = 4;

/** Where the query names the device's number and car: `device as d` unless told otherwise. */
export type VehicleColumns = { deviceNumber: string; carId: string };
const DEVICE_AS_D: VehicleColumns = { deviceNumber: 'd.device_number', carId: 'd.car_id' };

/** The digits of a phone as staff type it ("138 0013 8000", "138-0013-8000"), or null when the text is not one. */
export function phoneDigits(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${PHONE_TAIL_MIN},}$`).test(digits) ? digits : null;
}

/**
 * The device number starts with the text. On SQLite as a range, which the unique index on the number
 * answers (its LIKE ignores case and so cannot use a BINARY index); PostgreSQL's collation may order
 * differently, so it gets LIKE. Numbers, plates and frame numbers are stored in capitals.
 */
export function deviceNumberStarts(db: Db, text: string, column = DEVICE_AS_D.deviceNumber): Expression<SqlBool> {
  const upper = text.toUpperCase();
  return isSqlite(db) ? sql<SqlBool>`(${sql.ref(column)} >= ${upper} and ${sql.ref(column)} < ${`${upper}\uffff`})` : startsWith(column, upper);
}

/**
 * The one vehicle search of the console (the top bar's quick search and the map panel's device
 * search find the same devices): the device number from its start; the plate, frame number or
 * customer name anywhere in it; the customer's phone whole or by its last 4 or more digits. Cars and
 * customers are read in the caller's scope; the caller scopes the devices themselves.
 *
 * Plates, frame numbers, names and phone tails cannot use an index (they match inside the text): each
 * is one pass over the scope's cars and customers: 7–26 ms for 50,000 of each on SQLite here (docs/decisions.md).
 */
export function matchesVehicle(db: Db, scope: Scope, text: string, columns: VehicleColumns = DEVICE_AS_D): Expression<SqlBool> {
  const upper = text.toUpperCase();
  const phone = phoneDigits(text);
  const byCar = db.selectFrom('car').select('car.id')
    .where((eb) => eb.and([inScope(eb, 'car.dept_id', scope), eb.or([contains('car.plate_number', upper), contains('car.frame_number', upper)])]));
  const byCustomer = db.selectFrom('car').innerJoin('customer', 'customer.id', 'car.customer_id').select('car.id')
    .where((eb) => eb.and([
      inScope(eb, 'car.dept_id', scope),
      inScope(eb, 'customer.dept_id', scope),
      eb.or([
        contains('customer.name', text),
        // Digits only, so nothing in them needs escaping for LIKE.
        ...(phone ? [sql<SqlBool>`${sql.ref('customer.phone')} like ${`%${phone}`}`] : []),
      ]),
    ]));
  const car = sql.ref(columns.carId);
  return sql<SqlBool>`(${deviceNumberStarts(db, text, columns.deviceNumber)} or ${car} in ${byCar} or ${car} in ${byCustomer})`;
}

/** Devices whose number starts with the text come before the others. */
export function numberMatchesFirst(db: Db, text: string, column = DEVICE_AS_D.deviceNumber): Expression<number> {
  return sql<number>`case when ${deviceNumberStarts(db, text, column)} then 0 else 1 end`;
}
