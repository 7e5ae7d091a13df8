import { RecoveryCalls, type CaseDetail } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { caseDetailOf, caseSessionOf, controlOf } from './caseDetailFixtures';
import { RecoveryCasePage } from './RecoveryCasePage';

vi.mock('../../components/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

function open(detail: CaseDetail, extra: Parameters<typeof fakeServer>[0] = []) {
  const server = fakeServer([
    answer(RecoveryCalls.detail, detail),
    answer(RecoveryCalls.teams, [
      { id: 9, name: '速达追车', financeId: 1, openCases: 3, disabled: false },
      { id: 10, name: '捷安追车', financeId: 1, openCases: 0, disabled: false },
    ]),
    ...extra,
  ]);
  const session = caseSessionOf(['recovery:view', 'recovery:manage', 'warning:view']);
  renderRoutes([{ path: '/recovery/recoveryCase', element: <SessionContext value={session}><RecoveryCasePage /></SessionContext> }], `/recovery/recoveryCase?id=${detail.case.id}`);
  return server;
}

const buttonTexts = (root: HTMLElement) => [...root.querySelectorAll('button')].map((b) => b.textContent!.replace(/\s/g, ''));
const dialogOf = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
const ok = (dialog: HTMLElement) => fireEvent.click([...dialog.querySelectorAll('.ant-modal-footer button')].at(-1)!);

afterEach(() => vi.unstubAllGlobals());

describe('RecoveryCasePage', () => {
  it('shows the case and only the actions the reply allows', async () => {
    open(caseDetailOf({ actions: ['found', 'recover'] }));
    const header = (await screen.findByText('R20261129-000012')).closest<HTMLElement>('.rc-header')!;
    expect(within(header).getByText('定位中')).toBeTruthy();
    expect(within(header).getByText('王建国')).toBeTruthy();
    expect(within(header).getByText('速达追车')).toBeTruthy();
    expect(buttonTexts(header)).toEqual(['已找到车辆', '已收车']);
    expect(screen.getByText('3天2小时5分')).toBeTruthy();
    expect(screen.getByText('尚未找到')).toBeTruthy();
    expect(screen.getByText('逾期预警').closest('a')!.getAttribute('href')).toBe('/risk/warningDetail?id=77');
    expect(screen.getByText('已恢复')).toBeTruthy();
  });

  it('takes a step only with a reason, and sends the reason', async () => {
    const server = open(caseDetailOf({ actions: ['found'] }), [
      answer(RecoveryCalls.change, caseDetailOf({ actions: [] }), { msg: '案件已更新为已找到' }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: '已找到车辆' }));
    const dialog = await dialogOf('已找到车辆');
    ok(dialog);
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(server.sent(RecoveryCalls.change)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: ' 在萧山停车场看到车 ' } });
    ok(dialog);
    expect(await screen.findByText('案件已更新为已找到')).toBeTruthy();
    expect(server.sent(RecoveryCalls.change)[0]!.body).toEqual({ id: 12, action: 'found', reason: '在萧山停车场看到车' });
  });

  it('assigns a team picked from the institution’s teams', async () => {
    const server = open(caseDetailOf({ actions: ['assign'] }), [answer(RecoveryCalls.change, caseDetailOf(), { msg: '已分配' })]);
    fireEvent.click(await screen.findByRole('button', { name: '分配追车公司' }));
    const dialog = await dialogOf('分配追车公司');
    fireEvent.mouseDown(within(dialog).getByLabelText('追车公司'));
    fireEvent.click(await screen.findByTitle('捷安追车（进行中 0 件）'));
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '原公司未找到' } });
    ok(dialog);
    await waitFor(() => expect(server.sent(RecoveryCalls.change)[0]!.body).toEqual({ id: 12, action: 'assign', reason: '原公司未找到', teamDeptId: 10 }));
    expect(server.sent(RecoveryCalls.teams)[0]!.query).toEqual({ caseId: '12' });
  });

  it('says the cars are no longer visible when the reply leaves them out', async () => {
    open(caseDetailOf({ devices: null, actions: [], readOnly: true }));
    expect(await screen.findByText('案件已结束，车辆位置已不再对您可见')).toBeTruthy();
    expect(screen.queryByTestId('map')).toBeNull();
    expect(screen.queryByText('865253061441142')).toBeNull();
  });
});

