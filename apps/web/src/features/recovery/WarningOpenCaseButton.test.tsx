import { CustomerDrawCalls, RecoveryCalls, type Permission, type PortraitCustomer, type WarningDetailEntity } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { caseOf, listSessionOf, openedOf } from './listFixtures';
import { WarningOpenCaseButton } from './WarningOpenCaseButton';

const entity: WarningDetailEntity = {
  id: 42, warningType: 4, warningTypeName: '二押点预警', riskLevel: 1, compound: false, dealStatus: 0,
  warningTime: '2026-11-20 10:00:00', lastTime: '2026-11-20 12:00:00', customerName: '王建华', customerPhone: '138****5678',
  customerGrade: 'high', customerGradeName: '高风险', brandname: '奥迪', modelname: 'A4L', carFrameNumber: 'LFV2A24G0K3000001',
  plateNumber: '粤A67890', deviceNumber: '860000000000001', deptName4s: '广州粤宝奥迪4S店', deptName: '安达融资租赁有限公司',
  carid: 8, commonLng: 120.16, commonLat: 30.27, lng: 120.155, lat: 30.274, address: '浙江省杭州市',
  detail: '在典当行「测试典当行」180米内停留2小时', dealUserName: null, dealTime: null, dealDescription: null,
};

const customer: PortraitCustomer = {
  customerId: 5, customerName: '王建华', customerPhone: '138****5678', idCard: '330102********1234', address: '', grade: 'high', gradeName: '高风险',
  fraud: false, fraudReason: null, deptId: 4, deptName4s: '广州粤宝奥迪4S店', deptName: '安达融资租赁有限公司', loans: [],
  cars: [
    { carId: 7, plateNumber: '粤A12345', carFrameNumber: 'LFV2A21K8G3012345', brandName: '奥迪', modelName: 'A6L', color: '黑色', devices: [] },
    { carId: 8, plateNumber: '粤A67890', carFrameNumber: 'LFV2A21K8G3067890', brandName: '奥迪', modelName: 'A4L', color: '白色', devices: [] },
  ],
  createdAt: '2025-01-08 10:00:00',
};

function open(permissions: Permission[]) {
  const server = fakeServer([
    answer(CustomerDrawCalls.byDevice, { customerId: 5, carId: 8 }),
    answer(CustomerDrawCalls.customer, customer),
    answer(RecoveryCalls.teams, []),
    answer(RecoveryCalls.open, openedOf(caseOf({ id: 60 }))),
  ]);
  const session = listSessionOf(permissions);
  renderRoutes(
    [
      { path: '/risk/warningDetail', element: <SessionContext value={session}><p>warning page</p><WarningOpenCaseButton entity={entity} /></SessionContext> },
      { path: '/recovery/recoveryCase', element: <p>case page</p> },
    ],
    '/risk/warningDetail?id=42',
  );
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('发起追车 from a warning', () => {
  it('is not offered without recovery:manage', async () => {
    const server = open(['warning:view', 'customer:view', 'recovery:view']);
    expect(await screen.findByText('warning page')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /发起追车/ })).toBeNull();
    expect(server.sent(CustomerDrawCalls.byDevice)).toEqual([]);
  });

  it("finds the warning's customer, ticks only the warning's car, and names the warning as the reason", async () => {
    const server = open(['warning:view', 'customer:view', 'recovery:view', 'recovery:manage']);
    fireEvent.click(await screen.findByRole('button', { name: /发起追车/ }));
    const dialog = (await screen.findByText('发起追车 · 王建华', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    await waitFor(() => expect(within(dialog).getByLabelText('粤A67890 奥迪')).toHaveProperty('checked', true));
    expect(within(dialog).getByLabelText('粤A12345 奥迪')).toHaveProperty('checked', false);
    expect(within(dialog).getByLabelText('立案原因')).toHaveProperty('value', '风险预警：二押点预警');
    fireEvent.click(within(dialog).getByRole('button', { name: /立\s*案/ }));
    await waitFor(() => expect(server.sent(RecoveryCalls.open).map((s) => s.body)).toEqual([
      { customerId: 5, source: 'warning', warningId: 42, reason: '风险预警：二押点预警', carIds: [8] },
    ]));
  });
});
