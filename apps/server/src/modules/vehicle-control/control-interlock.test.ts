import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { checkInterlock } from './control-interlock.js';

const NOW = Date.UTC(2026, 10, 29, 4, 0, 0);
const fix = (speed: number, ageMinutes: number) => ({ speed, last_time: NOW - ageMinutes * 60_000, status_word: 0 });

describe('the interlock of a cut', () => {
  it('lets a cut go only on a fresh fix of a stopped car', () => {
    expect(checkInterlock(fix(5, 10), NOW, 5)).toEqual({ send: true });
    expect(checkInterlock(fix(5.1, 0), NOW, 5)).toMatchObject({ send: false, holdReason: '车速 5.1 km/h，未停稳（不超过 5 km/h 视为停稳），停稳后自动下发' });
    expect(checkInterlock(fix(0, 10.5), NOW, 5)).toMatchObject({ send: false, holdReason: '最近定位已是 10 分钟前，收到 10 分钟内的静止定位后下发' });
    expect(checkInterlock(fix(0, 60 * 30), NOW, 5)).toMatchObject({ holdReason: '最近定位已是 30 小时前，收到 10 分钟内的静止定位后下发' });
    expect(checkInterlock(undefined, NOW, 5)).toMatchObject({ send: false, holdReason: '设备尚无定位，收到 10 分钟内的静止定位后下发' });
  });

  it('never lets a cut reach a car faster than 20 km/h, whatever the stopped speed says', () => {
    expect(checkInterlock(fix(20, 0), NOW, 20)).toEqual({ send: true });
    expect(checkInterlock(fix(20.5, 0), NOW, 40)).toMatchObject({ send: false, holdReason: '车速 20.5 km/h，超过 20 km/h，停稳后自动下发' });
  });

  it('refuses a CONTROL_STOPPED_KMH above 20 at start', () => {
    expect(loadConfig({ CONTROL_STOPPED_KMH: '8' }).controlStoppedKmh).toBe(8);
    expect(loadConfig({}).controlStoppedKmh).toBe(5);
    expect(() => loadConfig({ CONTROL_STOPPED_KMH: '25' })).toThrow(/CONTROL_STOPPED_KMH: must not exceed 20/);
  });
});
