// A JT/T 808 load generator for one fix per 0x0200 message, as most real terminals send them. It shares
// a small machine with the server it measures, so it must cost little: frames are encoded before the
// timing starts and kept back to back in one buffer per terminal (a burst is one write of a slice),
// and acknowledgements are read straight from the bytes instead of through the full decoder.
import net from 'node:net';
import { encodeUplink, MessageId } from '../apps/server/src/telemetry/jt808/index.js';
import { FLAG, unescapeBytes } from '../apps/server/src/telemetry/jt808/escape.js';
import { headerLength } from '../apps/server/src/telemetry/jt808/header.js';
import { locationFix } from '../apps/server/src/telemetry/simulator/virtual-terminal.js';

/** The 2019 bit of the header's properties word: the answer's header is then longer. */
const VERSION_2019_BIT = 0x4000;
/** Serial 0 authenticates; fix k goes out with serial k + 1, so one terminal's run must fit the 16-bit serial. */
const MAX_FIXES = 0xffff;
/** State of one message once written (0 until then): written, answered 0, answered otherwise. */
const SENT = 1, OK = 2, FAILED = 3;

export type LoadResult = {
  planned: number;
  sent: number;
  ok: number;
  /** Answered with a non-zero result. */
  failed: number;
  /** Written but never answered before the run ended. */
  unanswered: number;
  /** Connections the server closed during the run. */
  closed: number;
  /** From the first write to the last answer. */
  seconds: number;
  /** From the first write to the last. */
  sendSeconds: number;
  /** Write → 0x8001 with result 0, ms, sorted ascending. */
  latencies: Float64Array;
  /** This process's CPU over the run: the generator's own cost. */
  generatorCpuSeconds: number;
  timedOut: boolean;
};

class LoadTerminal {
  /** The run's frames back to back; frame k spans ends[k - 1] (0 for k = 0) to ends[k]. */
  frames = Buffer.alloc(0);
  ends = new Uint32Array(0);
  state = new Uint8Array(0);
  sentAt = new Float64Array(0);
  /** The gps time of each frame's fix. */
  times = new Float64Array(0);
  next = 0;
  answered = 0;
  /** Fixes encoded over all runs: gps times keep increasing from one run to the next. */
  fixes = 0;
  private rest: Buffer | null = null;
  /** Hooks of the current run: each 0x8001, the end of a chunk of them, the connection closing. */
  onAnswer: (replySerial: number, result: number) => void = () => {};
  onChunk: () => void = () => {};
  onClose: () => void = () => {};

  constructor(readonly socket: net.Socket, readonly phone: string) {
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.receive(chunk));
    // A reset shows as 'close', counted by the run; the error itself adds nothing.
    socket.on('error', () => {});
    socket.on('close', () => this.onClose());
  }

  /** Cuts the stream at 0x7e and reads only what an acknowledgement needs: id, reply serial, result. */
  private receive(chunk: Buffer): void {
    const buf = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    this.rest = null;
    let open = buf.indexOf(FLAG);
    while (open !== -1) {
      const close = buf.indexOf(FLAG, open + 1);
      if (close === -1) {
        this.rest = buf.subarray(open);
        break;
      }
      // Two delimiters in a row: the second opens the next frame.
      if (close === open + 1) {
        open = close;
        continue;
      }
      this.frame(buf.subarray(open + 1, close));
      open = buf.indexOf(FLAG, close + 1);
    }
    this.onChunk();
  }

  private frame(escaped: Buffer): void {
    const content = escaped.includes(0x7d) ? unescapeBytes(escaped) : escaped;
    if (!content || content.length < 4 || content.readUInt16BE(0) !== MessageId.platformResponse) return;
    const at = headerLength(content.readUInt16BE(2) & VERSION_2019_BIT ? 2019 : 2013, false);
    // Body: reply serial (2), reply id (2), result (1); then the check code.
    if (content.length < at + 6) return;
    this.onAnswer(content.readUInt16BE(at), content[at + 4]!);
  }

  /** The gps times of the fixes acknowledged with 0 in the last run. */
  acknowledged(): number[] {
    const out: number[] = [];
    for (let k = 0; k < this.state.length; k++) if (this.state[k] === OK) out.push(this.times[k]!);
    return out;
  }

  /** Writes frames next..upto-1 in one go. */
  sendUpTo(upto: number, now: number): void {
    if (upto <= this.next) return;
    this.socket.write(this.frames.subarray(this.next ? this.ends[this.next - 1] : 0, this.ends[upto - 1]));
    for (let k = this.next; k < upto; k++) {
      this.state[k] = SENT;
      this.sentAt[k] = now;
    }
    this.next = upto;
  }
}

