import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../lib/i18n/I18nProvider';
import { ListCards } from './ListCards';
import type { ListColumn } from './ListTable';

type Device = { id: number; deviceNumber: string; model: string; retiredAt: string | null; state: string };
const rows: Device[] = [
  { id: 1, deviceNumber: '865253061435664', model: 'LK-900', retiredAt: null, state: '库存' },
  { id: 2, deviceNumber: '867012041434298', model: 'ZX-W20', retiredAt: '2026-11-20 10:00:00', state: '已报废' },
];
const columns: ListColumn<Device>[] = [
  { key: 'deviceNumber', dataIndex: 'deviceNumber', title: '设备号', width: 160, fixed: 'left' },
  { key: 'state', dataIndex: 'state', title: '状态', width: 90, card: 'extra' },
  { key: 'model', dataIndex: 'model', title: '型号', width: 100 },
  { key: 'retiredAt', dataIndex: 'retiredAt', title: '报废时间', width: 165, card: 'ifSet', render: (v: string | null) => v ?? '-' },
  { key: 'action', title: '操作', width: 120, fixed: 'right', render: (_v, r) => <button type="button">{`报废 ${r.id}`}</button> },
];

function cards(onChange = vi.fn()) {
  render(
    <I18nProvider>
      <ListCards<Device>
        rowKey="id" columns={columns} rows={rows} total={2} loading={false} pageNumber={1} pageSize={20} onPage={() => {}} emptyText="暂无数据"
        rowSelection={{ selectedRowKeys: [], onChange, getCheckboxProps: (d) => ({ disabled: d.id === 2 }) }}
      />
    </I18nProvider>,
  );
  return [...document.querySelectorAll<HTMLElement>('.list-card-item')];
}

describe('ListCards', () => {
  it('heads each card with the key column and its tag, lists the facts (an empty ifSet one left out), and gives the actions', () => {
    const [first, second] = cards();
    const head = within(first!.querySelector('.ant-card-head') as HTMLElement);
    expect(head.getByText('865253061435664')).toBeTruthy();
    expect(head.getByText('库存')).toBeTruthy();
    const labels = (card: HTMLElement) => [...card.querySelectorAll('dt')].map((d) => d.textContent);
    expect(labels(first!)).toEqual(['型号']);
    expect(labels(second!)).toEqual(['型号', '报废时间']);
    expect(within(first!).getByRole('button', { name: '报废 1' })).toBeTruthy();
  });

  it('selects a row from its card as the table would, not one whose check box is disabled', async () => {
    const onChange = vi.fn();
    cards(onChange);
    const boxes = screen.getAllByRole('checkbox', { name: '选择' });
    expect((boxes[1] as HTMLInputElement).disabled).toBe(true);
    await userEvent.setup().click(boxes[0]!);
    expect(onChange).toHaveBeenCalledWith([1], [rows[0]], { type: 'single' });
  });
});
