import { describe, expect, it } from 'vitest';
import { ALL_STATES, parseMonitorQuery, toMonitorSearch } from './monitorQuery';

const parse = (search: string) => parseMonitorQuery(new URLSearchParams(search));

describe('parseMonitorQuery', () => {
  it('opens a device focused with monitor=dev, as the top-bar search links it', () => {
    expect(parse('deviceNumber=13800001&monitor=dev')).toEqual({ deviceNumber: '13800001', focus: true, deptId: null, states: ALL_STATES });
  });

  it('opens the card without moving the map when monitor=dev is absent', () => {
    expect(parse('deviceNumber=13800001')).toMatchObject({ deviceNumber: '13800001', focus: false });
  });

  it('reads the department and the shown states, ignoring what it does not know', () => {
    const view = parse('deptId=7&states=moving,flying,offline');
    expect(view.deptId).toBe(7);
    expect([...view.states]).toEqual(['moving', 'offline']);
  });

  it('falls back to everything for mangled values', () => {
    expect(parse('deptId=abc&states=,,x&deviceNumber=%20&monitor=dev')).toEqual({ deviceNumber: null, focus: false, deptId: null, states: ALL_STATES });
    expect(parse('deptId=-3').deptId).toBeNull();
    expect(parse(`deviceNumber=${'9'.repeat(31)}`).deviceNumber).toBeNull();
  });
});

describe('toMonitorSearch', () => {
  it('writes only what differs from the defaults, and reads back the same view', () => {
    expect(toMonitorSearch(parse('')).toString()).toBe('');
    const view = parse('states=offline,moving&deptId=3&deviceNumber=138&monitor=dev');
    const search = toMonitorSearch(view).toString();
    expect(search).toBe('deviceNumber=138&monitor=dev&deptId=3&states=moving%2Coffline');
    expect(parse(search)).toEqual(view);
  });
});
