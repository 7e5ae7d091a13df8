import { FenceCalls } from '@cvrisk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { FenceQuickSearch } from './FenceQuickSearch';

afterEach(() => vi.unstubAllGlobals());

describe('FenceQuickSearch', () => {
  it('suggests fences by name through findFenceQuick and filters the list by the chosen one', async () => {
    const { sent } = fakeServer([
      answer(FenceCalls.quick, [{ id: 3, name: '西湖区围栏', shape: 'circle', alarmOn: 'out', bound: false }]),
    ]);
    const onSearch = vi.fn();
    renderRoutes([{ path: '/', element: <FenceQuickSearch name={undefined} onSearch={onSearch} /> }], '/');
    const u = userEvent.setup();
    await u.type(screen.getByRole('combobox', { name: '按围栏名称查询' }), '西湖');
    const option = (await screen.findByText('圆形')).closest('.ant-select-item-option') as HTMLElement;
    expect(option.textContent).toBe('西湖区围栏圆形离开');
    await u.click(option);
    expect(onSearch).toHaveBeenCalledWith('西湖区围栏');
    expect(sent(FenceCalls.quick).map((s) => s.body)).toEqual([{ keyword: '西湖' }]);
  });

  it('searches the typed name on Enter without a suggestion', async () => {
    fakeServer([answer(FenceCalls.quick, [])]);
    const onSearch = vi.fn();
    renderRoutes([{ path: '/', element: <FenceQuickSearch name={undefined} onSearch={onSearch} /> }], '/');
    const u = userEvent.setup();
    await u.type(screen.getByRole('combobox'), '停车场{Enter}');
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('停车场'));
  });
});
