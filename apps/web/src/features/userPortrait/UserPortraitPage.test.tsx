import { CarAnalysisCalls, CustomerDrawCalls, type PortraitCustomer, type UserInfo } from '@cvrisk/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { UserPortraitPage } from './UserPortraitPage';

vi.mock('../../components/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));
vi.mock('../../components/charts/EChart', () => ({ EChart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} /> }));

const customer: PortraitCustomer = {
  customerId: 9, customerName: '于兰晶', customerPhone: '138****1234', idCard: '330102********1234', address: '浙江省杭州市西湖区文三路1号',
  grade: 'potential', gradeName: '潜在风险', fraud: true, fraudReason: '安装后即失联', deptId: 3, deptName4s: '杭州宝龙奥迪4S店', deptName: '华信汽车金融有限公司',
  loans: [{ contractNo: 'HX2024100024', loanStatus: 'overdue', loanAmount: 327000, termMonths: 36, repaymentDay: 8, startDate: '2024-05-24', overdueDays: 100, overdueAmount: 36333.32 }],
  cars: [{
    carId: 42, plateNumber: '浙A33RZ4', carFrameNumber: 'LGBXBBZT2TN959417', brandName: '奥迪', modelName: 'Q5L', color: '黑色',
    devices: [{ deviceId: 1, deviceNumber: '138000010042', kind: 1, state: 'parked', installTime: '2024-05-25 05:44:38', lastTime: '2026-11-23 09:49:26', lng: 120.1, lat: 30.2, address: '浙江省杭州市江干区', speed: 0, battery: null }],
  }],
  createdAt: '2024-05-24 10:00:00',
};
const day = (d: string, km: number) => ({ day: d, mileageKm: km, drivingMinutes: km * 2, trips: 2, maxSpeed: 60, offlineMoveKm: 0 });

function serveCustomer() {
  return fakeServer([
    answer(CustomerDrawCalls.byDevice, { customerId: 9, carId: 42 }),
    answer(CustomerDrawCalls.customer, customer),
    answer(CustomerDrawCalls.warningCounts, [{ warningType: 2, warningTypeName: '断电预警', total: 3, unhandled: 1 }]),
    answer(CustomerDrawCalls.use, { carId: 42, monthMileageKm: 812.4, monthDrivingMinutes: 1530, monthTrips: 61, monthDaysDriven: 21, days30MileageKm: 1020.5, monthOfflineMoveKm: 53.2, monthOfflineMoves: 1, nightShare: 0.12, maxSpeed: 118, lastTime: null, lastAddress: null }),
    answer(CustomerDrawCalls.driving7, [day('2026-11-17', 30), day('2026-11-18', 42)]),
    answer(CustomerDrawCalls.stops7, [{ startTime: '2026-11-22 19:00:00', endTime: null, minutes: 135, lng: 120.1, lat: 30.2, address: '浙江省杭州市西湖区', deviceNumber: '138000010042' }]),
    answer(CustomerDrawCalls.trips, [
      { kind: 'offlineMove', startTime: '2026-11-21 23:10:00', endTime: '2026-11-22 01:40:00', minutes: 150, distanceKm: 53.2, maxSpeed: 0, startAddress: '浙江省杭州市西湖区文三路', endAddress: '浙江省绍兴市柯桥区', deviceNumber: '138000010042' },
      { kind: 'trip', startTime: '2026-11-21 08:00:00', endTime: '2026-11-21 08:30:00', minutes: 30, distanceKm: 12.1, maxSpeed: 70, startAddress: '浙江省杭州市西湖区', endAddress: '浙江省杭州市江干区', deviceNumber: '138000010042' },
    ]),
    answer(CustomerDrawCalls.warnings, []),
    answer(CarAnalysisCalls.analysis, { useCarArea: [], listWeek: [], dayList: [], nightList: [] }),
  ]);
}

function open(entry: string) {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions: ['customer:view'], deptId: 1, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes([{ path: '/risk/userPortrait', element: <SessionContext value={{ user, menu }}><UserPortraitPage /></SessionContext> }], entry);
}

describe('UserPortraitPage', () => {
  it("opens from a device number at the owner's portrait, with loan, car, warnings and this month's driving", async () => {
    const server = serveCustomer();
    const { router } = open('/risk/userPortrait?deviceNumber=138000010042');
    await waitFor(() => expect(router.state.location.search).toBe('?customerid=9&carid=42'));
    expect(await screen.findByRole('heading', { name: '于兰晶' })).toBeTruthy();
    expect(server.sent(CustomerDrawCalls.customer)[0]!.query).toEqual({ customerid: '9' });
    expect(screen.getByText('HX2024100024')).toBeTruthy();
    expect(screen.getByText('骗贷')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('本月里程').closest('.ant-statistic')!.textContent).toContain('812.4km'));
    expect(await screen.findByText('2小时15分')).toBeTruthy();
    expect(screen.getByText('停留中', { exact: false })).toBeTruthy();
    expect(screen.getByText('断电预警')).toBeTruthy();
    expect(screen.getByRole('img', { name: '近7天行驶' })).toBeTruthy();
  });

  it('lists an offline move apart from the trips, with whole times and places, and its month total apart from the mileage', async () => {
    serveCustomer();
    open('/risk/userPortrait?customerid=9&carid=42');
    await waitFor(() => expect(screen.getByText('本月离线期间位移').closest('.ant-statistic')!.textContent).toContain('53.2km · 1 次'));
    const move = (await screen.findByText('离线期间位移', { selector: '.ant-tag' })).closest('tr')!;
    expect(move.textContent).toContain('11-21 23:10 – 11-22 01:40');
    expect(move.textContent).toContain('53.2 km（直线）');
    expect(move.textContent).toContain('离线 2小时30分');
    expect(move.textContent).toContain('浙江省杭州市西湖区文三路 → 浙江省绍兴市柯桥区');
    const trip = screen.getByText('11-21 08:00').closest('tr')!;
    expect(trip.textContent).toContain('11-21 08:00 – 08:30');
    expect(trip.textContent).not.toContain('离线');
  });
});