/** Opens and authenticates a terminal per number (12 digits, JT/T 808-2013), `batch` at a time. */
export async function connectTerminals(
  port: number, numbers: string[], authCode: string, onProgress: (done: number) => void, batch = 500,
): Promise<LoadTerminal[]> {
  const out: LoadTerminal[] = [];
  for (let i = 0; i < numbers.length; i += batch) {
    out.push(...(await Promise.all(numbers.slice(i, i + batch).map((n) => connectOne(port, n, authCode)))));
    onProgress(out.length);
  }
  return out;
}

function connectOne(port: number, number: string, authCode: string): Promise<LoadTerminal> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const t = new LoadTerminal(socket, number.padStart(12, '0'));
    const timer = setTimeout(() => reject(new Error(`terminal ${number}: no answer to 0x0102`)), 30_000);
    t.onClose = () => reject(new Error(`terminal ${number}: closed before authenticating`));
    socket.once('connect', () => socket.write(encodeUplink({ version: 2013, phone: t.phone, serial: 0 }, { kind: 'auth', authCode }).bytes));
    t.onAnswer = (serial, result) => {
      if (serial !== 0) return;
      clearTimeout(timer);
      if (result !== 0) reject(new Error(`terminal ${number}: 0x0102 answered ${result}`));
      else resolve(t);
    };
  });
}

/**
 * Encodes each terminal's next `count` fixes: 1 s apart from a few hours ago, moving east at 40 km/h
 * near 120.x E 30.x N with mileage to match, ACC on. Done before a run so encoding stays out of it.
 */
export function prepareFixes(terminals: LoadTerminal[], count: number): void {
  if (count > MAX_FIXES) throw new RangeError(`at most ${MAX_FIXES} fixes per terminal and run`);
  // Whole seconds: JT/T 808 carries a fix's time to the second.
  const T0 = Math.floor(Date.now() / 1000) * 1000 - 6 * 3600_000;
  terminals.forEach((t, n) => {
    const parts: Buffer[] = [];
    t.ends = new Uint32Array(count);
    t.times = new Float64Array(count);
    let end = 0;
    for (let k = 0; k < count; k++) {
      const j = t.fixes + k;
      t.times[k] = T0 + j * 1000;
      const fix = locationFix({
        time: t.times[k]!, lng: 120 + (n % 1000) * 0.001 + j * 0.000115, lat: 30 + Math.floor(n / 1000) * 0.05,
        speed: 40, direction: 90, acc: true, mileageKm: 1000 + j * 0.0111,
      });
      const bytes = encodeUplink({ version: 2013, phone: t.phone, serial: k + 1 }, { kind: 'location', location: fix }).bytes;
      parts.push(bytes);
      t.ends[k] = end += bytes.length;
    }
    t.fixes += count;
    t.frames = Buffer.concat(parts);
    t.state = new Uint8Array(count);
    t.sentAt = new Float64Array(count);
    t.next = 0;
    t.answered = 0;
  });
}

/**
 * Runs the prepared fixes: `start` writes the first ones, `refill(t)` may write more after a chunk of
 * answers to terminal t. Ends once `expected()` messages are answered (a closed connection's are
 * given up at once), or after `timeoutMs`.
 */
