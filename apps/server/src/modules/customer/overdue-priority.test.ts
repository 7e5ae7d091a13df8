import { describe, expect, it } from 'vitest';
import { candidatesForPage, priorityOrder, type PriorityKey } from './overdue-priority.js';

const GRADES = ['general', 'potential', 'high'];
/** 300 overdue customers over every bucket and grade; a third of them never reported. */
const keys: PriorityKey[] = Array.from({ length: 300 }, (_, i) => ({
  id: i + 1, overdue_days: 1 + ((i * 37) % 150), grade: GRADES[(i * 7) % 3]!, overdue_amount_cents: ((i * 13) % 9) * 10_000,
}));
const lastReport = new Map(keys.filter((k) => k.id % 3 !== 0).map((k) => [k.id, 1_700_000_000_000 + ((k.id * 7919) % 1000) * 60_000]));

describe('the overdue list in the collectors’ order', () => {
  it('pages exactly as sorting every match would, reading the last report of the groups a page reaches only', () => {
    const all = priorityOrder(keys, lastReport).map((k) => k.id);
    for (const [offset, limit] of [[0, 20], [20, 20], [40, 7], [120, 50], [290, 20], [400, 20]] as const) {
      const { candidates, skip } = candidatesForPage(keys, offset, limit);
      expect(priorityOrder(candidates, lastReport).slice(skip, skip + limit).map((k) => k.id)).toEqual(all.slice(offset, offset + limit));
    }
    expect(candidatesForPage(keys, 0, 20).candidates.length).toBeLessThan(keys.length / 4);
  });

  it('puts the longest-overdue bucket first, then high risk, then the car silent longest, then the amount due', () => {
    const order = priorityOrder(keys, lastReport);
    const first = order[0]!;
    expect(first.overdue_days).toBeGreaterThan(90);
    expect(first.grade).toBe('high');
    expect(lastReport.has(first.id)).toBe(false);
    const m3plusHigh = order.filter((k) => k.overdue_days > 90 && k.grade === 'high');
    expect(order.slice(0, m3plusHigh.length)).toEqual(m3plusHigh);
    const silence = m3plusHigh.map((k) => lastReport.get(k.id) ?? 0);
    expect(silence).toEqual([...silence].sort((a, b) => a - b));
  });
});
