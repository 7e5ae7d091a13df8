import { describe, expect, it } from 'vitest';
import { DEFAULT_RISK_WARNING_CONFIG, RiskWarningConfig, WARNING_TYPE_BY_CODE, WARNING_TYPE_CODES, warningTypeName } from './warning.js';

describe('warning types', () => {
  it('are the eleven of server-behaviour §5, coded 1–11, with their words and default levels', () => {
    expect(WARNING_TYPE_CODES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(WARNING_TYPE_CODES.map((c) => WARNING_TYPE_BY_CODE[c].zh)).toEqual([
      '离线预警', '断电预警', '拆除预警', '二押点预警', '出省预警', '长时间停留预警', '设备分离预警', '围栏预警', '常驻地变更预警', '异动预警', '低电量预警',
    ]);
    expect(WARNING_TYPE_BY_CODE[11]).toMatchObject({ en: 'Low battery', level: 3 });
    expect(WARNING_TYPE_BY_CODE[4].level).toBe(1);
  });

  it('are named from their code in either language; an unknown code by the fallback, else its digits', () => {
    expect(warningTypeName(8)).toBe('围栏预警');
    expect(warningTypeName(8, 'en')).toBe('Fence');
    expect(warningTypeName(99, 'en', '新预警')).toBe('新预警');
    expect(warningTypeName(99)).toBe('99');
  });
});

describe('risk warning config', () => {
  it('accepts the defaults', () => {
    expect(RiskWarningConfig.parse(DEFAULT_RISK_WARNING_CONFIG)).toEqual(DEFAULT_RISK_WARNING_CONFIG);
  });

  it('refuses values out of bounds with a Chinese message naming the threshold', () => {
    const bad = { ...DEFAULT_RISK_WARNING_CONFIG, offline: { wiredHours: 0, wirelessHours: 12 }, region: { scope: 'country' } };
    const messages = RiskWarningConfig.safeParse(bad).error!.issues.map((i) => i.message);
    expect(messages).toEqual(['有线设备离线时长不能小于1小时', '无线设备离线时长不能小于26小时', '请选择出省预警范围（省或市）']);
    const fraction = RiskWarningConfig.safeParse({ ...DEFAULT_RISK_WARNING_CONFIG, lowBattery: { percent: 20.5 } });
    expect(fraction.error!.issues[0]!.message).toBe('低电量阈值必须是整数');
  });
});
