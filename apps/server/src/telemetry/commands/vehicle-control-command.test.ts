import { describe, expect, it } from 'vitest';
import { SEEDED_CONTROL_MAPPING, type ControlMappingRow } from './seeded-control-mapping.js';
import { controlCommand } from './vehicle-control-command.js';

const [gt06n, jmvl03, km02] = SEEDED_CONTROL_MAPPING as [ControlMappingRow, ControlMappingRow, ControlMappingRow];

describe('controlCommand', () => {
  it('stores each method as the message the gateway sends, with what cuts and what restores', () => {
    expect([controlCommand(gt06n, 'cut'), controlCommand(gt06n, 'restore')]).toEqual([
      { command: 0x8105, params: { control: 0xf0 } },
      { command: 0x8105, params: { control: 0xf1 } },
    ]);
    expect([controlCommand(jmvl03, 'cut'), controlCommand(jmvl03, 'restore')]).toEqual([
      { command: 0x8500, params: { flag: 1, typeId: 0xf001 } },
      { command: 0x8500, params: { flag: 0, typeId: 0xf001 } },
    ]);
    expect([controlCommand(km02, 'cut'), controlCommand(km02, 'restore')]).toEqual([
      { command: 0x8300, params: { text: 'RELAY,1#', relay: true } },
      { command: 0x8300, params: { text: 'RELAY,0#', relay: true } },
    ]);
  });

  it('sends a 0x8500 as the vendor type 0xF001 when the mapping names none, and its own type when it does', () => {
    expect(controlCommand({ ...jmvl03, control_type_id: null }, 'cut').params.typeId).toBe(0xf001);
    expect(controlCommand({ ...jmvl03, control_type_id: 0xf0a0 }, 'cut').params.typeId).toBe(0xf0a0);
  });

  it('refuses a mapping without the field its method needs', () => {
    expect(() => controlCommand({ ...gt06n, cut_code: null }, 'cut')).toThrow(/GT06N/);
    expect(() => controlCommand({ ...km02, restore_text: null }, 'restore')).toThrow(/KM-02/);
  });
});
