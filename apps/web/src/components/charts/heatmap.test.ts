import { describe, expect, it } from 'vitest';
import { HEAT_SLOT_PX, heatLayout, labelPx } from './heatmap';

const option = { xAxis: { type: 'category', data: [] }, yAxis: { type: 'category', data: [] }, series: [] };
type Axis = { axisLabel: { rotate: number; width: number; interval: number; overflow: string } };

describe('heatLayout', () => {
  it('gives every department its slot, so the chart scrolls rather than squeezing labels together', () => {
    const names = Array.from({ length: 12 }, (_, i) => `经销商${i}`);
    expect(heatLayout(option, names).minWidth).toBeGreaterThanOrEqual(names.length * HEAT_SLOT_PX);
  });

  it('keeps short labels level and within their slot', () => {
    const x = heatLayout(option, ['杭州', '苏州']).option.xAxis as Axis;
    expect(x.axisLabel.rotate).toBe(0);
    expect(x.axisLabel.interval).toBe(0);
    expect(x.axisLabel.width).toBeLessThan(HEAT_SLOT_PX);
  });

  it('turns long labels and cuts them to a length; turned a slot apart they stand clear of each other', () => {
    const x = heatLayout(option, ['杭州宝龙奥迪4S店', '苏州中升丰田4S店']).option.xAxis as Axis;
    expect(x.axisLabel.rotate).toBeGreaterThan(0);
    expect(x.axisLabel.overflow).toBe('truncate');
    // The distance between two turned labels, across them, against a 12 px line.
    expect(HEAT_SLOT_PX * Math.sin((x.axisLabel.rotate * Math.PI) / 180)).toBeGreaterThan(2 * 12);
  });

  it('measures Chinese characters wider than Latin ones', () => {
    expect(labelPx('杭州')).toBe(24);
    expect(labelPx('4S')).toBe(14);
  });
});

describe('heatLayout height', () => {
  it('gives each warning type a line of its own, whatever the number of types', () => {
    const types = Array.from({ length: 13 }, (_, i) => `类型${i}`);
    const { height } = heatLayout({ ...option, yAxis: { type: 'category', data: types } }, ['杭州宝龙奥迪4S店']);
    expect(height).toBeGreaterThanOrEqual(types.length * 24 + 56);
  });
});

describe('heatLayout in a wide frame', () => {
  it('keeps long labels level where the frame gives each department room for them', () => {
    const x = heatLayout(option, ['杭州宝龙奥迪4S店', '苏州中升丰田4S店'], 1100).option.xAxis as Axis;
    expect(x.axisLabel.rotate).toBe(0);
    expect(x.axisLabel.width).toBeGreaterThan(labelPx('杭州宝龙奥迪4S店'));
  });
});
