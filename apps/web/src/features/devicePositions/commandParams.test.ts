import { EqCommand } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { makeTranslate } from '../../lib/i18n/translate';
import { describeParams, SECONDS_LIMITS, toEqCommand } from './commandParams';

const deviceNumber = '138000010042';

describe('toEqCommand', () => {
  it('builds each command with only the fields it takes', () => {
    const all = { interval: 10, validity: 600, reportInterval: 30, sleepInterval: null, emergencyInterval: 5, control: 4 as const, text: '  请回电  ' };
    expect(toEqCommand(deviceNumber, { ...all, command: 'positionQuery' })).toEqual({ deviceNumber, command: 'positionQuery' });
    expect(toEqCommand(deviceNumber, { ...all, command: 'tempTracking' })).toEqual({ deviceNumber, command: 'tempTracking', interval: 10, validity: 600 });
    expect(toEqCommand(deviceNumber, { ...all, command: 'setParams' })).toEqual({ deviceNumber, command: 'setParams', reportInterval: 30, emergencyInterval: 5 });
    expect(toEqCommand(deviceNumber, { ...all, command: 'terminalControl' })).toEqual({ deviceNumber, command: 'terminalControl', control: 4 });
    expect(toEqCommand(deviceNumber, { ...all, command: 'text' })).toEqual({ deviceNumber, command: 'text', text: '请回电' });
  });

  it('refuses what the server would refuse', () => {
    expect(() => toEqCommand(deviceNumber, { command: 'tempTracking', interval: -1, validity: 60 })).toThrow();
    expect(() => toEqCommand(deviceNumber, { command: 'setParams', reportInterval: null })).toThrow();
    expect(() => toEqCommand(deviceNumber, { command: 'text', text: '   ' })).toThrow();
  });

  it('keeps the form limits equal to the contract', () => {
    const body = (field: string, value: number) =>
      field === 'interval' || field === 'validity'
        ? { deviceNumber, command: 'tempTracking', interval: 1, validity: 1, [field]: value }
        : { deviceNumber, command: 'setParams', [field]: value };
    for (const [field, { min, max }] of Object.entries(SECONDS_LIMITS)) {
      expect(EqCommand.safeParse(body(field, min)).success, `${field} ${min}`).toBe(true);
      expect(EqCommand.safeParse(body(field, max)).success, `${field} ${max}`).toBe(true);
      // Interval 0 (stop tracking) is the contract's own and not the form's.
      const below = field === 'interval' ? min - 2 : min - 1;
      expect(EqCommand.safeParse(body(field, below)).success, `${field} ${below}`).toBe(false);
      expect(EqCommand.safeParse(body(field, max + 1)).success, `${field} ${max + 1}`).toBe(false);
    }
  });
});

describe('describeParams', () => {
  it('says what a sent command asked for in the operator\'s words', () => {
    const zh = makeTranslate('zh');
    expect(describeParams({ command: 'tempTracking', params: { interval: 10, validity: 3600 } }, zh, 'zh')).toBe('上报间隔 10秒，跟踪时长 1小时');
    expect(describeParams({ command: 'setParams', params: { sleepInterval: 86400 } }, makeTranslate('en'), 'en')).toBe('Sleep report interval 1d');
    expect(describeParams({ command: 'terminalControl', params: { control: 5 } }, zh, 'zh')).toBe('恢复出厂设置');
    expect(describeParams({ command: 'text', params: { text: '请回电' } }, zh, 'zh')).toBe('请回电');
    expect(describeParams({ command: 'positionQuery', params: {} }, zh, 'zh')).toBe('');
    expect(describeParams({ command: 'tempTracking', params: { interval: 0, validity: 1 } }, zh, 'zh')).toBe('停止跟踪');
  });
});
