import type { Db } from '../../db/database.js';

/**
 * Takes devices off their cars: the one way a device leaves a car (retirement uses it; an uninstall
 * order would too). Its car and the time it was fitted are what make it installed, and both go: the
 * car list, the portrait, the customer lists and the monitor read a car's devices through `car_id`, so
 * they find none on the car and none of its old positions. Who fitted it (`installer_dept_id`) stays,
 * since the installers' report counts the device's past warnings by it; so does its department (the
 * car's dealer). The callers tell every process to forget the devices (`devicesEdited`).
 */
export async function takeOffCars(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('device').set({ car_id: null, install_time: null }).where('id', 'in', ids).where('car_id', 'is not', null).execute();
}
