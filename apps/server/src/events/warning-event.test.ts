import type { WarningEvent } from '@cvrisk/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventHub, type LiveSink } from './event-hub.js';

/** A response that records what the hub wrote. */
class Sink implements LiveSink {
  text = '';
  destroyed = false;
  writableLength = 0;
  write(chunk: string) {
    this.text += chunk;
  }
  end() {}
  destroy() {}
  get warnings(): WarningEvent[] {
    return this.text.split('\n\n').filter((b) => b.startsWith('event: warning\n')).map((b) => JSON.parse(b.slice(b.indexOf('data: ') + 6)) as WarningEvent);
  }
}

const warning = (id: number, deptId: number): WarningEvent => ({
  id, warningType: 2, warningTypeName: '断电预警', riskLevel: 1, compound: false, deviceNumber: '138000010001',
  customerName: '张三', plateNumber: '浙A12345', deptId, warningTime: '2026-11-22 10:00:00',
});

const hub = createEventHub({ loadDevices: async () => [], activeSessions: async (h) => new Set(h), onError: (err) => { throw err; } });
afterEach(() => hub.close());

describe('warning events on the live stream', () => {
  it('reach at once every holder of warning:view whose scope holds the department, and nobody else', () => {
    const dealer = new Sink();
    const otherDealer = new Sink();
    const finance = new Sink();
    const platform = new Sink();
    const withoutPermission = new Sink();
    hub.connect(dealer, { scope: { kind: 'depts', deptIds: [3] }, devices: true, warnings: true, tokenHash: 'a' });
    hub.connect(otherDealer, { scope: { kind: 'depts', deptIds: [4] }, devices: true, warnings: true, tokenHash: 'b' });
    hub.connect(finance, { scope: { kind: 'depts', deptIds: [2, 3, 4] }, devices: true, warnings: true, tokenHash: 'c' });
    hub.connect(platform, { scope: { kind: 'all' }, devices: false, warnings: true, tokenHash: 'd' });
    hub.connect(withoutPermission, { scope: { kind: 'all' }, devices: true, warnings: false, tokenHash: 'e' });

    hub.warningRaised(warning(7, 3));
    expect(dealer.warnings.map((w) => w.id)).toEqual([7]);
    expect(finance.warnings.map((w) => w.id)).toEqual([7]);
    expect(platform.warnings.map((w) => w.id)).toEqual([7]);
    expect(otherDealer.warnings).toEqual([]);
    expect(withoutPermission.warnings).toEqual([]);
  });
});
