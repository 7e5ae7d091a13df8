import { distanceM, RiskPointCategories } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { verifyPassword } from '../lib/password.js';
import { openTestDatabase } from '../test/test-database.js';
import { isValidLuhn } from '../lib/luhn.js';
import { isValidIdCard } from './identity.js';
import { CITIES, shortCity } from './places.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, type DemoSummary } from './seed-demo.js';
import { isValidVin } from './vehicles.js';

const NOW = Date.UTC(2026, 10, 22, 2, 0, 0);
const DAY = 86_400_000;

/** First two digits of identity-card area codes, by province. */
const PROVINCE_CODES: Record<string, string> = {
  浙江省: '33', 江苏省: '32', 安徽省: '34', 广东省: '44', 四川省: '51', 湖北省: '42',
};

const km = (a: { lng: number; lat: number }, b: { lng: number; lat: number }): number => distanceM(a.lng, a.lat, b.lng, b.lat) / 1000;

let h: DatabaseHandle;
let summary: DemoSummary;
const steps = new Map<string, [number, number]>();

beforeAll(async () => {
  h = await openTestDatabase();
  summary = await seedDemo(h.db, { now: NOW, onProgress: (step, done, total) => steps.set(step, [done, total]) });
});
afterAll(() => h?.close());

const depts = () => h.db.selectFrom('dept').selectAll().orderBy('id').execute();

describe('organisation', () => {
  it('has one platform, two finance institutions with three dealers, one installer and one recovery company each', async () => {
    const all = await depts();
    const kinds = (k: string) => all.filter((d) => d.kind === k);
    expect(kinds('platform')).toHaveLength(1);
    expect(kinds('finance')).toHaveLength(2);
    for (const f of kinds('finance')) {
      expect(all.filter((d) => d.parent_id === f.id && d.kind === 'dealer')).toHaveLength(3);
      expect(all.filter((d) => d.parent_id === f.id && d.kind === 'installer')).toHaveLength(1);
      expect(all.filter((d) => d.parent_id === f.id && d.kind === 'recovery')).toHaveLength(1);
    }
    expect(new Set(kinds('dealer').map((d) => d.city)).size).toBe(6);
    expect(summary.departments).toBe(all.length);
  });

  it('writes every materialised path as its parent path plus its own id', async () => {
    const all = await depts();
    const byId = new Map(all.map((d) => [d.id, d]));
    for (const d of all) {
      const parentPath = d.parent_id === null ? '/' : byId.get(d.parent_id)?.path;
      expect(d.path).toBe(`${parentPath}${d.id}/`);
    }
  });

  it('gives the demo accounts their roles and departments, all signing in with the demo password', async () => {
    const users = await h.db
      .selectFrom('app_user').innerJoin('role', 'role.id', 'app_user.role_id').innerJoin('dept', 'dept.id', 'app_user.dept_id')
      .select(['username', 'password_hash', 'role.code as role', 'role.permissions', 'dept.id as deptId', 'dept.kind', 'dept.parent_id as parentId'])
      .execute();
    const u = (name: string) => users.find((x) => x.username === name)!;
    expect(u('admin')).toMatchObject({ role: 'platformAdmin', kind: 'platform' });
    expect(u('finance1')).toMatchObject({ role: 'financeManager', kind: 'finance' });
    expect(u('operator1')).toMatchObject({ role: 'financeOperator', deptId: u('finance1').deptId });
    for (const name of ['dealer1', 'dealer2']) {
      expect(u(name)).toMatchObject({ role: 'dealerStaff', kind: 'dealer', parentId: u('finance1').deptId });
    }
    expect(u('dealer1').deptId).not.toBe(u('dealer2').deptId);
    expect(u('installer1')).toMatchObject({ role: 'installer', kind: 'installer', parentId: u('finance1').deptId });
    expect(u('finance2').deptId).not.toBe(u('finance1').deptId);
    expect(JSON.parse(u('admin').permissions)).toContain('user:admin');
    expect(await verifyPassword(u('dealer2').password_hash, DEMO_PASSWORD)).toBe(true);
    expect(DEMO_ACCOUNTS.map((a) => a.username).sort()).toEqual(users.map((x) => x.username).sort());
  });
});

