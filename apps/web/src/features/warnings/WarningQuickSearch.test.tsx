import { WarningCalls, type WarningListItem } from '@cvrisk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { WarningQuickSearch } from './WarningQuickSearch';

const found: WarningListItem = {
  id: 42, warningType: 3, warningTypeName: '拆除预警', riskLevel: 1, compound: false, dealStatus: 0, deviceNumber: '860000000000001',
  customerName: '王建华', customerPhone: '138****5678', warningTime: '2026-11-20 10:00:00', plateNumber: '浙A12345', carFrameNumber: null,
  carid: 7, deptId: 3, deptName: '杭州宝龙奥迪4S店', dealTime: null, dealUserName: null, dealDescription: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('WarningQuickSearch', () => {
  it('asks findQuick for the typed text, shows what it found, and opens the chosen warning', async () => {
    const { sent } = fakeServer([answer(WarningCalls.quick, { list: [found] })]);
    const { router } = renderRoutes(
      [{ path: '/risk/riskWarning', element: <WarningQuickSearch /> }, { path: '/risk/warningDetail', element: <p>detail</p> }],
      '/risk/riskWarning',
    );
    const u = userEvent.setup();
    const box = screen.getByRole('combobox', { name: '设备号/手机号/车牌号/车架号/姓名' });
    expect(sent(WarningCalls.quick)).toEqual([]);
    await u.type(box, '浙A12');
    await u.click(await screen.findByText('拆除预警'));
    expect(sent(WarningCalls.quick).map((s) => s.body)).toEqual([{ quickParam: '浙A12' }]);
    await waitFor(() => expect(router.state.location.search).toBe('?id=42&deviceNumber=860000000000001&warningType=3'));
    expect(router.state.location.pathname).toBe('/risk/warningDetail');
  });

  it('says when nothing matches, and emptying the box clears the options without asking again', async () => {
    const { sent } = fakeServer([answer(WarningCalls.quick, { list: [] })]);
    renderRoutes([{ path: '/', element: <WarningQuickSearch /> }], '/');
    const u = userEvent.setup();
    const box = screen.getByRole('combobox');
    await u.type(box, '不存在');
    expect(await screen.findByText('没有匹配的预警')).toBeTruthy();
    await u.clear(box);
    await waitFor(() => expect(screen.queryByText('没有匹配的预警')).toBeNull());
    expect(sent(WarningCalls.quick)).toHaveLength(1);
  });
});
