import type { FenceItem } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { HOSTILE, renderOnMap } from '../../../test/renderOnMap';
import { FenceLayer } from './FenceLayer';

const base = { alarmOn: 'both', deptId: 1, deptName: '平台', boundCount: 0, createTime: '2026-11-01 10:00:00', own: true } as const;
const fences: FenceItem[] = [
  { ...base, id: 1, name: HOSTILE, shape: 'circle', geometry: { lng: 120.16, lat: 30.27, radius: 500 } },
  { ...base, id: 2, name: `市场${HOSTILE}`, shape: 'polygon', geometry: { points: [[120.1, 30.2], [120.2, 30.2], [120.15, 30.3]] } },
];

describe('the fence layer', () => {
  it('names fences whose names hold markup as text, on hover and as the selected label', () => {
    const m = renderOnMap(<FenceLayer fences={fences} selectedId={1} />);
    const tips = m.tooltips();
    expect(tips.map((t) => t.textContent).sort()).toEqual([HOSTILE, `市场${HOSTILE}`].sort());
    expect(m.container.querySelector('.leaflet-tooltip img, .leaflet-tooltip b')).toBeNull();
    m.unmount();
  });
});
