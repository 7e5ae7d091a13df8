import { RELAY_STATUS_BITS, type ControlAction } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_NOW, type TestApp } from '../../test/test-app.js';
import { SEEDED_CONTROL_MAPPING, type ControlMappingRow } from '../commands/seeded-control-mapping.js';
import { controlCommand } from '../commands/vehicle-control-command.js';
import { unescapeBytes } from '../jt808/escape.js';
import type { DownlinkMessage, ProtocolVersion } from '../jt808/index.js';
import { locationFix, VirtualTerminal } from '../simulator/virtual-terminal.js';
import { createJt808Gateway, type Jt808Gateway } from './gateway.js';

/**
 * Immobilisation end to end on the wire: the row the console stores for each seeded mapping, the
 * exact body a terminal receives, and its answer as recorded.
 */
let t: TestApp;
let gateway: Jt808Gateway;
let port = 0;
let devices: { id: number; device_number: string }[] = [];
const silent = { info() {}, warn() {} };
const RELAY = RELAY_STATUS_BITS.oil | RELAY_STATUS_BITS.circuit;

beforeAll(async () => {
  t = await createTestApp();
  gateway = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: false, idleTimeoutMs: 10_000, log: silent });
  t.telemetry.channel = gateway.channel;
  port = await gateway.listen();
  devices = await t.db.selectFrom('device').select(['id', 'device_number']).where('kind', '=', 1).where('car_id', 'is not', null).orderBy('id').limit(4).execute();
});
afterAll(async () => {
  await gateway.close();
  await t.close();
});

const mappingOf = (model: string): ControlMappingRow => SEEDED_CONTROL_MAPPING.find((m) => m.model === model)!;

/** The message id and body of a frame as the terminal received it. */
function idAndBody(frame: Buffer): string {
  const content = unescapeBytes(frame.subarray(1, frame.length - 1))!;
  const length = content.readUInt16BE(2) & 0x3ff;
  return `${content.readUInt16BE(0).toString(16).padStart(4, '0')} ${content.subarray(content.length - 1 - length, content.length - 1).toString('hex')}`;
}

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const answeredRow = (id: number) =>
  waitFor(async () => {
    const row = await t.db.selectFrom('device_command').select(['state', 'reply']).where('id', '=', id).executeTakeFirstOrThrow();
    return row.state === 'sent' || row.state === 'queued' ? undefined : row;
  });

/** Waits for the relay bits the device's status shows to be `bits`: the position is marked answered as it is queued, and committed just after. */
const relayBitsBecome = (deviceId: number, bits: number) =>
  waitFor(async () => {
    const row = await t.db.selectFrom('device_status').select('status_word').where('device_id', '=', deviceId).executeTakeFirst();
    return row && (row.status_word & RELAY) === bits ? true : undefined;
  });

/**
 * A terminal that answers the way the standard says: 0x0500 with its position for a 0x8500 (the
 * relay bits on after flag 1), 0x0001 "ok" for anything else.
 */
async function terminal(number: string, version: ProtocolVersion, frames: Buffer[]) {
  const vt = new VirtualTerminal({ host: '127.0.0.1', port, deviceNumber: number, version, model: 'test', replyTimeoutMs: 5000 });
  let k = 0;
  vt.onCommand = (m: DownlinkMessage, serial, frame) => {
    frames.push(frame);
    const fix = locationFix({ time: SEED_NOW + 3 * 3600_000 + ++k * 60_000, lng: 120.3, lat: 30.25, speed: 0, direction: 0, acc: false, status: m.kind === 'vehicle-control' && m.flag === 1 ? RELAY : 0 });
    if (m.kind === 'vehicle-control') vt.send({ kind: 'vehicle-control-reply', replySerial: serial, location: fix });
    else vt.answer(serial, m, fix);
  };
  await vt.connect();
  return vt;
}

describe('remote immobilisation commands through the gateway', () => {
  it.each([
    { model: 'GT06N', version: 2013, cut: '8105 f0', restore: '8105 f1', reply: { cut: '终端应答：成功', restore: '终端应答：成功' } },
    // Emergency flag alone (not display + read-out): the relay string is not for the driver.
    { model: 'KM-02', version: 2013, cut: `8300 01${Buffer.from('RELAY,1#').toString('hex')}`, restore: `8300 01${Buffer.from('RELAY,0#').toString('hex')}`, reply: { cut: '终端应答：成功', restore: '终端应答：成功' } },
    { model: 'JM-VL03', version: 2013, cut: '8500 01', restore: '8500 00', reply: { cut: '车辆控制应答：油电已断开', restore: '车辆控制应答：油电正常' } },
    { model: 'JM-VL03', version: 2019, cut: '8500 0001f00101', restore: '8500 0001f00100', reply: { cut: '车辆控制应答：油电已断开', restore: '车辆控制应答：油电正常' } },
  ] as const)('$model over a $version header: the exact body received, then its answer recorded', async ({ model, version, cut, restore, reply }) => {
    const device = devices.pop()!;
    const frames: Buffer[] = [];
    const store = (action: ControlAction) => {
      const c = controlCommand(mappingOf(model), action);
      return t.telemetry.commands.create(device.id, c.command, c.params, null);
    };
    // Stored while the terminal is away, sent when it signs in.
    const cutId = await store('cut');
    const vt = await terminal(device.device_number, version, frames);
    expect(await vt.authenticate((await vt.register())!)).toBe(true);
    expect(await answeredRow(cutId)).toEqual({ state: 'answered', reply: reply.cut });
    if (model === 'JM-VL03') await relayBitsBecome(device.id, RELAY);

    const restoreId = await store('restore');
    const [stored] = await t.telemetry.commands.queuedFor(device.id);
    expect(await t.telemetry.channel.deliver(device.device_number, stored!)).toBe(true);
    expect(await answeredRow(restoreId)).toEqual({ state: 'answered', reply: reply.restore });
    if (model === 'JM-VL03') await relayBitsBecome(device.id, 0);

    expect(frames.map(idAndBody)).toEqual([cut, restore]);
    vt.close();
  });
});
