import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { IncomingPosition } from '../telemetry/pipeline/incoming.js';
import { connectBroker } from './nats-connection.js';
import { consumePartition } from './partition-consumer.js';
import { createPositionPublisher, ensurePositionStream, partitionOf } from './position-stream.js';

// A restart cannot be done to the shared server, so this test runs its own nats-server when it has one.
const haveServer = spawnSync('nats-server', ['--version']).status === 0;

async function until(what: string, cond: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const fix = (deviceNumber: string, gpsTime: number): IncomingPosition => ({
  deviceNumber, gpsTime, lng: 120.15, lat: 30.28, speed: 10, direction: 0, altitude: 0, acc: 1,
});

describe.skipIf(!process.env.TEST_NATS_URL || !haveServer)('partition consumer across a NATS restart', () => {
  let dir = '';
  let server: ChildProcess | null = null;
  let port = 0;

  async function startServer(): Promise<void> {
    server = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dir], { stdio: 'ignore' });
    await until('nats-server to listen', () => new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => { s.destroy(); resolve(true); }).on('error', () => resolve(false));
    }));
  }

  async function stopServer(): Promise<void> {
    const s = server;
    server = null;
    if (!s || s.exitCode !== null) return;
    await new Promise((r) => { s.once('exit', r); s.kill('SIGTERM'); });
  }

  afterAll(async () => {
    await stopServer();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('picks up where it was once the server is back, though the server forgot its consumer', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-nats-'));
    port = await freePort();
    await startServer();
    const broker = await connectBroker(`nats://127.0.0.1:${port}`, 'restart-test');
    await ensurePositionStream(broker.jsm, { partitions: 2 });
    const publisher = createPositionPublisher(broker.js, 2, { timeoutMs: 1000 });
    const n = ['1', '2', '3', '4', '5'].find((d) => partitionOf(d, 2) === 0)!;
    const got: number[] = [];
    const c = await consumePartition(broker.js, {
      partition: 0, fromSeq: 1, idleFetchMs: 1000,
      handle: async (batch) => { got.push(...batch.map((m) => m.seq)); },
      onError: (err) => { throw err; },
    });
    const first = await publisher.publish(n, [fix(n, 1_700_000_000_000)], 'r-1');
    await until('the first position', () => got.length === 1);

    await stopServer();
    await startServer();
    // The client reconnects by itself; the gateway would retry its publish until a PubAck came.
    let second = 0;
    await until('a publish after the restart', async () => {
      second = await publisher.publish(n, [fix(n, 1_700_000_001_000)], 'r-2').then((a) => a.seq, () => 0);
      return second > 0;
    });
    await until('the position published after the restart', () => got.length === 2);
    await c.stop();
    await broker.close();
    expect(got).toEqual([first.seq, second]);
  });
});
