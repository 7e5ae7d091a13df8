import { describe, expect, it } from 'vitest';
import { phrasesFor, withPhrase } from './handlingPhrases.queries';

describe('common phrases', () => {
  it('fills an empty text, adds to a written one, and never twice', () => {
    expect(withPhrase(undefined, '客户已还款')).toBe('客户已还款');
    expect(withPhrase('  ', '客户已还款')).toBe('客户已还款');
    expect(withPhrase('已电话联系客户', '客户已还款')).toBe('已电话联系客户；客户已还款');
    expect(withPhrase('已电话联系客户，', '客户已还款')).toBe('已电话联系客户，客户已还款');
    expect(withPhrase('已电话联系客户；客户已还款', '客户已还款')).toBe('已电话联系客户；客户已还款');
  });

  it("offers the phrases of the types being handled, in type order, each once", () => {
    const groups = [
      { warningType: 1 as const, phrases: ['已电话联系客户', '设备信号弱'], isDefault: true },
      { warningType: 2 as const, phrases: ['更换电瓶', '已电话联系客户'], isDefault: false },
      { warningType: 3 as const, phrases: ['已上门核实'], isDefault: true },
    ];
    expect(phrasesFor(groups, [2, 1])).toEqual(['已电话联系客户', '设备信号弱', '更换电瓶']);
    expect(phrasesFor(groups, [3])).toEqual(['已上门核实']);
    expect(phrasesFor(undefined, [1])).toEqual([]);
  });
});
