import { describe, expect, it } from 'vitest';
import { gradeChartOption, gradeLegendText } from './gradeChartOption';

const stats = { high: 12, potential: 30, general: 1558 };
const colors = { textSecondary: '#666', bgContainer: '#fff' };

describe('the customer-grade chart', () => {
  it('names every grade whole in its legend, with its count', () => {
    const zh = gradeLegendText(stats, 'zh');
    expect(['高风险', '潜在风险', '一般客户'].map(zh)).toEqual(['高风险 12', '潜在风险 30', '一般客户 1,558']);
    expect(gradeLegendText(stats, 'en')('Potential risk')).toBe('Potential risk 30');
  });

  it('draws no label beside the ring, where a third of a laptop row cut it to "潜…"', () => {
    const option = gradeChartOption(stats, 'zh', colors);
    expect(option.series[0]!.label.show).toBe(false);
    expect(option.legend.textStyle.overflow).toBe('none');
    expect(option.series[0]!.data.map((d) => d.name)).toEqual(['高风险', '潜在风险', '一般客户']);
  });
});
