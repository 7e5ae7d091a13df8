import { describe, expect, it } from 'vitest';
import { alarmEdges } from '../../telemetry/pipeline/alarm-edges.js';
import { fix, HANGZHOU, T0 } from '../../test/engine-tracks.js';
import { removal } from './removal.js';

describe('removal', () => {
  it("fires on the model's tamper bits and on the theft bit 26", () => {
    expect(removal(alarmEdges(0, 1 << 17, 'AT4').opened, fix(T0, HANGZHOU))).toMatchObject({ type: 3, time: T0, detail: { alarmTypes: [100] } });
    expect(removal(alarmEdges(0, 1 << 26, 'GT06N').opened, fix(T0, HANGZHOU))).toMatchObject({ type: 3, detail: { alarmTypes: [26] } });
  });

  it('does not fire for other alarms, nor for bit 16 on a model that does not use it for tampering', () => {
    expect(removal(alarmEdges(0, (1 << 8) | (1 << 1), 'GT06N').opened, fix(T0, HANGZHOU))).toBeNull();
    expect(removal(alarmEdges(0, 1 << 16, 'UNKNOWN-1').opened, fix(T0, HANGZHOU))).toBeNull();
  });
});
