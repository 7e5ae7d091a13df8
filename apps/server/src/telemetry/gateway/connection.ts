import type { Socket } from 'node:net';
import type { CommandStore, StoredCommand } from '../commands/command-store.js';
import {
  decodeFrame, decodeMessage, deviceNumberFromPhone, encodeDownlink, FrameSplitter, RegisterResult, ResponseResult,
  SubPackageAssembler, type DownlinkMessage, type Jt808Header, type Location, type UplinkMessage,
} from '../jt808/index.js';
import type { IncomingPosition } from '../pipeline/incoming.js';
import type { PositionPipeline } from '../pipeline/position-pipeline.js';
import { commandDownlink } from './command-downlink.js';
import type { GatewayStats } from './gateway-stats.js';
import type { TerminalDirectory } from './terminal-directory.js';
import { toPosition } from './to-position.js';

export type ConnectionDeps = {
  pipeline: PositionPipeline;
  directory: TerminalDirectory;
  commands: CommandStore;
  stats: GatewayStats;
  /** Called once a terminal has authenticated, so commands can find its connection. */
  onAuthenticated(conn: TerminalConnection): void;
  log: { warn(obj: object, msg: string): void };
};

/** Frames waiting on one connection before it stops reading: a flood slows its sender, not the server. */
const MAX_PENDING_FRAMES = 64;

/**
 * One terminal's TCP connection. Frames are handled strictly in order; a location is acknowledged
 * only after the pipeline has committed it, and nothing is accepted before authentication.
 */
export class TerminalConnection {
  deviceNumber: string | null = null;
  private deviceId: number | null = null;
  private header: Pick<Jt808Header, 'version' | 'phone' | 'protocolVersion'> | null = null;
  private serial = 0;
  private readonly splitter = new FrameSplitter();
  private readonly assembler = new SubPackageAssembler({ maxPendingBytes: 256 * 1024 });
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    readonly socket: Socket,
    private readonly deps: ConnectionDeps,
  ) {
    socket.on('data', (chunk) => this.receive(chunk));
  }

  get authenticated(): boolean {
    return this.deviceId !== null;
  }

  private receive(chunk: Buffer): void {
    const frames = this.splitter.push(chunk);
    for (const frame of frames) {
      this.pending += 1;
      if (this.pending > MAX_PENDING_FRAMES) this.socket.pause();
      this.chain = this.chain
        .then(() => this.handleFrame(frame))
        .catch((err: unknown) => this.deps.log.warn({ err, device: this.deviceNumber }, 'jt808 frame handling failed'))
        .finally(() => {
          this.pending -= 1;
          if (this.pending <= MAX_PENDING_FRAMES / 2 && this.socket.isPaused()) this.socket.resume();
        });
    }
  }

  /** Splitter counters, folded into the gateway's when the connection closes. */
  splitterStats() {
    return this.splitter.stats;
  }

  private async handleFrame(frame: Buffer): Promise<void> {
    const stats = this.deps.stats;
    stats.frames += 1;
    let decoded = decodeFrame(frame);
    if (decoded.ok && decoded.message.kind === 'fragment') {
      const whole = this.assembler.add(decoded.header, decoded.message.body);
      if (!whole) return;
      decoded = decodeMessage(whole.header, whole.body);
    }
    if (!decoded.ok) {
      stats.malformed[decoded.reason] = (stats.malformed[decoded.reason] ?? 0) + 1;
      // Only a frame whose header could be read and checked gets an answer; noise gets none.
      if (decoded.header && (decoded.reason === 'unknown-message' || decoded.reason === 'bad-body')) {
        const result = decoded.reason === 'unknown-message' ? ResponseResult.unsupported : ResponseResult.badMessage;
        this.respond(decoded.header, result);
      }
      return;
    }
    const { header, message } = decoded;
    if (message.kind === 'fragment') return;
    await this.handleMessage(header, message as UplinkMessage);
  }

  private async handleMessage(header: Jt808Header, m: UplinkMessage): Promise<void> {
    this.header ??= { version: header.version, phone: header.phone, protocolVersion: header.protocolVersion };
    const number = deviceNumberFromPhone(header.phone);
    switch (m.kind) {
      case 'register': {
        const code = await this.deps.directory.register(number, m.terminalModel);
        if (!code) this.deps.stats.registerRefused += 1;
        this.send(header, code ? { kind: 'register-response', replySerial: header.serial, result: RegisterResult.success, authCode: code } : { kind: 'register-response', replySerial: header.serial, result: RegisterResult.terminalUnknown });
        return;
      }
      case 'auth': {
        const terminal = await this.deps.directory.find(number);
        if (!terminal || !terminal.authCode || terminal.authCode !== m.authCode) {
          this.deps.stats.authFailed += 1;
          this.respond(header, ResponseResult.fail);
          return;
        }
        this.deviceId = terminal.id;
        this.deviceNumber = terminal.number;
        this.header = { version: header.version, phone: header.phone, protocolVersion: header.protocolVersion };
        this.respond(header, ResponseResult.ok);
        this.deps.onAuthenticated(this);
        for (const c of await this.deps.commands.queuedFor(terminal.id)) await this.deliver(c);
        return;
      }
      case 'logout':
        this.respond(header, ResponseResult.ok);
        this.socket.end();
        return;
      default:
        break;
    }
    if (!this.authenticated || this.deviceNumber !== number) {
      this.deps.stats.refusedUnauthenticated += 1;
      this.respond(header, ResponseResult.fail);
      return;
    }
    switch (m.kind) {
      case 'heartbeat':
        this.respond(header, ResponseResult.ok);
        return;
      case 'terminal-response':
        await this.deps.commands.markAnswered(this.deviceId!, m.replySerial, m.result === ResponseResult.ok, `终端应答 ${m.result}`);
        return;
      case 'location':
        await this.store(header, [m.location]);
        return;
      case 'location-batch':
        await this.store(header, m.locations);
        return;
      case 'location-query-reply':
        await this.store(header, [m.location]);
        await this.deps.commands.markAnswered(this.deviceId!, m.replySerial, true, `位置 ${m.location.longitude.toFixed(6)},${m.location.latitude.toFixed(6)}`);
        return;
    }
  }

  /** Stores, then acknowledges: a crash before the commit leaves the terminal to send again. */
  private async store(header: Jt808Header, locations: Location[]): Promise<void> {
    const positions = locations.map((l) => toPosition(this.deviceNumber!, l)).filter((p): p is IncomingPosition => p !== null);
    if (positions.length) await this.deps.pipeline.submit(positions);
    this.deps.stats.positions += positions.length;
    this.respond(header, ResponseResult.ok);
  }

  /** Sends a stored command now; the caller records it as sent with the serial used. */
  async deliver(c: StoredCommand): Promise<void> {
    if (!this.header || this.socket.destroyed) return;
    const serial = this.nextSerial();
    this.write(encodeDownlink({ ...this.header, serial }, commandDownlink(c)).bytes);
    await this.deps.commands.markSent(c.id, serial);
  }

  private respond(header: Jt808Header, result: number): void {
    this.send(header, { kind: 'platform-response', replySerial: header.serial, replyId: header.messageId, result });
  }

  private send(header: Jt808Header, m: DownlinkMessage): void {
    const ctx = { version: header.version, phone: header.phone, protocolVersion: header.protocolVersion, serial: this.nextSerial() };
    this.write(encodeDownlink(ctx, m).bytes);
  }

  private write(bytes: Buffer): void {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  private nextSerial(): number {
    const s = this.serial;
    this.serial = (this.serial + 1) & 0xffff;
    return s;
  }
}
