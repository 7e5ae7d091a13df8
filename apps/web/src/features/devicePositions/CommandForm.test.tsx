import { CommandCalls, type CommandItem, type EqCommand } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { CommandForm } from './CommandForm';

const deviceNumber = '138000010042';

function serve() {
  return fakeServer([
    answer(
      CommandCalls.send,
      ({ body }): CommandItem => {
        const { command } = body as EqCommand;
        return { id: 1, deviceNumber, command, params: {}, state: 'sent', reply: null, createdAt: '2026-03-01 10:00:00', sentAt: '2026-03-01 10:00:00', answeredAt: null };
      },
      { msg: '位置查询：已发送' },
    ),
  ]);
}

const sent = (server: ReturnType<typeof serve>) => server.sent(CommandCalls.send).map((c) => c.body);

function open(state: 'moving' | 'offline' = 'moving') {
  return renderRoutes([{ path: '/', element: <CommandForm device={{ deviceNumber, state }} /> }], '/');
}

async function choose(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(label));
}

const sendButton = () => screen.getByRole('button', { name: /发\s*送/ });

afterEach(() => vi.unstubAllGlobals());

describe('CommandForm', () => {
  it('sends 位置查询 and tells the operator what the server said', async () => {
    const fetchMock = serve();
    open();
    await userEvent.setup().click(sendButton());
    await waitFor(() => expect(sent(fetchMock)).toEqual([{ deviceNumber, command: 'positionQuery' }]));
    expect(await screen.findByText('位置查询：已发送')).toBeTruthy();
  });

  it('says precisely what is wrong with a tracking interval of 0 as it is typed, and sends nothing', async () => {
    const fetchMock = serve();
    open();
    const u = userEvent.setup();
    await choose('临时跟踪');
    await u.type(await screen.findByLabelText('上报间隔'), '0');
    expect(await screen.findByText('上报间隔应为 1–3600 之间的整数秒')).toBeTruthy();
    await u.type(screen.getByLabelText('跟踪时长'), '600');
    expect(await screen.findByText('= 10分')).toBeTruthy();
    // Refused here; the single body sent at the end is the corrected one.
    await u.click(sendButton());
    await u.clear(screen.getByLabelText('上报间隔'));
    await u.type(screen.getByLabelText('上报间隔'), '15');
    await u.click(sendButton());
    await waitFor(() => expect(sent(fetchMock)).toEqual([{ deviceNumber, command: 'tempTracking', interval: 15, validity: 600 }]));
  });

  it('blocks an empty text and a 设置参数 with nothing set', async () => {
    const fetchMock = serve();
    open();
    const u = userEvent.setup();
    await choose('文本下发');
    await u.type(await screen.findByLabelText('文本内容'), '   ');
    await u.click(sendButton());
    expect(await screen.findByText('请输入文本内容')).toBeTruthy();
    await choose('设置参数');
    await u.click(sendButton());
    expect(await screen.findByText('至少设置一个参数')).toBeTruthy();
    await u.type(await screen.findByLabelText('休眠上报间隔'), '3600');
    await waitFor(() => expect(screen.queryByText('至少设置一个参数')).toBeNull());
    await u.click(sendButton());
    await waitFor(() => expect(sent(fetchMock)).toEqual([{ deviceNumber, command: 'setParams', sleepInterval: 3600 }]));
  });

  it('asks before a terminal control and says when the device will get a command', async () => {
    const fetchMock = serve();
    open('offline');
    expect(screen.getByText('设备当前离线，指令将在设备下次连接时发送')).toBeTruthy();
    const u = userEvent.setup();
    await choose('终端控制');
    await u.click(sendButton());
    expect(await screen.findByText('请选择控制项')).toBeTruthy();
    fireEvent.mouseDown(screen.getAllByRole('combobox')[1]!);
    fireEvent.click(await screen.findByTitle('终端复位'));
    await u.click(sendButton());
    expect(await screen.findByText('确定要对设备 138000010042 执行「终端复位」吗？')).toBeTruthy();
    expect(sent(fetchMock)).toEqual([]);
    await u.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(sent(fetchMock)).toEqual([{ deviceNumber, command: 'terminalControl', control: 4 }]));
  });
});