describe('customers and loans', () => {
  it('puts about a hundred customers with valid identity cards at each dealer', async () => {
    const rows = await h.db.selectFrom('customer').innerJoin('dept', 'dept.id', 'customer.dept_id')
      .select(['customer.id', 'id_card', 'phone', 'customer.name', 'address', 'dept.kind', 'dept.province', 'dept.city']).execute();
    expect(rows).toHaveLength(600);
    expect(summary.customers).toBe(600);
    expect(rows.every((c) => c.kind === 'dealer')).toBe(true);
    expect(new Set(rows.map((c) => c.id_card)).size).toBe(600);
    for (const c of rows) {
      expect(isValidIdCard(c.id_card), c.id_card).toBe(true);
      expect(c.id_card.slice(0, 2)).toBe(PROVINCE_CODES[c.province!]);
      const birthYear = Number(c.id_card.slice(6, 10));
      expect(2026 - birthYear).toBeGreaterThanOrEqual(22);
      expect(2026 - birthYear).toBeLessThanOrEqual(61);
      expect(c.phone).toMatch(/^1[35789]\d{9}$/);
      expect(c.name).toMatch(/^[\u4e00-\u9fa5]{2,4}$/);
      expect(c.address.startsWith(`${c.province}${c.city}`)).toBe(true);
    }
  });

  it('gives each customer one loan, mostly normal, some overdue, a few settled', async () => {
    const loans = await h.db.selectFrom('loan').selectAll().execute();
    expect(new Set(loans.map((l) => l.customer_id)).size).toBe(600);
    expect(new Set(loans.map((l) => l.contract_no)).size).toBe(600);
    const share = (s: string) => loans.filter((l) => l.status === s).length / loans.length;
    expect(share('overdue')).toBeGreaterThan(0.04);
    expect(share('overdue')).toBeLessThan(0.13);
    expect(share('settled')).toBeGreaterThan(0.02);
    expect(share('settled')).toBeLessThan(0.09);
    for (const l of loans) {
      expect(l.contract_no).toMatch(/^(HX|AD)20\d{8}$/);
      expect(l.amount_cents).toBeGreaterThanOrEqual(50_000_00);
      expect(l.amount_cents).toBeLessThanOrEqual(400_000_00);
      expect([12, 24, 36, 48, 60]).toContain(l.term_months);
      expect(l.start_day).toBeGreaterThanOrEqual(20231122);
      expect(l.start_day).toBeLessThanOrEqual(20261122);
      if (l.status === 'overdue') expect(l.overdue_days).toBeGreaterThanOrEqual(1);
      else expect(l.overdue_days).toBe(0);
      expect(l.overdue_days).toBeLessThanOrEqual(120);
    }
  });
});

describe('cars and devices', () => {
  it('registers one car per customer with a valid VIN and a local plate', async () => {
    const cars = await h.db.selectFrom('car').innerJoin('customer', 'customer.id', 'car.customer_id')
      .innerJoin('dept', 'dept.id', 'car.dept_id')
      .select(['frame_number', 'plate_number', 'region_province', 'dept.province', 'car.dept_id', 'customer.dept_id as customerDept'])
      .execute();
    expect(cars).toHaveLength(600);
    expect(new Set(cars.map((c) => c.frame_number)).size).toBe(600);
    for (const c of cars) {
      expect(isValidVin(c.frame_number), c.frame_number).toBe(true);
      expect(c.plate_number).toMatch(/^[浙苏皖粤川鄂][A-Z][A-Z0-9]{5,6}$/);
      expect(c.region_province).toBe(c.province);
      expect(c.dept_id).toBe(c.customerDept);
    }
  });

  it('fits a wired device to every car and a wireless one to about half', async () => {
    const devices = await h.db.selectFrom('device').selectAll().execute();
    const fitted = devices.filter((d) => d.car_id !== null);
    const carsWith = (kind: number) => new Set(fitted.filter((d) => d.kind === kind).map((d) => d.car_id)).size;
    expect(carsWith(1)).toBe(600);
    expect(carsWith(2) / 600).toBeGreaterThan(0.4);
    expect(carsWith(2) / 600).toBeLessThan(0.6);
    expect(summary.devices).toBe(devices.length);
    for (const d of devices) {
      if (d.kind === 1) expect(d.device_number).toMatch(/^\d{12}$/);
      else expect(d.device_number.startsWith('86') && d.device_number.length === 15 && isValidLuhn(d.device_number)).toBe(true);
      expect(d.iccid).toMatch(/^8986\d{16}$/);
      if (d.install_time !== null) expect(d.install_time).toBeLessThan(NOW);
    }
    const stock = devices.filter((d) => d.car_id === null);
    expect(stock).toHaveLength(20);
    expect(new Set(stock.map((d) => d.dept_id)).size).toBe(2);
  });
});

