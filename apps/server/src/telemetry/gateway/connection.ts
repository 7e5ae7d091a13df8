import type { Socket } from 'node:net';
import { relayStateOf } from '@cvrisk/contracts';
import type { CommandStore, StoredCommand } from '../commands/command-store.js';
import {
  createAckEncoder, decodeFrame, decodeMessage, deviceNumberFromPhone, encodeDownlink, FrameSplitter, MessageId, RegisterResult, ResponseResult,
  SubPackageAssembler, type AckEncoder, type ByteBudget, type DownlinkMessage, type Jt808Header, type Location, type UplinkMessage,
} from '../jt808/index.js';
import type { IncomingPosition, ItemResult } from '../pipeline/incoming.js';
import type { PositionSink } from '../pipeline/position-pipeline.js';
import { commandDownlink } from './command-downlink.js';
import type { GatewayStats } from './gateway-stats.js';
import type { RegistrationClaim, TerminalDirectory } from './terminal-directory.js';
import { toPosition } from './to-position.js';

export type ConnectionDeps = {
  pipeline: PositionSink;
  directory: TerminalDirectory;
  commands: CommandStore;
  stats: GatewayStats;
  /** Shared by every connection's sub-package reassembly. */
  reassemblyBudget: ByteBudget;
  /** Bytes one connection may hold in unfinished sub-packaged messages. */
  reassemblyBytesPerConnection: number;
  /** Whether this device number may still try to register or authenticate from this connection's address. */
  attemptAllowed(deviceNumber: string): boolean;
  /** A failed registration or authentication of this number from this connection's address; true when the number or the address is now throttled. */
  onFailedAttempt(deviceNumber: string): boolean;
  /** Called once a terminal has authenticated, so commands can find its connection. */
  onAuthenticated(conn: TerminalConnection): void;
  /** The authenticated terminal with this device id sent a message at this time (its online state). */
  heard(deviceId: number, at: number): void;
  /** Shared by the gateway's connections; frames are timed only while something observes. */
  ackTiming: AckTiming;
  log: { warn(obj: object, msg: string): void };
};

/**
 * Frames an authenticated connection may have unanswered (being handled, or stored and waiting for
 * their commit) before it stops reading: a flood slows its sender, not the server.
 */
const MAX_PENDING_FRAMES = 64;
/** Before authentication a terminal sends one request at a time and waits for its answer. */
const MAX_PENDING_FRAMES_UNAUTHENTICATED = 4;
/** Messages refused for want of authentication before the connection is closed. */
const MAX_UNAUTHENTICATED_REFUSALS = 8;
/** What a connection may do before it has authenticated. */
const BEFORE_AUTH = new Set<number>([MessageId.register, MessageId.auth, MessageId.heartbeat]);

/**
 * One answer in the connection's outbox: `ready` once it may leave (`bytes` null for no answer, as
 * for positions whose commit failed), then `after` runs (closing the connection after a logout).
 */
type Answer = { ready: boolean; bytes: Buffer | null; after?: () => void; receivedAt?: number };

/** Told, in seconds, how long each location message waited from its arrival to its acknowledgement being written (metrics). */
export type AckTiming = { observe: ((seconds: number) => void) | null };

const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

/**
 * One terminal's TCP connection. Frames are handled strictly in order; a location is acknowledged
 * only after the pipeline has committed it, but the next frame does not wait for that commit: frames
 * are queued in order, stored in order and answered in order, so one connection carries thousands of
 * positions a second. Before authentication only register, authenticate and heartbeat are read, and
 * sub-packaged parts are dropped unread, so a stranger costs a few bytes.
 */

/** The 0x0001 result byte in words, as the command history and a case's immobilisation show it. */
const RESULT_WORDS: Record<number, string> = { 0: '成功', 1: '失败', 2: '消息有误', 3: '不支持' };
export class TerminalConnection {
  deviceNumber: string | null = null;
  private deviceId: number | null = null;
  private header: Pick<Jt808Header, 'version' | 'phone' | 'protocolVersion'> | null = null;
  /** Acknowledgements in the authenticated header's version and phone. */
  private ack: AckEncoder | null = null;
  /** Writes of one turn of the event loop leave in one system call. */
  private corked = false;
  private serial = 0;
  private readonly splitter = new FrameSplitter();
  private readonly assembler: SubPackageAssembler;
  /** The frame being handled, if it waits for something, then the frames queued behind it. */
  private chain: Promise<void> = Promise.resolve();
  /** Frames received and not yet handled. */
  private pending = 0;
  /**
   * Answers in the order their frames came, not yet written: an answer waiting for a commit holds back
   * the ones after it.
   */
  private readonly outbox: Answer[] = [];
  private refusals = 0;
  /** The device number of the registration or authentication being handled. */
  private attemptNumber = '';

