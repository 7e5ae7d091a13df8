import type { Db } from '../../db/database.js';
import { SEED_NOW } from '../test-app.js';

/**
 * The demo seeds devices, cars and customers but no warnings, alarms, white-list entries, webhooks,
 * dealer fences, orders or integrations. The fuzz tests need some of each in every dealer, so valid
 * ids reach real rows and the scope pass has another dealer's objects of every kind to aim at.
 */
export async function addDealerRows(db: Db, deptId: number): Promise<void> {
  const device = await db.selectFrom('device').select(['id', 'car_id']).where('dept_id', '=', deptId).where('car_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  const car = await db.selectFrom('car').select(['customer_id', 'frame_number']).where('id', '=', device.car_id!).executeTakeFirstOrThrow();
  const at = SEED_NOW - 3_600_000;
  for (const [warningType, dealStatus] of [[1, 0], [2, 1]] as const) {
    const { id } = await db.insertInto('warning').values({
      dept_id: deptId, device_id: device.id, car_id: device.car_id, customer_id: car.customer_id, warning_type: warningType, risk_level: 1,
      deal_status: dealStatus, compound: 0, place_key: `fuzz-${warningType}`, warning_time: at, last_time: at, lng: 120.2, lat: 30.3,
      detail: '{}', pushed: 0, deal_user_id: null, deal_time: dealStatus ? at : null, deal_description: dealStatus ? '已核实' : null,
    }).returning('id').executeTakeFirstOrThrow();
    if (dealStatus) await db.insertInto('warning_deal').values({ warning_id: id, user_id: 1, description: '已核实', at }).execute();
  }
  await db.insertInto('device_alarm').values({ dept_id: deptId, device_id: device.id, alarm_type: 1, start_time: at, end_time: null, lng: 120.2, lat: 30.3 }).execute();
  await db.insertInto('white_list').values({ dept_id: deptId, customer_id: car.customer_id, expires_at: null, reason: '测试', created_by: null, created_at: at }).execute();
  await db.insertInto('warning_not_push').values({ dept_id: deptId, device_id: device.id, warning_type: 1, created_by: null, created_at: at }).execute();
  await db.insertInto('webhook').values({
    dept_id: deptId, name: `推送${deptId}`, url: `https://example.com/hook/${deptId}`, warning_types: '*', secret: 'fuzz-secret-0123456789', enabled: 1, created_by: null, created_at: at,
  }).execute();
  const fence = await db.insertInto('fence').values({
    dept_id: deptId, name: `围栏${deptId}`, shape: 'circle', geometry: JSON.stringify({ lng: 120.2, lat: 30.3, radius: 1000 }), alarm_on: 'out', created_at: at,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('fence_binding').values({ fence_id: fence.id, device_id: device.id, created_at: at }).execute();
  await db.insertInto('dispatch_order').values({
    dept_id: deptId, installer_dept_id: null, order_type: 1, device_source: 1, state: 1, real_name: '测试', phone: '13800000000', car_owner_name: '测试车主',
    reserve_time: at, brand_name: '大众', car_frame_number: car.frame_number, install_product_id: null, address: '杭州', lng: null, lat: null, reason: null,
    created_by: null, created_at: at, updated_at: at,
  }).execute();
  await db.insertInto('integration').values({ dept_id: deptId, name: `对接${deptId}`, key_hash: `fuzz-${deptId}`, created_at: at }).execute();
}
