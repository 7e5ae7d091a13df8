import { TrackCalls, type TrackResult } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeServer } from '../../test/fakeServer';
import { jsonReply, renderRoutes } from '../../test/renderWithProviders';
import { TrackScreen } from './TrackScreen';

// jsdom draws no map; the search, the player and the messages are what is tested here.
vi.mock('../../components/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

const fix = (gpsTime: string, lng: number) => ({ lng, lat: 30.27, gaodeLng: lng, gaodeLat: 30.27, speed: 40, direction: 90, gpsTime, acc: 1, fixType: 1 });
const track: TrackResult = {
  list: [fix('2026-11-20 08:00:00', 120.1), fix('2026-11-20 08:00:15', 120.101), fix('2026-11-20 08:00:30', 120.102)],
  stops: [],
};

function open(reply: Parameters<typeof answer<typeof TrackCalls.replayWired>>[1]) {
  const server = fakeServer([answer(TrackCalls.replayWired, reply)]);
  renderRoutes(
    [
      { path: '/monitor/trackPlayback', element: <TrackScreen kind="wired" /> },
      { path: '/index', element: <div>首页</div> },
    ],
    '/monitor/trackPlayback?deviceNumber=860000000000009',
  );
  return server;
}

describe('track playback screen', () => {
  it('says a device outside the user’s scope is not theirs to see, with the way back and no retry', async () => {
    open(() => jsonReply({ code: 404, msg: '设备不存在' }, 404));
    expect(await screen.findByText('无权查看')).toBeTruthy();
    expect(screen.getByText(/不在您所属部门的数据范围内/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /重\s*试/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '返回上一页' }));
    expect(await screen.findByText('首页')).toBeTruthy();
  });

  it('offers a retry when loading failed for a reason a retry can mend', async () => {
    let calls = 0;
    open(() => (++calls === 1 ? jsonReply({ code: 500, msg: '服务器繁忙' }, 500) : track));
    expect(await screen.findByText('轨迹加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('第 1 / 3 个点')).toBeTruthy();
  });

  it('offers 今天 … 上月 over two months, and a quick range replays those whole days at once', async () => {
    const { sent } = open(track);
    await screen.findByText('第 1 / 3 个点');
    fireEvent.mouseDown(screen.getByPlaceholderText('开始日期'));
    fireEvent.click(screen.getByPlaceholderText('开始日期'));
    const popup = await waitFor(() => {
      const el = document.querySelector('.track-range-popup');
      expect(el).not.toBeNull();
      return el!;
    });
    const presets = [...popup.querySelectorAll('.ant-picker-presets li')].map((li) => li.textContent);
    expect(presets).toEqual(['今天', '昨天', '近3天', '近7天', '本月', '上月']);
    expect(popup.querySelectorAll('.ant-picker-date-panel')).toHaveLength(2);
    fireEvent.click(screen.getByText('近7天'));
    await waitFor(() => expect(sent(TrackCalls.replayWired)).toHaveLength(2));
    expect(sent(TrackCalls.replayWired)[1]!.query).toEqual({
      deviceNumber: '860000000000009',
      startTime: dayjs().subtract(6, 'day').format('YYYY-MM-DD 00:00:00'),
      endTime: dayjs().format('YYYY-MM-DD 23:59:59'),
    });
  });

  it('offers slower and faster speeds around 1×, the default', async () => {
    open(track);
    await screen.findByText('第 1 / 3 个点');
    const speeds = screen.getAllByRole('radio');
    expect(speeds.map((r) => r.closest('label')?.textContent)).toEqual(['0.5×', '1×', '2×', '4×', '8×', '16×']);
    expect(screen.getByRole('radio', { checked: true }).closest('label')?.textContent).toBe('1×');
  });
});