  constructor(
    readonly socket: Socket,
    private readonly deps: ConnectionDeps,
  ) {
    this.assembler = new SubPackageAssembler({ maxPendingBytes: deps.reassemblyBytesPerConnection, budget: deps.reassemblyBudget });
    socket.on('data', (chunk) => this.receive(chunk));
    socket.on('close', () => this.assembler.clear());
  }

  get authenticated(): boolean {
    return this.deviceId !== null;
  }

  /** Bytes held for unfinished sub-packaged messages. */
  get reassemblyBytes(): number {
    return this.assembler.pendingBytes;
  }

  private receive(chunk: Buffer): void {
    const frames = this.splitter.push(chunk);
    // One clock read per chunk, and none unless acknowledgements are measured.
    const at = this.deps.ackTiming.observe ? performance.now() : undefined;
    for (const frame of frames) {
      this.pending += 1;
      // Before authentication a terminal waits for each answer: a burst is not a terminal.
      if (!this.authenticated && this.pending > MAX_PENDING_FRAMES_UNAUTHENTICATED) {
        this.deps.stats.refusedUnauthenticated += frames.length;
        this.socket.destroy();
        return;
      }
      if (this.pending + this.outbox.length > MAX_PENDING_FRAMES) this.socket.pause();
      if (this.pending > 1 || !this.authenticated) {
        this.chain = this.chain.then(() => this.handleFrame(frame, at)).then(this.frameDone, this.frameFailed);
        continue;
      }
      // Nothing ahead of it: handled now, and only a frame that must wait (a database lookup) holds back the next.
      let waiting: Promise<void> | void;
      try {
        waiting = this.handleFrame(frame, at);
      } catch (err) {
        this.frameFailed(err);
        continue;
      }
      if (waiting) this.chain = waiting.then(this.frameDone, this.frameFailed);
      else this.frameDone();
    }
  }

  private readonly frameDone = (): void => {
    this.pending -= 1;
    this.resumeIfDrained();
  };

  private readonly frameFailed = (err: unknown): void => {
    this.deps.log.warn({ err, device: this.deviceNumber }, 'jt808 frame handling failed');
    this.frameDone();
  };

  private resumeIfDrained(): void {
    if (this.pending + this.outbox.length <= MAX_PENDING_FRAMES / 2 && this.socket.isPaused()) this.socket.resume();
  }

  /** Splitter counters, folded into the gateway's when the connection closes. */
  splitterStats() {
    return this.splitter.stats;
  }

