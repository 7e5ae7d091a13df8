import type { CarDataAnalysis } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { makeTranslate } from '../../lib/i18n/translate';
import { INITIAL_ON, markersOf, USE_KEYS } from './vehicleUse';

const t = makeTranslate('zh');
const analysis: CarDataAnalysis = {
  useCarArea: [{ gaodeLng: 120.16, gaodeLat: 30.27, lng: 120.155, lat: 30.274, hours: 40 }, { gaodeLng: 120.2, gaodeLat: 30.3, lng: 120.195, lat: 30.304, hours: 10 }],
  listWeek: [{ commonLng: 120.16, commonLat: 30.27, lng: 120.155, lat: 30.274, commonAddress: '浙江省杭州市', count: 3, totalMinutes: 150 }],
  dayList: [{ commonLng: 120.2, commonLat: 30.3, lng: 120.195, lat: 30.304, commonAddress: '浙江省杭州市西湖区', count: 4, totalMinutes: 1920 }],
  nightList: [{ commonLng: 120.16, commonLat: 30.27, lng: 120.155, lat: 30.274, commonAddress: '浙江省杭州市', count: 5, totalMinutes: 2400 }],
};
const sources = { latest: { lng: 120.1, lat: 30.2 }, warning: null, analysis, riskPoints: undefined };

describe('vehicle-use panel sets', () => {
  it('starts with the two positions in detail mode and everything but the risk points in portrait mode', () => {
    expect(INITIAL_ON.detail).toEqual(['latest', 'warning']);
    expect(INITIAL_ON.portrait).toEqual(['latest', 'warning', 'useCarArea', 'work', 'home', 'frequentStop']);
    expect(USE_KEYS).toHaveLength(7);
  });

  it('places markers at the WGS-84 positions, with the place, count and time in the tip', () => {
    expect(markersOf('home', sources, t, 'zh')).toEqual([{ key: 'home', lng: 120.155, lat: 30.274, tip: '疑似居住地点\n浙江省杭州市\n5晚 · 共1天16小时' }]);
    expect(markersOf('frequentStop', sources, t, 'zh')![0]!.tip).toBe('浙江省杭州市\n3次 · 共2小时30分');
    expect(markersOf('useCarArea', sources, t, 'zh')!.map((m) => m.weight)).toEqual([1, 0.25]);
  });

  it('names the home place as a home and the work place as a work place in their pop-ups', () => {
    expect(markersOf('home', sources, t, 'zh')![0]!.tip).toMatch(/^疑似居住地点\n/);
    expect(markersOf('work', sources, t, 'zh')![0]!.tip).toBe('疑似工作地点\n浙江省杭州市西湖区\n4天 · 共1天8小时');
    expect(markersOf('home', sources, makeTranslate('en'), 'en')![0]!.tip).toMatch(/^Suspected home\n.*5 nights/s);
  });

  it('tells an empty set (nothing to show) from one still loading', () => {
    expect(markersOf('warning', sources, t, 'zh')).toEqual([]);
    expect(markersOf('work', { ...sources, analysis: { ...analysis, dayList: [] } }, t, 'zh')).toEqual([]);
    expect(markersOf('riskPoint', sources, t, 'zh')).toBeUndefined();
    expect(markersOf('home', { ...sources, analysis: undefined }, t, 'zh')).toBeUndefined();
  });
});
