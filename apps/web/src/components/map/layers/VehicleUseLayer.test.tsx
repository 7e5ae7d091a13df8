import { describe, expect, it } from 'vitest';
import { HOSTILE, renderOnMap } from '../../../test/renderOnMap';
import { VehicleUseLayer } from './VehicleUseLayer';

describe('the vehicle-use layer', () => {
  it('shows places whose geocoded addresses hold markup as text, a line each', () => {
    const m = renderOnMap(
      <VehicleUseLayer
        markers={[
          { key: 'home', lng: 120.16, lat: 30.27, tip: `疑似居住地点\n${HOSTILE}\n3晚 · 共20小时` },
          { key: 'useCarArea', lng: 120.17, lat: 30.28, tip: `常用区域\n${HOSTILE}`, weight: 0.5 },
        ]}
      />,
    );
    const lines = m.tooltips().map((t) => [...t.querySelectorAll(':scope > div > div')].map((d) => d.textContent));
    expect(lines).toContainEqual(['疑似居住地点', HOSTILE, '3晚 · 共20小时']);
    expect(lines).toContainEqual(['常用区域', HOSTILE]);
    expect(m.container.querySelector('.leaflet-tooltip img, .leaflet-tooltip b')).toBeNull();
    expect(m.container.querySelector('.vu-pin-glyph')?.textContent).toBe('住');
    m.unmount();
  });
});
