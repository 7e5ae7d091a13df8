import { parseTime } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { makeTranslate } from '../../lib/i18n/translate';
import { greetingKeyAt } from './greeting';

const at = (hm: string) => parseTime(`2026-03-02 ${hm}:00`)!;
const zh = makeTranslate('zh');
const en = makeTranslate('en');

describe('welcome greeting by hour (Asia/Shanghai)', () => {
  it.each([
    ['00:00', '早上好', 'Good morning'],
    ['07:59', '早上好', 'Good morning'],
    ['08:00', '上午好', 'Good morning'],
    ['10:59', '上午好', 'Good morning'],
    // "until 11" takes 11 o'clock in: the whole hour is still forenoon.
    ['11:00', '上午好', 'Good morning'],
    ['11:59', '上午好', 'Good morning'],
    ['12:00', '中午好', 'Good day'],
    // "until 13" likewise.
    ['13:00', '中午好', 'Good day'],
    ['13:59', '中午好', 'Good day'],
    ['14:00', '下午好', 'Good afternoon'],
    ['17:59', '下午好', 'Good afternoon'],
    ['18:00', '晚上好', 'Good evening'],
    ['23:59', '晚上好', 'Good evening'],
  ])('%s → %s / %s', (hm, zhText, enText) => {
    expect(zh(greetingKeyAt(at(hm)))).toBe(zhText);
    expect(en(greetingKeyAt(at(hm)))).toBe(enText);
  });
});
