import { DeptCalls, RecoveryCalls, type Permission } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { caseOf, listSessionOf, pendingOf } from './listFixtures';
import { RecoveryCasesPage } from './RecoveryCasesPage';

const stalled = caseOf({});
const found = caseOf({ id: 32, caseNo: 'R20261128-000032', state: 'found', customerName: '李四', teamName: null, teamDeptId: null, openMinutes: 26 * 60 + 5, minutesToFound: 95 });

function serve(extra: Parameters<typeof fakeServer>[0] = []) {
  return fakeServer([
    answer(DeptCalls.tree, []),
    answer(RecoveryCalls.list, { list: [stalled, found], count: 2, stateCounts: { unassigned: 2, locating: 4, found: 1, recovered: 6 } }),
    answer(RecoveryCalls.teams, []),
    ...extra,
  ]);
}

function open(permissions: Permission[], entry = '/recovery/recoveryCases') {
  const session = listSessionOf(permissions);
  return renderRoutes(
    [
      { path: '/recovery/recoveryCases', element: <SessionContext value={session}><RecoveryCasesPage /></SessionContext> },
      { path: '/recovery/recoveryCase', element: <p>case page</p> },
    ],
    entry,
  );
}

const tabs = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('RecoveryCasesPage', () => {
  it('shows the state tabs with their counts, the rows and their timers', async () => {
    serve();
    open(['recovery:view', 'recovery:manage']);
    expect(await screen.findByText('R20261129-000031')).toBeTruthy();
    await waitFor(() => expect(tabs()).toContain('全部13'));
    expect(tabs()).toEqual(['全部13', '待分配2', '已分配0', '定位中4', '已找到1', '已收车6', '已结清0', '未收回关闭0']);
    // Open more than 72 hours: marked; a day and a bit: not.
    expect(screen.getByText('3天3小时').closest('.recovery-long-open')).toBeTruthy();
    expect(screen.getByText('1天2小时').closest('.recovery-long-open')).toBeNull();
    expect(screen.getByText('1小时35分')).toBeTruthy();
    expect(screen.getByText('未分配')).toBeTruthy();
    expect(screen.getByRole('button', { name: /新建案件/ })).toBeTruthy();
  });

  it('a tab asks for its state with the same filters, from page 1', async () => {
    const server = serve();
    const { router } = open(['recovery:view'], '/recovery/recoveryCases?keyword=%E7%8E%8B&open=false&pageNumber=2');
    await screen.findByText('R20261129-000031');
    fireEvent.click(screen.getAllByRole('tab').find((tab) => tab.textContent!.startsWith('已找到'))!);
    // A state decides open or closed: the choice is dropped.
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=%E7%8E%8B&state=found'));
    await waitFor(() => expect(server.sent(RecoveryCalls.list).at(-1)!.body).toEqual({ keyword: '王', state: 'found', pageNumber: 1, pageSize: 20 }));
    expect(server.sent(RecoveryCalls.list)[0]!.body).toEqual({ keyword: '王', open: 'false', pageNumber: 2, pageSize: 20 });
  });

  it('opens a case from a click on its row', async () => {
    serve();
    const { router } = open(['recovery:view']);
    fireEvent.click(await screen.findByText('李四'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recovery/recoveryCase'));
    expect(router.state.location.search).toBe('?id=32');
  });

  it('shows a recovery company its open tasks by default, without 新建案件', async () => {
    const server = serve();
    open(['recovery:view', 'recovery:field', 'recovery:link']);
    expect(await screen.findByText('我的追车任务')).toBeTruthy();
    await waitFor(() => expect(server.sent(RecoveryCalls.list)[0]!.body).toEqual({ open: 'true', pageNumber: 1, pageSize: 20 }));
    expect(screen.queryByRole('button', { name: /新建案件/ })).toBeNull();
    // The companies of the institution are not theirs to list.
    expect(server.sent(RecoveryCalls.teams)).toEqual([]);
  });

  it('tells an approver which requests wait for them, each opening its case', async () => {
    serve([answer(RecoveryCalls.controlPending, [pendingOf({}), pendingOf({ id: 42, caseId: 32, action: 'restore', requestedBy: '赵六' })])]);
    open(['recovery:view', 'vehicle:control']);
    const notice = (await screen.findByText('有 2 个断油断电申请等待您审批')).closest<HTMLElement>('.ant-alert')!;
    const link = within(notice).getByText('恢复油电 · 设备 865253061441142 · 赵六 于 2026-11-29 08:30:00 申请');
    expect(link.closest('a')!.getAttribute('href')).toBe('/recovery/recoveryCase?id=32');
  });
});
