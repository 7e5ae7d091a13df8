import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandBus } from '../broker/command-bus.js';
import { connectBroker, type Broker } from '../broker/nats-connection.js';
import { createCommandStore } from '../telemetry/commands/command-store.js';
import { createJt808Gateway, type Jt808Gateway } from '../telemetry/gateway/gateway.js';
import { locationFix, VirtualTerminal } from '../telemetry/simulator/virtual-terminal.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { brokerChannel, serveCommands } from './command-relay.js';

/** A command sent through an API process reaches a terminal connected to a gateway process, over the broker. */
describe.skipIf(!process.env.TEST_NATS_URL)('commands from an API process to a terminal on another gateway', () => {
  const id = crypto.randomBytes(4).toString('hex');
  const subject = `test.${id}.cmd.deliver`;
  let api: TestApp;
  let gateway: Jt808Gateway;
  let brokers: Broker[] = [];
  let stopServing = () => {};
  let numbers: string[] = [];
  let port = 0;

  beforeAll(async () => {
    api = await createTestApp();
    brokers = await Promise.all(['api', 'gateway'].map((n) => connectBroker(process.env.TEST_NATS_URL!, `${n}-${id}`)));
    api.telemetry.channel = brokerChannel(createCommandBus(brokers[0]!.nc, 'api', { subject }));
    // The gateway process: its own command store on the shared database, no API.
    gateway = createJt808Gateway({
      port: 0, host: '127.0.0.1', db: api.db, sqlite: api.handle.sqlite, pipeline: api.telemetry.pipeline, commands: createCommandStore(api.db),
      autoRegister: false, idleTimeoutMs: 10_000, log: { info() {}, warn() {} },
    });
    stopServing = serveCommands(createCommandBus(brokers[1]!.nc, 'gateway', { subject }), gateway, (err) => { throw err; });
    await brokers[1]!.nc.flush();
    port = await gateway.listen();
    numbers = (await api.db.selectFrom('device').select('device_number').where('kind', '=', 1).where('car_id', 'is not', null).orderBy('id', 'desc').limit(2).execute()).map((d) => d.device_number);
  });
  afterAll(async () => {
    stopServing();
    await gateway.close();
    await Promise.all(brokers.map((b) => b.close()));
    await api.close();
  });

  async function online(number: string): Promise<VirtualTerminal> {
    const vt = new VirtualTerminal({ host: '127.0.0.1', port, deviceNumber: number, version: 2013, model: 'GT06N', replyTimeoutMs: 5000 });
    await vt.connect();
    expect(await vt.authenticate((await vt.register())!)).toBe(true);
    return vt;
  }

  const states = async (number: string, token: string) =>
    (await api.app.inject({ method: 'GET', url: `/api/device/eqCommandList?deviceNumber=${number}`, headers: { accessToken: token } })).json().result.map((c: { state: string }) => c.state);

  it('delivers a position query once, and records the answer the terminal gave on the other gateway', async () => {
    const vt = await online(numbers[0]!);
    const received: string[] = [];
    vt.onCommand = (m, serial) => {
      received.push(m.kind);
      vt.answer(serial, m, locationFix({ time: Date.now() - 5000, lng: 120.31, lat: 30.26, speed: 0, direction: 0, acc: false }));
    };
    const token = await api.login('admin');
    const sent = await api.app.inject({ method: 'POST', url: '/api/device/eqCommand', headers: { accessToken: token }, payload: { deviceNumber: numbers[0], command: 'positionQuery' } });
    // Stored here; sent by the gateway that holds the terminal.
    expect(sent.json(), sent.body).toMatchObject({ result: { state: 'queued' } });
    await expect.poll(() => states(numbers[0]!, token), { timeout: 5000 }).toEqual(['answered']);
    // A second "look now" finds nothing queued: the command went out once.
    api.telemetry.channel.deliver(numbers[0]!, { id: sent.json().result.id, device_id: 0, command: 0, params: '{}', state: 'queued' });
    await brokers[0]!.nc.flush();
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toEqual(['location-query']);
    vt.close();
  });

  it('closes the terminal connection on the other gateway when its registration is reset', async () => {
    const vt = await online(numbers[1]!);
    expect(gateway.isOnline(numbers[1]!)).toBe(true);
    api.telemetry.channel.disconnect(numbers[1]!);
    await expect.poll(() => gateway.isOnline(numbers[1]!), { timeout: 5000 }).toBe(false);
    vt.close();
  });
});