describe('risk points and fences', () => {
  it('has every category 3–15 km from each dealer city, owned by platform, institutions and dealers', async () => {
    const points = await h.db.selectFrom('risk_point').innerJoin('dept', 'dept.id', 'risk_point.dept_id')
      .select(['category', 'risk_point.name', 'lng', 'lat', 'dept.kind']).execute();
    expect(new Set(points.map((p) => p.kind))).toEqual(new Set(['platform', 'finance', 'dealer']));
    for (const city of Object.values(CITIES)) {
      const here = points.filter((p) => p.name.startsWith(shortCity(city)));
      expect(new Set(here.map((p) => p.category))).toEqual(new Set(RiskPointCategories));
      for (const p of here) {
        expect(km(city, p)).toBeGreaterThanOrEqual(2.9);
        expect(km(city, p)).toBeLessThanOrEqual(15.1);
      }
    }
    expect(summary.riskPoints).toBe(points.length);
  });

  it('draws circle and polygon fences bound to wired devices of their own dealer', async () => {
    const fences = await h.db.selectFrom('fence').selectAll().execute();
    expect(new Set(fences.map((f) => f.shape))).toEqual(new Set(['circle', 'polygon']));
    for (const f of fences) {
      const g = JSON.parse(f.geometry);
      if (f.shape === 'circle') expect(g.radius).toBeGreaterThan(0);
      else expect(g.points.length).toBeGreaterThanOrEqual(3);
      const bound = await h.db.selectFrom('fence_binding').innerJoin('device', 'device.id', 'fence_binding.device_id')
        .select(['device.dept_id', 'device.kind']).where('fence_id', '=', f.id).execute();
      expect(bound.length).toBeGreaterThan(0);
      expect(bound.every((b) => b.dept_id === f.dept_id && b.kind === 1)).toBe(true);
    }
  });

  it('reported progress through to the end of the customers and devices', () => {
    expect(steps.get('customers')).toEqual([600, 600]);
    const [done, total] = steps.get('devices')!;
    expect(done).toBe(total);
  });
});

describe('determinism', () => {
  const snapshot = async (x: DatabaseHandle) => ({
    customers: await x.db.selectFrom('customer').selectAll().orderBy('id').execute(),
    loans: await x.db.selectFrom('loan').selectAll().orderBy('id').execute(),
    cars: await x.db.selectFrom('car').selectAll().orderBy('id').execute(),
    devices: await x.db.selectFrom('device').selectAll().orderBy('id').execute(),
    riskPoints: await x.db.selectFrom('risk_point').selectAll().orderBy('id').execute(),
  });

  it('gives identical rows for the same seed and time', async () => {
    const other = await openTestDatabase();
    try {
      await seedDemo(other.db, { now: NOW });
      expect(await snapshot(other)).toEqual(await snapshot(h));
    } finally {
      await other.close();
    }
  });

  it('keeps names, phones, plates and device numbers when only the time moves', async () => {
    const other = await openTestDatabase();
    try {
      await seedDemo(other.db, { now: NOW + 40 * DAY });
      const [a, b] = [await snapshot(h), await snapshot(other)];
      const pick = (s: typeof a) => ({
        customers: s.customers.map((c) => [c.name, c.phone, c.address]),
        plates: s.cars.map((c) => c.plate_number),
        devices: s.devices.map((d) => d.device_number),
      });
      expect(pick(b)).toEqual(pick(a));
      expect(b.customers[0]!.created_at - a.customers[0]!.created_at).toBe(40 * DAY);
    } finally {
      await other.close();
    }
  });

  it('refuses to seed a database that already holds data', async () => {
    await expect(seedDemo(h.db, { now: NOW })).rejects.toThrow(/empty database/);
  });
});
