import net from 'node:net';
import type { ControlAction } from '@cvrisk/contracts';
import {
  decodeFrame, encodeUplink, FrameSplitter, MessageId, ResponseResult,
  type DownlinkMessage, type LocationFix, type ProtocolVersion, type UplinkMessage,
} from '../jt808/index.js';
import { relayOrderOf } from './relay.js';

export type VirtualTerminalOptions = {
  host: string;
  port: number;
  deviceNumber: string;
  /** 2013 terminals carry 12 phone digits, 2019 ones 20 (room for a 15-digit IMEI). */
  version: ProtocolVersion;
  model: string;
  /** The terminal id its registration carries (the number's last 7 characters unless given). */
  terminalId?: string;
  /** How long to wait for the platform's answer to one message. */
  replyTimeoutMs?: number;
};

type Waiter = { resolve: (m: DownlinkMessage) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };

/**
 * A JT/T 808 terminal in software: speaks the real protocol over real TCP, as a tracker would.
 * The fleet simulator, the tests and the benchmarks drive the gateway through it.
 */
export class VirtualTerminal {
  private socket: net.Socket | null = null;
  private readonly splitter = new FrameSplitter();
  private serial = 0;
  private readonly waiting = new Map<number, Waiter>();
  private readonly phone: string;
  /** Platform commands received, with the frame as it came (0x8201 position queries are answered by `onCommand`). */
  onCommand: ((m: DownlinkMessage, serial: number, frame: Buffer) => void) | null = null;

  constructor(readonly o: VirtualTerminalOptions) {
    this.phone = o.deviceNumber.padStart(o.version === 2019 ? 20 : 12, '0');
  }

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: this.o.host, port: this.o.port }, () => resolve());
      socket.setNoDelay(true);
      socket.once('error', reject);
      socket.on('data', (chunk) => this.receive(chunk));
      socket.on('close', () => {
        for (const w of this.waiting.values()) {
          clearTimeout(w.timer);
          w.reject(new Error('connection closed'));
        }
        this.waiting.clear();
      });
      this.socket = socket;
    });
  }

  private receive(chunk: Buffer): void {
    for (const frame of this.splitter.push(chunk)) {
      const d = decodeFrame(frame);
      if (!d.ok || d.message.kind === 'fragment') continue;
      const m = d.message as DownlinkMessage;
      if (m.kind === 'platform-response' || m.kind === 'register-response') {
        const w = this.waiting.get(m.replySerial);
        if (w) {
          clearTimeout(w.timer);
          this.waiting.delete(m.replySerial);
          w.resolve(m);
        }
      } else {
        this.onCommand?.(m, d.header.serial, frame);
      }
    }
  }

  /** Encodes a message now, to send later with `sendPrepared` (benchmarks keep encoding out of the timing). */
  prepare(m: UplinkMessage<LocationFix>): { bytes: Buffer; serial: number } {
    const encoded = encodeUplink({ version: this.o.version, phone: this.phone, serial: this.serial, protocolVersion: 1 }, m);
    this.serial = (this.serial + encoded.serials.length) & 0xffff;
    return { bytes: encoded.bytes, serial: encoded.serials[0]! };
  }

  /** Sends a message and waits for the platform's answer to it. */
  request(m: UplinkMessage<LocationFix>): Promise<DownlinkMessage> {
    return this.sendPrepared(this.prepare(m), m.kind);
  }

  /** Sends an encoded message and waits for the answer to its (first) serial. */
  sendPrepared(p: { bytes: Buffer; serial: number }, what = 'message'): Promise<DownlinkMessage> {
    const socket = this.socket;
    if (!socket || socket.destroyed) return Promise.reject(new Error('not connected'));
    const first = p.serial;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(first);
        reject(new Error(`no answer to ${what} within ${this.o.replyTimeoutMs ?? 10_000} ms`));
      }, this.o.replyTimeoutMs ?? 10_000);
      this.waiting.set(first, { resolve, reject, timer });
      socket.write(p.bytes);
    });
  }

  /** Sends without waiting (answers to platform commands). */
  send(m: UplinkMessage<LocationFix>): void {
    this.socket?.write(this.prepare(m).bytes);
  }

  /** Registers and returns the auth code, or null when the platform refused. */
  async register(): Promise<string | null> {
    return (await this.registration()).authCode;
  }

  /** Registers: the 0x8100 result (0 success, 3 already registered, 4 unknown terminal) and the code it carried. */
  async registration(): Promise<{ result: number; authCode: string | null }> {
    const r = await this.request({
      kind: 'register', provinceId: 33, cityId: 100, manufacturerId: 'CVRSK', terminalModel: this.o.model,
      terminalId: this.o.terminalId ?? this.o.deviceNumber.slice(-7), plateColor: 0, plate: '',
    });
    if (r.kind !== 'register-response') return { result: -1, authCode: null };
    return { result: r.result, authCode: r.result === 0 && r.authCode ? r.authCode : null };
  }

  async authenticate(authCode: string): Promise<boolean> {
    return (await this.result({ kind: 'auth', authCode, ...(this.o.version === 2019 ? { imei: this.o.deviceNumber.slice(-15).padStart(15, '0'), softwareVersion: 'sim-1.0' } : {}) })) === ResponseResult.ok;
  }

  /** The 0x8001 result for a message: 0 stored and acknowledged. */
  async result(m: UplinkMessage<LocationFix>): Promise<number> {
    const r = await this.request(m);
    return r.kind === 'platform-response' ? r.result : -1;
  }

  report(fix: LocationFix): Promise<number> {
    return this.result({ kind: 'location', location: fix });
  }

  /** A 0x0704 batch; `blindArea` marks positions kept while out of coverage. */
  reportBatch(fixes: LocationFix[], blindArea = false): Promise<number> {
    return this.result({ kind: 'location-batch', batchType: blindArea ? 1 : 0, locations: fixes });
  }

  heartbeat(): Promise<number> {
    return this.result({ kind: 'heartbeat' });
  }

  /** Answers a platform command the way terminals do: 0x0001, or 0x0201 with a fix for a position query. */
  answer(serial: number, m: DownlinkMessage, fix: LocationFix): void {
    if (m.kind === 'location-query') this.send({ kind: 'location-query-reply', replySerial: serial, location: fix });
    else this.send({ kind: 'terminal-response', replySerial: serial, replyId: MESSAGE_ID_OF[m.kind] ?? 0, result: ResponseResult.ok });
  }

  /**
   * Answers a platform command as a terminal of its model does. A relay command of its model's
   * mapping is carried out first (`onRelay`), so the answer shows it: 0x0500 with `where()` for a
   * 0x8500, 0x0001 for the others. A relay command its model does not know is answered
   * "unsupported" (3); anything else as `answer` does.
   */
  obey(serial: number, m: DownlinkMessage, where: () => LocationFix, onRelay: (order: ControlAction) => void): void {
    const order = relayOrderOf(this.o.model, m);
    if (order === null) {
      this.answer(serial, m, where());
      return;
    }
    if (order !== 'unsupported') onRelay(order);
    if (order !== 'unsupported' && m.kind === 'vehicle-control') this.send({ kind: 'vehicle-control-reply', replySerial: serial, location: where() });
    else this.send({ kind: 'terminal-response', replySerial: serial, replyId: MESSAGE_ID_OF[m.kind] ?? 0, result: order === 'unsupported' ? ResponseResult.unsupported : ResponseResult.ok });
  }

  /** Connected, and the platform has not closed the connection. */
  get connected(): boolean {
    return this.socket !== null && !this.socket.destroyed && !this.socket.readableEnded;
  }

  close(): void {
    this.socket?.destroy();
  }
}

