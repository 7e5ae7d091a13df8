import type { RiskPointItem } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { HOSTILE, renderOnMap } from '../../../test/renderOnMap';
import { RiskPointLayer } from './RiskPointLayer';

const point = (id: number, name: string): RiskPointItem => ({
  id, name, category: 'pawnshop', lng: 120.16 + id / 100, lat: 30.27, gaodeLng: 120.16, gaodeLat: 30.27,
  address: HOSTILE, deptId: 1, deptName: '平台', own: true, createTime: '2026-11-01 10:00:00',
});

describe('the risk point layer', () => {
  it('names points whose names hold markup as text in their tooltips', () => {
    const m = renderOnMap(<RiskPointLayer points={[point(1, HOSTILE), point(2, `押车行${HOSTILE}`)]} selectedId={2} />);
    const tips = m.tooltips();
    expect(tips.map((t) => t.textContent).sort()).toEqual([`${HOSTILE} · 典当行`, `押车行${HOSTILE} · 典当行`]);
    expect(m.container.querySelector('.leaflet-tooltip img, .leaflet-tooltip b')).toBeNull();
    m.unmount();
  });
});
