import { QuickSearchCalls, WarningFeedCalls, type UserInfo } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../api/token';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { SessionContext } from '../session/SessionContext';
import { SettingsProvider } from '../settings/SettingsProvider';
import { HeaderActions } from './HeaderActions';

const user: UserInfo = { userId: 3, username: 'operator1', realname: '张晓燕', avatar: '', permissions: ['warning:view', 'device:view'], deptId: 1, deptName: 'd', roleName: 'r' };
const session = { user, menu: { nodes: [], pages: [], denied: new Set<string>() } };

function open(compact: boolean) {
  setToken('t');
  fakeServer([
    answer(WarningFeedCalls.count, { allCountStatus0: 21 }),
    answer(WarningFeedCalls.ticker, { list: [] }),
    answer(QuickSearchCalls.quick, { warnList: { list: [] }, devList: { list: [] } }),
  ]);
  return renderRoutes([{ path: '/', element: <SessionContext value={session}><SettingsProvider><HeaderActions compact={compact} /></SettingsProvider></SessionContext> }], '/');
}

afterEach(() => vi.unstubAllGlobals());

describe('the top bar on a small screen (below 992 px)', () => {
  it('keeps the warning badge, the quick search behind an icon, and a user menu with sign-out', async () => {
    open(true);
    await waitFor(() => expect(document.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('21'));
    expect(screen.getByRole('button', { name: '风险预警' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '快速查找' }));
    const box = await screen.findByRole('combobox', { name: '设备号/手机号/车架号/姓名' });
    await waitFor(() => expect(document.activeElement).toBe(box));

    fireEvent.click(screen.getByRole('button', { name: '用户菜单' }));
    expect(await screen.findByRole('menuitem', { name: /退出登录/ })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /主题设置/ })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /English/ })).toBeTruthy();
    expect(screen.getByText('张晓燕')).toBeTruthy();
  });

  it('says on the badge that it counts the last 3 days', async () => {
    open(true);
    await waitFor(() => expect(document.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('21'));
    fireEvent.mouseMove(screen.getByRole('button', { name: '风险预警' }));
    expect(await screen.findByText('近3天未处理预警 21 条')).toBeTruthy();
  });

  it("hides the badge's tooltip when pressed, and shows it again only once the pointer left and came back", async () => {
    open(true);
    const badge = screen.getByRole('button', { name: '风险预警' });
    // A closing tooltip is on its way out (its leave motion) or hidden.
    const tip = () => document.querySelector('.ant-tooltip:not(.ant-tooltip-hidden):not([class*="-leave"])');
    fireEvent.mouseMove(badge);
    await waitFor(() => expect(tip()?.textContent).toMatch(/近3天未处理预警/));
    fireEvent.click(badge);
    await screen.findByText('近3天未处理预警', { selector: '.ant-modal-title' });
    await waitFor(() => expect(tip()).toBeNull());
    // The dialog's mask goes from under the resting pointer: the browser says the pointer entered again.
    fireEvent.mouseEnter(badge);
    fireEvent.mouseMove(badge);
    expect(tip()).toBeNull();
    fireEvent.mouseLeave(badge);
    fireEvent.mouseMove(badge);
    await waitFor(() => expect(tip()?.textContent).toMatch(/近3天未处理预警/));
  });
});

describe('the top bar on a wide screen', () => {
  it('shows the search box, the name and a sign-out button', async () => {
    open(false);
    expect(await screen.findByRole('combobox', { name: '设备号/手机号/车架号/姓名' })).toBeTruthy();
    expect(screen.getByText('张晓燕')).toBeTruthy();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
  });
});