  /** Handles one frame; a promise only when it has to wait (the frames after it wait too). `at`: when it arrived, if timed. */
  private handleFrame(frame: Buffer, at: number | undefined): Promise<void> | void {
    if (this.socket.destroyed) return;
    const stats = this.deps.stats;
    stats.frames += 1;
    let decoded = decodeFrame(frame);
    if (decoded.ok && decoded.message.kind === 'fragment') {
      if (!this.authenticated) {
        stats.fragmentsRefused += 1;
        this.refuseUnauthenticated(decoded.header, false);
        return;
      }
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
    if (!this.authenticated && !BEFORE_AUTH.has(header.messageId)) {
      this.refuseUnauthenticated(header, true);
      return;
    }
    return this.handleMessage(header, message as UplinkMessage, at);
  }

  /** Answers (when asked to) with a failure; a connection that keeps trying is closed. */
  private refuseUnauthenticated(header: Jt808Header, answer: boolean): void {
    this.deps.stats.refusedUnauthenticated += 1;
    if (answer) this.respond(header, ResponseResult.fail);
    this.refusals += 1;
    if (this.refusals >= MAX_UNAUTHENTICATED_REFUSALS) this.socket.destroy();
  }

  /** A failed registration or authentication: counted against the number and the address, which may close us. */
  private failedAttempt(): void {
    if (this.deps.onFailedAttempt(this.attemptNumber)) this.socket.end();
  }

  private handleMessage(header: Jt808Header, m: UplinkMessage, at: number | undefined): Promise<void> | void {
    this.header ??= { version: header.version, phone: header.phone, protocolVersion: header.protocolVersion };
    // An authenticated terminal sends its own phone field every time: its number is known.
    const number = this.deviceNumber !== null && header.phone === this.header.phone ? this.deviceNumber : deviceNumberFromPhone(header.phone);
    if (m.kind === 'register' || m.kind === 'auth') {
      // A number that keeps failing from this address is turned away unchecked (and uncounted) for the window.
      if (!this.deps.attemptAllowed(number)) {
        this.socket.destroy();
        return;
      }
      this.attemptNumber = number;
    }
    if (m.kind === 'register') return this.register(header, { number, model: m.terminalModel, terminalId: m.terminalId });
    if (m.kind === 'auth') return this.authenticate(header, number, m.authCode);
    if (!this.authenticated || this.deviceNumber !== number) {
      this.refuseUnauthenticated(header, true);
      return;
    }
    this.deps.heard(this.deviceId!, Date.now());
    switch (m.kind) {
      case 'heartbeat':
        this.respond(header, ResponseResult.ok);
        return;
      case 'logout':
        return this.logout(header);
      case 'terminal-response':
        return this.markAnswered(m.replySerial, m.result === ResponseResult.ok, `终端应答：${RESULT_WORDS[m.result] ?? `结果 ${m.result}`}`);
      case 'location':
        return this.store(header, [m.location], at);
      case 'location-batch':
        return this.store(header, m.locations, at);
      case 'location-query-reply': {
        const l = m.location;
        return this.storeAndMarkAnswered(header, l, at, m.replySerial, `位置 ${l.longitude.toFixed(6)},${l.latitude.toFixed(6)}`);
      }
      case 'vehicle-control-reply': {
        // The status word it carries says whether the relay is now cut; stored, it is the device's relay state.
        const relay = relayStateOf(m.location.status) === 'cut' ? '油电已断开' : '油电正常';
        return this.storeAndMarkAnswered(header, m.location, at, m.replySerial, `车辆控制应答：${relay}`);
      }
    }
  }

  /** An answer carrying a position (0x0201, 0x0500): the position is stored as a report, then the command marked answered. */
  private storeAndMarkAnswered(header: Jt808Header, l: Location, at: number | undefined, replySerial: number, reply: string): Promise<void> {
    const answered = () => this.markAnswered(replySerial, true, reply);
    const storing = this.store(header, [l], at);
    return storing ? storing.then(answered) : answered();
  }

  private async register(header: Jt808Header, claim: RegistrationClaim): Promise<void> {
    const r = await this.deps.directory.register(claim);
    this.send(header, { kind: 'register-response', replySerial: header.serial, ...r });
    if (r.result !== RegisterResult.success) {
      this.deps.stats.registerRefused += 1;
      this.failedAttempt();
    }
  }

  private async authenticate(header: Jt808Header, number: string, authCode: string): Promise<void> {
    const terminal = await this.deps.directory.authenticate(number, authCode);
    if (!terminal) {
      this.deps.stats.authFailed += 1;
      this.respond(header, ResponseResult.fail);
      this.failedAttempt();
      return;
    }
    this.deviceId = terminal.id;
    this.deviceNumber = terminal.number;
    this.header = { version: header.version, phone: header.phone, protocolVersion: header.protocolVersion };
    this.ack = createAckEncoder(this.header);
    this.deps.heard(terminal.id, Date.now());
    this.respond(header, ResponseResult.ok);
    this.deps.onAuthenticated(this);
    await this.deliverQueued();
  }

  /** JT/T 808 0x0003: the terminal gives up its registration; it registers again next time. */
  private async logout(header: Jt808Header): Promise<void> {
    await this.deps.directory.deregister(this.deviceId!);
    this.respond(header, ResponseResult.ok);
    // Positions sent before the logout are still acknowledged first.
    this.afterAnswers(() => void this.socket.end());
  }

  private async markAnswered(replySerial: number, ok: boolean, answer: string): Promise<void> {
    await this.deps.commands.markAnswered(this.deviceId!, replySerial, ok, answer);
  }

  /**
   * Queues the fixes for storing and the acknowledgement behind their commit: a crash before the
   * commit leaves the terminal to send again. A message holding an invalid fix (coordinates out of
   * range, no valid time, too far ahead) is answered "message error" (2) and counted on the device;
   * its valid fixes are stored, and a resend of them is dropped as duplicates. A failed database
   * write gets no answer, so the terminal sends again. A promise only while the device is looked up.
   */
  private store(header: Jt808Header, locations: Location[], at: number | undefined): Promise<void> | void {
    this.deps.stats.receivedPositions += locations.length;
    const positions: IncomingPosition[] = [];
    let invalid = 0;
    let reason = '';
    for (const l of locations) {
      const p = toPosition(this.deviceNumber!, l);
      if (p) positions.push(p);
      else {
        invalid += 1;
        reason ||= '定位时间无效';
      }
    }
    const answer = this.reserveAnswer(at);
    const committed = (results: ItemResult[] | Error): void => {
      if (results instanceof Error) {
        this.deps.log.warn({ err: results, device: this.deviceNumber }, 'jt808 positions not stored');
        this.fulfil(answer, null);
        return;
      }
      for (const r of results) {
        if (r.status !== 'rejected') continue;
        invalid += 1;
        reason ||= r.reason ?? '';
      }
      this.deps.stats.positions += locations.length - invalid;
      if (!invalid) {
        this.fulfil(answer, this.response(header, ResponseResult.ok));
        return;
      }
      this.deps.stats.invalidPositions += invalid;
      this.deps.directory.countInvalid(this.deviceId!, invalid, reason).then(
        () => this.fulfil(answer, this.response(header, ResponseResult.badMessage)),
        (err: unknown) => committed(asError(err)),
      );
    };
    const sink = this.deps.pipeline;
    if (positions.length === 0) committed([]);
    else if (!sink.queueNow?.(positions, committed)) {
      return sink.queue(positions).then(
        (queued) => void queued.results.then(committed, (err: unknown) => committed(asError(err))),
        (err: unknown) => committed(asError(err)),
      );
    }
  }

  /** A place in the outbox for an answer that waits for a commit: the answers after it wait too. */
  private reserveAnswer(receivedAt: number | undefined): Answer {
    const answer: Answer = { ready: false, bytes: null, receivedAt };
    this.outbox.push(answer);
    return answer;
  }

  private fulfil(answer: Answer, bytes: Buffer | null): void {
    answer.ready = true;
    answer.bytes = bytes;
    this.flushOutbox();
    this.resumeIfDrained();
  }

  /** Writes the answers at the head of the outbox that are ready, in order. */
  private flushOutbox(): void {
    while (this.outbox.length && this.outbox[0]!.ready) {
      const { bytes, after, receivedAt } = this.outbox.shift()!;
      if (bytes) {
        this.write(bytes);
        if (receivedAt !== undefined) this.deps.ackTiming.observe?.((performance.now() - receivedAt) / 1000);
      }
      after?.();
    }
  }

  /** Runs `action` once every answer queued so far has been written. */
  private afterAnswers(action: () => void): void {
    if (this.outbox.length === 0) action();
    else this.outbox.push({ ready: true, bytes: null, after: action });
  }

  /** Sends a stored command now, recorded as sent with the serial used; nothing when another sending claimed it first. */
  async deliver(c: StoredCommand): Promise<void> {
    if (!this.header || this.socket.destroyed) return;
    const serial = this.nextSerial();
    if (!(await this.deps.commands.claim(c.id, serial))) return;
    this.write(encodeDownlink({ ...this.header, serial }, commandDownlink(c)).bytes);
  }

  /** Sends every command stored for this terminal and not sent yet. */
  async deliverQueued(): Promise<void> {
    if (this.deviceId === null) return;
    for (const c of await this.deps.commands.queuedFor(this.deviceId)) await this.deliver(c);
  }

  private respond(header: Jt808Header, result: number): void {
    this.send(header, { kind: 'platform-response', replySerial: header.serial, replyId: header.messageId, result });
  }

  private response(header: Jt808Header, result: number): Buffer {
    const h = this.header;
    if (this.ack && h && header.version === h.version && header.phone === h.phone && header.protocolVersion === h.protocolVersion) {
      return this.ack(this.nextSerial(), header.serial, header.messageId, result);
    }
    return this.encode(header, { kind: 'platform-response', replySerial: header.serial, replyId: header.messageId, result });
  }

  /** Answers in frame order: behind any acknowledgement still waiting for its commit. */
  private send(header: Jt808Header, m: DownlinkMessage): void {
    const bytes = this.encode(header, m);
    if (this.outbox.length === 0) this.write(bytes);
    else this.outbox.push({ ready: true, bytes });
  }

  private encode(header: Jt808Header, m: DownlinkMessage): Buffer {
    const ctx = { version: header.version, phone: header.phone, protocolVersion: header.protocolVersion, serial: this.nextSerial() };
    return encodeDownlink(ctx, m).bytes;
  }

  private write(bytes: Buffer): void {
    if (this.socket.destroyed) return;
    // One commit answers several frames of a busy connection: their acknowledgements share a write.
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      process.nextTick(() => {
        this.corked = false;
        this.socket.uncork();
      });
    }
    this.socket.write(bytes);
  }

  private nextSerial(): number {
    const s = this.serial;
    this.serial = (this.serial + 1) & 0xffff;
    return s;
  }
}