describe('the immobilisation section', () => {
  it('offers 批准 and 拒绝 only on the requests the caller may decide', async () => {
    open(caseDetailOf({
      canRequestControl: true,
      controls: [controlOf({ id: 31, canDecide: true }), controlOf({ id: 32, action: 'restore', requestedBy: '自己', canCancel: true })],
    }));
    const mine = (await screen.findByText(/^自己 于/)).closest('li')!;
    const theirs = screen.getByText(/^张敏 于/).closest('li')!;
    expect(buttonTexts(theirs)).toEqual(['批准', '拒绝']);
    expect(buttonTexts(mine)).toEqual(['撤回']);
  });

  it('approves with the decision sent, and will not refuse without a note', async () => {
    const server = open(caseDetailOf({ controls: [controlOf({ canDecide: true })] }), [
      answer(RecoveryCalls.controlDecide, controlOf({ state: 'held' }), { msg: '已批准，等待车辆停稳后下发' }),
    ]);
    const row = (await screen.findByText(/^张敏 于/)).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: /^拒\s*绝$/ }));
    const refuse = await dialogOf('拒绝断油断电');
    ok(refuse);
    expect(await within(refuse).findByText('拒绝时请填写原因')).toBeTruthy();
    fireEvent.click(within(refuse).getByRole('button', { name: /取\s*消/ }));
    fireEvent.click(within(row).getByRole('button', { name: /^批\s*准$/ }));
    ok(await dialogOf('批准断油断电'));
    expect(await screen.findByText('已批准，等待车辆停稳后下发')).toBeTruthy();
    expect(server.sent(RecoveryCalls.controlDecide).map((s) => s.body)).toEqual([{ id: 31, approve: true, note: '' }]);
  });

  it('requests a cut per mapped device with a reason, and says why an unmapped one cannot', async () => {
    const unmapped = { ...caseDetailOf().devices![0]!, deviceNumber: '868120000000001', model: 'X9', method: null, unmappedReason: '型号 X9 没有断油断电指令映射' };
    const server = open(caseDetailOf({ canRequestControl: true, devices: [caseDetailOf().devices![0]!, unmapped] }), [
      answer(RecoveryCalls.controlRequest, controlOf(), { msg: '已提交申请，等待审批' }),
    ]);
    const section = (await screen.findByText('断油断电', { selector: '.ant-card-head-title' })).closest<HTMLElement>('.ant-card')!;
    expect(within(section).getByText('型号 X9 没有断油断电指令映射')).toBeTruthy();
    expect(buttonTexts(section)).toEqual(['申请断油断电', '申请恢复油电']);
    fireEvent.click(within(section).getByRole('button', { name: '申请断油断电' }));
    const dialog = await dialogOf('申请断油断电 · 865253061441142');
    fireEvent.change(within(dialog).getByLabelText('申请原因'), { target: { value: '客户失联' } });
    ok(dialog);
    expect(await screen.findByText('已提交申请，等待审批')).toBeTruthy();
    expect(server.sent(RecoveryCalls.controlRequest)[0]!.body).toEqual({ caseId: 12, deviceNumber: '865253061441142', action: 'cut', reason: '客户失联' });
  });
});

describe('the field links section', () => {
  const live = { id: 5, label: '外勤 张三', createdBy: '李明辉', createdAt: '2026-11-29 08:00:00', expiresAt: '2026-11-30 08:00:00', revokedAt: null, live: true, opens: 2, lastOpenedAt: '2026-11-29 09:00:00' };

  it('creates a link and shows its address once, with a copy button', async () => {
    const token = 'b'.repeat(43);
    const server = open(caseDetailOf({ canLink: true }), [answer(RecoveryCalls.linkCreate, { ...live, id: 6, label: '李四', opens: 0, lastOpenedAt: null, token })]);
    fireEvent.click(await screen.findByRole('button', { name: /新建外勤链接/ }));
    const dialog = await dialogOf('新建外勤链接');
    fireEvent.change(within(dialog).getByLabelText('使用人'), { target: { value: '李四' } });
    ok(dialog);
    const shown = await dialogOf('外勤链接已生成');
    expect(within(shown).getByText(new RegExp(`#/field/${token}$`))).toBeTruthy();
    expect(within(shown).getByText('链接只显示这一次，关闭后无法再查看，请立即复制发给外勤人员')).toBeTruthy();
    expect(within(shown).getByRole('button', { name: '复制链接' })).toBeTruthy();
    expect(server.sent(RecoveryCalls.linkCreate)[0]!.body).toEqual({ caseId: 12, label: '李四', hours: 24 });
  });

  it('revokes a live link and lists who opened the links', async () => {
    const server = open(caseDetailOf({ canLink: true, links: [live] }), [
      answer(RecoveryCalls.linkRevoke, { ...live, live: false, revokedAt: '2026-11-29 10:00:00' }),
      answer(RecoveryCalls.linkOpens, [{ at: '2026-11-29 09:00:00', ip: '10.1.2.3', userAgent: 'Mozilla/5.0 (iPhone)', linkLabel: '外勤 张三' }]),
    ]);
    expect(await screen.findByText('已打开 2 次，最近 2026-11-29 09:00:00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查看打开记录' }));
    expect(await screen.findByText('Mozilla/5.0 (iPhone)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^撤\s*销$/ }));
    const confirm = (await screen.findByText('立即撤销「外勤 张三」的链接？撤销后该链接不能再打开。')).closest<HTMLElement>('.ant-popconfirm')!;
    fireEvent.click(within(confirm).getByText(/^(OK|确\s*定)$/));
    expect(await screen.findByText('「外勤 张三」的链接已撤销')).toBeTruthy();
    expect(server.sent(RecoveryCalls.linkRevoke)[0]!.body).toEqual({ id: 5 });
  });

  it('has no link section for a caller who may not link and a case without links', async () => {
    open(caseDetailOf({ canLink: false, links: [] }));
    await screen.findByText('R20261129-000012');
    expect(screen.queryByText('外勤链接')).toBeNull();
  });
});
