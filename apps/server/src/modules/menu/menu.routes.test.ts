import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function menuPaths(username: string): Promise<string[]> {
  const token = await t.login(username);
  const res = await t.app.inject({ method: 'POST', url: '/menu/navigate', headers: { accessToken: token } });
  expect(res.json().code).toBe(200);
  return (res.json().data as { path: string; children?: { path: string }[] }[]).flatMap((g) =>
    (g.children ?? []).map((c) => `${g.path === '/' ? '' : g.path}/${c.path}`),
  );
}

describe('/menu/navigate', () => {
  it('gives risk staff every working screen', async () => {
    expect(await menuPaths('operator1')).toEqual([
      '/index',
      '/monitor/onlineMonitoring', '/monitor/fenceManagement', '/monitor/riskPoint',
      '/monitor/realtimeTracking', '/monitor/trackPlayback', '/monitor/wirelessTrack',
      '/risk/riskWarning', '/risk/deviceAlarm', '/risk/customerList', '/risk/loanFraud', '/risk/overdueCustomer', '/risk/customerCars',
      '/risk/warningPushConfig', '/risk/notPushList', '/risk/whiteList', '/risk/userPortrait', '/risk/warningDetail',
      '/riskConfig/dealersMultiDimensionalStatistics', '/riskConfig/installerMultiDimensionalStatistics',
      '/report/parkingReport', '/report/weekParkingReport', '/report/timesParkingReport', '/report/mileageReport', '/report/driveBehavior',
      '/report/deviceManagement', '/report/basicDevice',
      '/ubi/carMileage', '/ubi/ignition', '/ubi/travelStatistics', '/ubi/drivingBehavior',
      '/dispatchOrder/dispatchOrder', '/recovery/recoveryCases', '/recovery/recoveryCase', '/onlineCheck/onlineCheck',
    ]);
  });

  it('gives an installer only what installers may open', async () => {
    expect(await menuPaths('installer1')).toEqual(['/index', '/dispatchOrder/installerOrders']);
  });

  it('gives a recovery company its cases only', async () => {
    expect(await menuPaths('recovery1')).toEqual(['/index', '/recovery/recoveryCases', '/recovery/recoveryCase']);
  });

  it('gives everyone signed in the hidden data board, outside every group', async () => {
    for (const username of ['admin', 'installer1']) {
      const res = await t.app.inject({ method: 'POST', url: '/menu/navigate', headers: { accessToken: await t.login(username) } });
      expect((res.json().data as { path: string }[]).find((r) => r.path === '/dashboard')).toMatchObject({ component: 'dashboard', hidden: true });
    }
  });

  it('enforces the same permissions on the calls: no-permission code 401 with HTTP 403', async () => {
    const token = await t.login('installer1');
    const res = await t.app.inject({ method: 'POST', url: '/api/device/getDevList', headers: { accessToken: token }, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 401, msg: '没有权限执行此操作' });
  });
});
