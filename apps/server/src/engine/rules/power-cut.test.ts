import { describe, expect, it } from 'vitest';
import { alarmEdges } from '../../telemetry/pipeline/alarm-edges.js';
import { fix, HANGZHOU, T0 } from '../../test/engine-tracks.js';
import { powerCut } from './power-cut.js';

const none = { word: 0, model: 0 };

describe('power cut', () => {
  it('fires when a wired device raises alarm bit 8 (main power lost)', () => {
    const { opened } = alarmEdges(none, { word: 1 << 8, model: 0 });
    expect(powerCut(1, opened, fix(T0, HANGZHOU, { alarmWord: 1 << 8 }))).toMatchObject({ type: 2, time: T0, continuing: false });
  });

  it('does not fire for low voltage (bit 7), a bit already on, or a wireless tracker', () => {
    expect(powerCut(1, alarmEdges(none, { word: 1 << 7, model: 0 }).opened, fix(T0, HANGZHOU))).toBeNull();
    expect(powerCut(1, alarmEdges({ word: 1 << 8, model: 0 }, { word: 1 << 8, model: 0 }).opened, fix(T0, HANGZHOU))).toBeNull();
    expect(powerCut(2, alarmEdges(none, { word: 1 << 8, model: 0 }).opened, fix(T0, HANGZHOU))).toBeNull();
  });
});
