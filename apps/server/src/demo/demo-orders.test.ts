import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffType } from '../modules/dispatch/order-files.js';
import { HANGZHOU } from '../test/engine-tracks.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { seedDemoOrders } from './demo-orders.js';

let t: TestApp;
let dataDir: string;
const now = Date.now();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-demo-orders-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  // The demo orders go to where cars are: give the newest cars of each institution a reported place.
  const wired = await t.db.selectFrom('device').select('device_number').where('kind', '=', 1).where('car_id', 'is not', null).orderBy('car_id', 'desc').execute();
  const fixes = wired.map((d, i) => ({ deviceNumber: d.device_number, gpsTime: now - 3600_000, lng: HANGZHOU.lng + (i % 50) * 0.001, lat: HANGZHOU.lat, speed: 0, direction: 0, altitude: 0, acc: 0 as const }));
  await t.telemetry.pipeline.submit(fixes);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo dispatch history', () => {
  it('has each institution\'s staff work six orders through the product, photos and fitted devices included', async () => {
    expect(await seedDemoOrders(t.db, dataDir, t.telemetry.devicesEdited, now)).toBe(12);
    const orders = await t.db.selectFrom('dispatch_order as o').innerJoin('dept as d', 'd.id', 'o.dept_id').select(['o.id', 'o.state', 'd.parent_id', 'o.car_id', 'o.created_at']).execute();
    for (const finance of new Set(orders.map((o) => o.parent_id))) {
      const states = orders.filter((o) => o.parent_id === finance).map((o) => o.state).sort();
      expect(states).toEqual([2, 2, 3, 4, 5, 7]);
    }
    expect(orders.every((o) => o.created_at < now && o.created_at > now - 4 * 86_400_000)).toBe(true);

    const files = await t.db.selectFrom('dispatch_order_file').selectAll().execute();
    expect(files).toHaveLength(4);
    for (const f of files) expect(sniffType(fs.readFileSync(path.join(dataDir, f.path)))).toBe('image/png');

    const fitted = await t.db.selectFrom('dispatch_order_device as od').innerJoin('device as d', 'd.id', 'od.device_id').innerJoin('dispatch_order as o', 'o.id', 'od.order_id')
      .select(['d.car_id', 'o.car_id as order_car', 'd.install_time', 'o.installed_at']).execute();
    expect(fitted).toHaveLength(4);
    for (const d of fitted) expect(d).toMatchObject({ car_id: d.order_car, install_time: d.installed_at });

    const events = await t.db.selectFrom('dispatch_order_event').select(['action', 'user_name']).execute();
    expect(events.filter((e) => e.action === 'pass').map((e) => e.user_name).sort()).toEqual(['吴海涛', '张晓燕']);
    expect(events.filter((e) => e.action === 'install').map((e) => e.user_name).sort()).toEqual(['孙国强', '孙国强', '马俊', '马俊']);
  });
});