const MESSAGE_ID_OF: Partial<Record<DownlinkMessage['kind'], number>> = {
  'temporary-tracking': MessageId.temporaryTracking,
  'set-parameters': MessageId.setParameters,
  'terminal-control': MessageId.terminalControl,
  'text-message': MessageId.textMessage,
  'vehicle-control': MessageId.vehicleControl,
};

/** A fix as a JT/T 808 location body: status bit 0 ACC, bit 1 positioned, and any further `status` bits. */
export function locationFix(p: { time: number; lng: number; lat: number; speed: number; direction: number; acc: boolean; alarm?: number; status?: number; mileageKm?: number; battery?: number; fixSource?: number }): LocationFix {
  const rawItems = new Map<number, Buffer>();
  if (p.battery !== undefined) rawItems.set(0xe1, Buffer.from([p.battery]));
  if (p.fixSource !== undefined) rawItems.set(0xe2, Buffer.from([p.fixSource]));
  return {
    alarm: p.alarm ?? 0,
    status: ((p.status ?? 0) | (p.acc ? 1 : 0) | 0b10) >>> 0,
    latitude: p.lat,
    longitude: p.lng,
    altitude: 20,
    speedKmh: Math.round(p.speed * 10) / 10,
    direction: Math.round(p.direction) % 360,
    time: Math.floor(p.time / 1000) * 1000,
    items: { ...(p.mileageKm !== undefined ? { mileageKm: Math.round(p.mileageKm * 10) / 10 } : {}), signalStrength: 25, satellites: p.fixSource && p.fixSource !== 1 ? 0 : 12 },
    rawItems,
  };
}
