import { describe, expect, it } from 'vitest';
import { HOSTILE, renderOnMap } from '../../../test/renderOnMap';
import { StopLayer } from './StopLayer';

describe('the stop layer', () => {
  it('numbers stops and tells their geocoded address as text, even with markup in it', () => {
    const stop = { lng: 120.16, lat: 30.27, startTime: '2026-11-20 08:00:00', endTime: '2026-11-20 09:30:00', durationMs: 90 * 60_000, closed: true, address: HOSTILE };
    const m = renderOnMap(<StopLayer stops={[stop]} />);
    const [tip] = m.tooltips();
    expect([...tip!.querySelectorAll('.track-stop-tip > div')].map((c) => c.textContent)).toEqual([
      '停留 1', '开始：2026-11-20 08:00:00', '结束：2026-11-20 09:30:00', '时长：1小时30分', `地址：${HOSTILE}`,
    ]);
    expect(tip!.querySelector('img, b')).toBeNull();
    expect(m.container.querySelector('.track-stop')?.textContent).toBe('1');
    m.unmount();
  });
});