function run(
  terminals: LoadTerminal[], timeoutMs: number, onProgress: (ok: number, planned: number) => void,
  start: () => void, refill: (t: LoadTerminal) => void, expected: () => number,
): Promise<LoadResult> {
  const planned = terminals.reduce((s, t) => s + t.state.length, 0);
  const latencies = new Float64Array(planned);
  let ok = 0, failed = 0, answered = 0, closed = 0, lastAnswer = 0;
  const cpu0 = process.cpuUsage();
  return new Promise((resolve) => {
    const t0 = performance.now();
    const finish = (timedOut: boolean) => {
      clearInterval(ticker);
      clearTimeout(timer);
      const cpu = process.cpuUsage(cpu0);
      let sent = 0, lastWrite = t0;
      for (const t of terminals) {
        t.onAnswer = t.onChunk = t.onClose = () => {};
        sent += t.next;
        if (t.next) lastWrite = Math.max(lastWrite, t.sentAt[t.next - 1]!);
      }
      resolve({
        planned, sent, ok, failed, unanswered: sent - ok - failed, closed, timedOut,
        seconds: ((lastAnswer || performance.now()) - t0) / 1000,
        sendSeconds: (lastWrite - t0) / 1000,
        latencies: latencies.subarray(0, ok).sort(),
        generatorCpuSeconds: (cpu.user + cpu.system) / 1e6,
      });
    };
    const check = () => {
      if (answered >= expected()) finish(false);
    };
    const ticker = setInterval(() => onProgress(ok, planned), 1000);
    const timer = setTimeout(() => finish(true), timeoutMs);
    for (const t of terminals) {
      t.onClose = () => {
        closed += 1;
        answered += t.state.length - t.answered;
        t.answered = t.state.length;
        check();
      };
      t.onAnswer = (serial, result) => {
        const k = (serial - 1) & 0xffff;
        if (t.state[k] !== SENT) return;
        const now = performance.now();
        if (result === 0) {
          t.state[k] = OK;
          latencies[ok++] = now - t.sentAt[k]!;
        } else {
          t.state[k] = FAILED;
          failed += 1;
        }
        t.answered += 1;
        answered += 1;
        lastAnswer = now;
      };
      t.onChunk = () => {
        refill(t);
        check();
      };
    }
    start();
  });
}

/** Every terminal keeps `window` messages outstanding until its prepared fixes are all answered. */
export function saturate(terminals: LoadTerminal[], window: number, timeoutMs: number, onProgress: (ok: number, planned: number) => void): Promise<LoadResult> {
  const planned = terminals.reduce((s, t) => s + t.state.length, 0);
  return run(
    terminals, timeoutMs, onProgress,
    () => {
      const now = performance.now();
      for (const t of terminals) t.sendUpTo(Math.min(t.state.length, window), now);
    },
    (t) => t.sendUpTo(Math.min(t.state.length, t.answered + window), performance.now()),
    () => planned,
  );
}

/**
 * Offers `rate` messages/s in total, round-robin over the terminals (message i is due i / rate s
 * after the start), never waiting for answers; a tick every 5 ms writes whatever is due. Runs for as
 * many messages as were prepared (the same number per terminal), then waits up to `drainMs` for the
 * last answers.
 */
export function steady(terminals: LoadTerminal[], rate: number, drainMs: number, onProgress: (ok: number, planned: number) => void): Promise<LoadResult> {
  const planned = terminals.reduce((s, t) => s + t.state.length, 0);
  let written = 0;
  let tick: NodeJS.Timeout | undefined;
  return run(
    terminals, (planned / rate) * 1000 + drainMs, onProgress,
    () => {
      const t0 = performance.now();
      const due = () => {
        const now = performance.now();
        const upto = Math.min(planned, Math.floor(((now - t0) * rate) / 1000) + 1);
        for (; written < upto; written++) {
          const t = terminals[written % terminals.length]!;
          if (!t.socket.destroyed) t.sendUpTo(Math.floor(written / terminals.length) + 1, now);
        }
        if (written >= planned) clearInterval(tick);
      };
      tick = setInterval(due, 5);
      due();
    },
    () => {},
    // Until the last message is out, answers catching up with the writes do not end the run.
    () => (written >= planned ? planned : Infinity),
  ).finally(() => clearInterval(tick));
}
