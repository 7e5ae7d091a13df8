import { DEFAULT_RISK_WARNING_CONFIG, RiskWarningConfig } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { CONFIG_GROUPS, valueAt } from './configFields';

describe('the threshold form', () => {
  it('has a field for every threshold of the contract, each once', () => {
    const inForm = CONFIG_GROUPS.flatMap((g) => g.fields.map((f) => f.name.join('.'))).sort();
    const inContract = Object.entries(DEFAULT_RISK_WARNING_CONFIG).flatMap(([g, v]) => Object.keys(v).map((k) => `${g}.${k}`)).sort();
    expect(inForm).toEqual(inContract);
  });

  it('takes its bounds from the contract: the bounds pass, one beyond them does not', () => {
    for (const f of CONFIG_GROUPS.flatMap((g) => g.fields)) {
      if (f.kind !== 'number') continue;
      const at = (value: number) => {
        const c = structuredClone(DEFAULT_RISK_WARNING_CONFIG) as unknown as Record<string, Record<string, number>>;
        c[f.name[0]]![f.name[1]] = value;
        return RiskWarningConfig.safeParse(c).success;
      };
      expect([at(f.min), at(f.max), at(f.min - 1), at(f.max + 1)]).toEqual([true, true, false, false]);
    }
  });

  it('reads a field’s value from a config', () => {
    expect(valueAt(DEFAULT_RISK_WARNING_CONFIG, ['offline', 'wirelessHours'])).toBe(72);
    expect(valueAt(DEFAULT_RISK_WARNING_CONFIG, ['region', 'scope'])).toBe('province');
  });
});
