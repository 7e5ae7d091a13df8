import { FenceSave } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { makeTranslate } from '../../lib/i18n/translate';
import { fenceProblems, newFence, toFenceSave, type FenceDraft } from './fenceForm';

const zh = makeTranslate('zh');
const circle: FenceDraft = { name: '杭州市区围栏', alarmOn: 'out', shape: 'circle', geometry: { lng: 120.15, lat: 30.25, radius: 25_000 } };
const square: FenceDraft = {
  name: '二手车市场周边', alarmOn: 'in', shape: 'polygon',
  geometry: { points: [[120.1, 30.2], [120.2, 30.2], [120.2, 30.3], [120.1, 30.3]] },
};

/** The contract's first message for each top-level field. */
function contractMessages(d: FenceDraft): Record<string, string> {
  const r = FenceSave.safeParse({ ...d, geometry: d.geometry ?? undefined });
  const out: Record<string, string> = {};
  if (!r.success) for (const issue of r.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('fence form checks', () => {
  it('pass a complete circle or polygon and build the save body', () => {
    expect(fenceProblems(circle, zh)).toEqual({});
    expect(fenceProblems(square, zh)).toEqual({});
    expect(toFenceSave({ ...circle, name: '  杭州市区围栏 ', id: 7 })).toEqual({ ...circle, name: '杭州市区围栏', id: 7 });
  });

  it('say what is wrong in the contract\'s own words', () => {
    const drafts: FenceDraft[] = [
      { ...circle, name: '   ', alarmOn: undefined },
      { ...circle, name: '围'.repeat(51) },
      { ...circle, geometry: { lng: 120.15, lat: 30.25, radius: 49 } },
      { ...circle, geometry: { lng: 120.15, lat: 30.25, radius: 500_001 } },
      { ...square, geometry: { points: [[120.1, 30.2], [120.2, 30.2]] } },
    ];
    for (const d of drafts) {
      const ours = fenceProblems(d, zh);
      expect(ours, JSON.stringify(d)).toEqual(contractMessages(d));
      expect(Object.keys(ours).length).toBeGreaterThan(0);
    }
  });

  it('ask for a shape until one is drawn, and refuse crossing edges', () => {
    expect(fenceProblems({ ...newFence('circle'), name: 'x', alarmOn: 'both' }, zh)).toEqual({ geometry: '请先在地图上画出圆形围栏' });
    expect(fenceProblems({ ...newFence('polygon'), name: 'x', alarmOn: 'both' }, zh)).toEqual({ geometry: '请先在地图上画出多边形围栏' });
    const bowTie: FenceDraft = { ...square, geometry: { points: [[120.1, 30.2], [120.2, 30.3], [120.2, 30.2], [120.1, 30.3]] } };
    expect(fenceProblems(bowTie, zh).geometry).toBe('多边形围栏的边不能相交，请重新绘制');
    // A spike folding back along its own edge, and a vertex twice: both refused by the server's fence check.
    const spike: FenceDraft = { ...square, geometry: { points: [[120.1, 30.2], [120.3, 30.2], [120.2, 30.2], [120.2, 30.3]] } };
    expect(fenceProblems(spike, zh).geometry).toBe('多边形围栏的边不能相交，请重新绘制');
    const twice: FenceDraft = { ...square, geometry: { points: [[120.1, 30.2], [120.2, 30.2], [120.2, 30.2], [120.2, 30.3]] } };
    expect(fenceProblems(twice, zh).geometry).toBe('多边形围栏有重复的顶点，请重新绘制');
  });

  it('speak English when the console does', () => {
    expect(fenceProblems({ ...circle, name: '' }, makeTranslate('en'))).toEqual({ name: 'Please enter the fence name' });
  });
});
