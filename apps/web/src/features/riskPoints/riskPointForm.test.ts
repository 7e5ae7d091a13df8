import { RiskPointSave } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { makeTranslate } from '../../lib/i18n/translate';
import { emptyDraft, formatLngLat, riskPointProblems, toRiskPointSave, type RiskPointDraft } from './riskPointForm';

const zh = makeTranslate('zh');
const good: RiskPointDraft = { name: '杭州华信押车行', category: 'mortgage', address: '浙江省杭州市西湖区文三路90号', point: { lng: 120.153212, lat: 30.254118 } };

/** The contract's first message per field; lng and lat both belong to the point. */
function contractMessages(d: RiskPointDraft): Record<string, string> {
  const r = RiskPointSave.safeParse({ name: d.name, category: d.category, address: d.address, lng: d.point?.lng, lat: d.point?.lat });
  const out: Record<string, string> = {};
  if (!r.success) {
    for (const issue of r.error.issues) {
      const field = String(issue.path[0]);
      out[field === 'lng' || field === 'lat' ? 'point' : field] ??= issue.message;
    }
  }
  return out;
}

describe('risk-point form checks', () => {
  it('pass a complete draft and build the save body', () => {
    expect(riskPointProblems(good, zh)).toEqual({});
    expect(toRiskPointSave({ ...good, id: 4, name: ' 杭州华信押车行 ' })).toEqual({
      id: 4, name: '杭州华信押车行', category: 'mortgage', address: '浙江省杭州市西湖区文三路90号', lng: 120.153212, lat: 30.254118,
    });
  });

  it('say what is wrong in the contract\'s own words', () => {
    const drafts: RiskPointDraft[] = [
      { ...good, name: ' ', category: undefined, address: '' },
      { ...good, name: '押'.repeat(51), address: '路'.repeat(256) },
      { ...good, point: { lng: 139.69, lat: 35.68 } },
      { ...good, point: { lng: 100, lat: 60 } },
    ];
    for (const d of drafts) {
      const ours = riskPointProblems(d, zh);
      expect(ours, JSON.stringify(d)).toEqual(contractMessages(d));
      expect(Object.keys(ours).length).toBeGreaterThan(0);
    }
  });

  it('asks for a point on the map first', () => {
    expect(riskPointProblems({ ...emptyDraft(), name: 'x', category: 'other', address: 'y' }, zh)).toEqual({ point: '请在地图上点击或搜索地址选择位置' });
  });

  it('shows coordinates with six decimals', () => {
    expect(formatLngLat({ lng: 120.1, lat: 30.254118 })).toBe('120.100000, 30.254118');
  });
});
