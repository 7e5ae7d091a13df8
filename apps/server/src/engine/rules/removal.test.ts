import { describe, expect, it } from 'vitest';
import { alarmEdges } from '../../telemetry/pipeline/alarm-edges.js';
import { modelAlarmBit } from '../../telemetry/pipeline/alarm-mapping.js';
import { fix, HANGZHOU, T0 } from '../../test/engine-tracks.js';
import { removal } from './removal.js';

const none = { word: 0, model: 0 };
const mapped = (...types: number[]) => ({ word: 0, model: types.reduce((m, t) => m | modelAlarmBit(t), 0) });

describe('removal', () => {
  it('fires on the mapped tampering, light-sensor and case-opened alarms and on the theft bit 26', () => {
    expect(removal(alarmEdges(none, mapped(100)).opened, fix(T0, HANGZHOU))).toMatchObject({ type: 3, time: T0, detail: { alarmTypes: [100] } });
    expect(removal(alarmEdges(none, mapped(101, 102)).opened, fix(T0, HANGZHOU))).toMatchObject({ type: 3, detail: { alarmTypes: [101, 102] } });
    expect(removal(alarmEdges(none, { word: 1 << 26, model: 0 }).opened, fix(T0, HANGZHOU))).toMatchObject({ type: 3, detail: { alarmTypes: [26] } });
  });

  it('does not fire for vibration, other alarms, an alarm already on, or a reserved bit no mapping named', () => {
    expect(removal(alarmEdges(none, mapped(103)).opened, fix(T0, HANGZHOU))).toBeNull();
    expect(removal(alarmEdges(none, { word: (1 << 8) | (1 << 1), model: 0 }).opened, fix(T0, HANGZHOU))).toBeNull();
    expect(removal(alarmEdges(mapped(102), { word: 1 << 8, model: modelAlarmBit(102) }).opened, fix(T0, HANGZHOU))).toBeNull();
    expect(removal(alarmEdges(none, { word: 1 << 16, model: 0 }).opened, fix(T0, HANGZHOU))).toBeNull();
  });
});
