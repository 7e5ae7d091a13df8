import { describe, expect, it } from 'vitest';
import { makeTranslate } from '../../lib/i18n/translate';
import { reportChartOption } from './reportChartOption';

const t = makeTranslate('zh');
type Axis = { data: string[] };
type Option = { xAxis: Axis; yAxis: Axis; series: { name?: string; data: unknown[] }[]; visualMap?: { max: number } };

describe('report charts', () => {
  it('names the time bands and the series in Chinese, days by month and day', () => {
    const bands = reportChartOption('bands', { totals: {}, categories: ['night', 'morning'], series: [{ name: 'stops', data: [3, 5] }] }, t, 'zh') as Option;
    expect(bands.xAxis.data).toEqual(['夜间(22-06)', '早间(06-10)']);
    expect(bands.series[0]!.name).toBe('停车次数');
    const days = reportChartOption('days', { totals: {}, categories: ['2026-11-18'], series: [{ name: 'mileageKm', data: [12] }] }, t, 'zh') as Option;
    expect(days.xAxis.data).toEqual(['11-18']);
  });

  it('draws warnings as type × department cells scaled to the largest count', () => {
    const heat = reportChartOption('heat', {
      totals: {}, categories: ['甲店', '乙店'], series: [{ name: '1', data: [4, 0] }, { name: '2', data: [1, 7] }],
    }, t, 'zh') as Option;
    expect(heat.yAxis.data).toEqual(['离线预警', '断电预警']);
    expect(heat.series[0]!.data).toEqual([[0, 0, 4], [1, 0, 0], [0, 1, 1], [1, 1, 7]]);
    expect(heat.visualMap!.max).toBe(7);
  });

  it('lays the most frequent stop places out as horizontal bars, the first on top', () => {
    const places = reportChartOption('places', { totals: {}, categories: ['浙江省杭州市西湖区'], series: [{ name: 'stops', data: [9] }] }, t, 'zh') as Option & { yAxis: Axis & { inverse: boolean } };
    expect(places.yAxis.data).toEqual(['浙江省杭州市西湖区']);
    expect(places.yAxis.inverse).toBe(true);
  });

  it('puts the parking chart counts and hours on two axes, each place under its own label', () => {
    const places = reportChartOption('places', {
      totals: {}, categories: ['杭州市西湖区 (120.155, 30.274)', '杭州市西湖区 (120.161, 30.280)'],
      series: [{ name: 'stops', data: [9, 7] }, { name: 'stopHours', data: [40.5, 3.25] }],
    }, t, 'zh') as unknown as { xAxis: { name: string; position: string; max: number }[]; yAxis: Axis; series: { xAxisIndex: number }[] };
    expect(places.xAxis.map((a) => [a.name, a.position, a.max])).toEqual([['停车次数', 'bottom', 10], ['停车时长(小时)', 'top', 50]]);
    expect(places.series.map((x) => x.xAxisIndex)).toEqual([0, 1]);
    expect(new Set(places.yAxis.data).size).toBe(2);
  });

  it('keeps one axis when the series count the same thing', () => {
    const week = reportChartOption('spans', { totals: {}, categories: ['2026-11-16'], series: [{ name: 'stops', data: [3] }, { name: 'nightStops', data: [1] }] }, t, 'zh') as Option;
    expect(Array.isArray(week.yAxis)).toBe(false);
  });
});
