import type { Db } from '../../db/database.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';

/** The car filters every report shares. */
export type CarFilter = { deptId?: number; deviceNumber?: string; plateNumber?: string; frameNumber?: string; customerName?: string };

/** A report row's car, as the repository reads it. */
export type CarColumns = {
  device_id: number;
  device_number: string;
  plate_number: string | null;
  frame_number: string | null;
  customer_id: number | null;
  customer_name: string | null;
  dept_name: string;
};

export const CAR_COLUMNS = [
  'd.id as device_id', 'd.device_number', 'car.plate_number', 'car.frame_number', 'cust.id as customer_id', 'cust.name as customer_name', 'dealer.name as dept_name',
] as const;

/**
 * The caller's devices under the report filters, with their car, customer and dealer joined. Every
 * report starts here, so none can forget the scope. Only wired devices have derived figures.
 */
export function carsIn(db: Db, scope: Scope, f: CarFilter) {
  let q = db
    .selectFrom('device as d')
    .innerJoin('dept as dealer', 'dealer.id', 'd.dept_id')
    .leftJoin('car', 'car.id', 'd.car_id')
    .leftJoin('customer as cust', 'cust.id', 'car.customer_id')
    .where((eb) => inScope(eb, 'd.dept_id', scope));
  if (f.deptId) q = q.where(inDeptSubtree('d.dept_id', f.deptId));
  if (f.deviceNumber) q = q.where(contains('d.device_number', f.deviceNumber));
  if (f.plateNumber) q = q.where(contains('car.plate_number', f.plateNumber));
  if (f.frameNumber) q = q.where(contains('car.frame_number', f.frameNumber));
  if (f.customerName) q = q.where(contains('cust.name', f.customerName));
  return q;
}

/**
 * The ids of the caller's devices under the filters, as a subquery for `device_id in (…)`, or null
 * when that is every device (the platform without filters): ordering and counting a month of derived
 * rows then needs no join at all, and with one it needs no names.
 */
export function deviceIdsIn(db: Db, scope: Scope, f: CarFilter) {
  const everyDevice = scope.kind === 'all' && !f.deptId && !f.deviceNumber && !f.plateNumber && !f.frameNumber && !f.customerName;
  return everyDevice ? null : carsIn(db, scope, f).select('d.id');
}
