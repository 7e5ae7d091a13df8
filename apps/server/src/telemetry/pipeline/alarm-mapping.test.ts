import { describe, expect, it } from 'vitest';
import { SEEDED_ALARM_MAPPING } from '../../db/migrations/027_alarm_mapping.js';
import { toPosition } from '../gateway/to-position.js';
import { decodeFrame, encodeUplink } from '../jt808/index.js';
import { locationFix } from '../simulator/virtual-terminal.js';
import { alarmTypesOf } from './alarm-edges.js';
import { compileAlarmMapping, modelAlarmsOf, type AlarmMappingRule } from './alarm-mapping.js';

const SEEDED = compileAlarmMapping(SEEDED_ALARM_MAPPING.map((r): AlarmMappingRule => ({ model: r.model, source: r.source, code: r.code, alarmType: r.alarm_type })));
const T = Date.UTC(2026, 10, 20, 2, 0, 0);

/**
 * A 0x0200 report as a terminal of that kind sends it (battery and fix source items, as the
 * simulator's wireless units do), through the JT/T 808 encoder and decoder and the gateway's
 * conversion: the alarm types the model's mapping and the standard bits make of it.
 */
function typesReported(model: string, o: { alarm?: number; items?: [number, number[]][] }): number[] {
  const fix = locationFix({ time: T, lng: 120.15, lat: 30.28, speed: 0, direction: 0, acc: false, alarm: o.alarm, battery: 80, fixSource: 1 });
  for (const [id, bytes] of o.items ?? []) fix.rawItems.set(id, Buffer.from(bytes));
  const decoded = decodeFrame(encodeUplink({ version: 2013, phone: '13912345678', serial: 1 }, { kind: 'location', location: fix }).bytes);
  if (!decoded.ok || decoded.message.kind !== 'location') throw new Error('the frame did not decode as a location');
  const p = toPosition('013912345678', decoded.message.location)!;
  return [...alarmTypesOf({ word: p.alarmWord!, model: modelAlarmsOf(SEEDED, model, p.alarmWord!, p.alarmItems) })].sort((a, b) => a - b);
}

describe.each(['GT06N', 'JM-VL03', 'KM-02'])('the wired model %s', (model) => {
  it('reads bit 16 as tampering, bit 17 as case opened, bit 15 as vibration', () => {
    expect(typesReported(model, { alarm: 1 << 16 })).toEqual([100]);
    expect(typesReported(model, { alarm: 1 << 17 })).toEqual([102]);
    expect(typesReported(model, { alarm: 1 << 15 })).toEqual([103]);
    expect(typesReported(model, { alarm: (1 << 15) | (1 << 16) | (1 << 8) })).toEqual([8, 100, 103]);
  });

  it('makes nothing of the light-sensor item, which it has no mapping for', () => {
    expect(typesReported(model, { items: [[0xe3, [1]]] })).toEqual([]);
  });
});

describe.each(['AT4', 'ZX-W20', 'LK-900'])('the wireless model %s', (model) => {
  it('reads bit 17 as case opened and item 0xE3 on as the light sensor', () => {
    expect(typesReported(model, { alarm: 1 << 17 })).toEqual([102]);
    expect(typesReported(model, { items: [[0xe3, [1]]] })).toEqual([101]);
    expect(typesReported(model, { alarm: 1 << 17, items: [[0xe3, [0, 4]]] })).toEqual([101, 102]);
  });

  it('takes item 0xE3 with only zero bytes as off, and bits 15 and 16 as nothing', () => {
    expect(typesReported(model, { items: [[0xe3, [0]]] })).toEqual([]);
    expect(typesReported(model, { alarm: (1 << 15) | (1 << 16) })).toEqual([]);
  });
});

describe('a model without a mapping', () => {
  it('gets no mapped alarm from the same bits and items, only the standard ones', () => {
    expect(typesReported('UNKNOWN-1', { alarm: (1 << 15) | (1 << 16) | (1 << 17) | (1 << 26), items: [[0xe3, [1]]] })).toEqual([26]);
  });

  it('is matched by its name exactly as the device record spells it', () => {
    expect(typesReported('gt06n', { alarm: 1 << 16 })).toEqual([]);
  });
});

describe('a mapping of the top bit and of one item to two alarms', () => {
  const mapping = compileAlarmMapping([
    { model: 'X1', source: 'bit', code: 31, alarmType: 103 },
    { model: 'X1', source: 'item', code: 0xf0, alarmType: 101 },
    { model: 'X1', source: 'item', code: 0xf0, alarmType: 102 },
  ]);

  it('reads bit 31 of the unsigned word, and raises both alarms of the item', () => {
    expect(alarmTypesOf({ word: 0x80000000, model: modelAlarmsOf(mapping, 'X1', 0x80000000, undefined) })).toEqual(new Set([103]));
    expect(alarmTypesOf({ word: 0, model: modelAlarmsOf(mapping, 'X1', 0, [0xf0]) })).toEqual(new Set([101, 102]));
  });
});
