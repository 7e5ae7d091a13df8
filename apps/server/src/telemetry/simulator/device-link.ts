import { INGEST_KEY_HEADER, type ControlAction } from '@cvrisk/contracts';
import type { LocationFix } from '../jt808/index.js';
import type { PositionPipeline } from '../pipeline/position-pipeline.js';
import type { FixBuffer } from './fix-buffer.js';
import type { PlannedDevice } from './plan-types.js';
import type { AuthCodes } from './auth-codes.js';
import { VirtualTerminal } from './virtual-terminal.js';

/** Why the platform refused a registration (0x8100 results), for the simulator's error lines. */
const REFUSALS: Record<number, string> = {
  3: 'already registered, and this simulator does not hold its code (reset its registration on the device screens)',
  4: 'unknown terminal, or its registration window is closed (开放注册 on the device screens opens it)',
};

/**
 * How the simulated devices reach the platform: as JT/T 808 terminals, as an HTTP integration, or,
 * inside the server process, straight into the position pipeline (no wire: the fastest way to load
 * a history, the same validation, storage and derivation).
 */
export type Connection =
  | { transport: 'tcp'; host: string; port: number; replyTimeoutMs?: number }
  | { transport: 'http'; url: string; apiKey: string }
  | { transport: 'pipeline'; pipeline: Pick<PositionPipeline, 'submit'> };

/** One device's way in. */
export interface DeviceLink {
  /** Sends fixes [from, to) of the buffer; resolves once the platform has acknowledged them. */
  send(fixes: FixBuffer, from: number, to: number, late: boolean): Promise<void>;
  /** Keeps an idle connection open. */
  heartbeat(): Promise<void>;
  /** False once the platform has closed the connection: the device reconnects, as a terminal does. */
  readonly alive: boolean;
  close(): void;
}

/** The platform refused the registration (0x8100 result 3 or 4): retrying at once cannot change that. */
export class RegistrationRefused extends Error {
  constructor(
    readonly deviceNumber: string,
    readonly result: number,
  ) {
    super(`the platform refused to register ${deviceNumber}: ${REFUSALS[result] ?? `result ${result}`}`);
  }
}

/**
 * Signs a connected terminal in as the simulator does: with the auth code kept from an earlier
 * registration (the demo's first start registers every fitted device and keeps its code in DATA_DIR),
 * registering only when it holds none or the platform no longer takes it — which the platform
 * accepts only inside the device's registration window (stock, install or reset).
 */
export async function signIn(vt: VirtualTerminal, authCodes: AuthCodes): Promise<void> {
  const number = vt.o.deviceNumber;
  const known = authCodes.get(number);
  if (known && (await vt.authenticate(known))) return;
  const { result, authCode: code } = await vt.registration();
  if (!code) throw new RegistrationRefused(number, result);
  authCodes.set(number, code);
  if (!(await vt.authenticate(code))) throw new Error(`${number} could not authenticate`);
}

/** How a live device answers platform commands: where it is now (a position query), and what its car does when the relay is cut or restored. */
export type CommandHandling = { whereNow: () => LocationFix; onRelay: (order: ControlAction) => void };

/**
 * Opens a device's link. Over TCP it connects and signs in (`signIn`), and with `commands` it obeys
 * what the platform sends as a terminal of its model does (`VirtualTerminal.obey`).
 */
export async function openLink(device: PlannedDevice, c: Connection, authCodes: AuthCodes, commands?: CommandHandling): Promise<DeviceLink> {
  if (c.transport === 'http') return new HttpLink(device.number, c.url, c.apiKey);
  if (c.transport === 'pipeline') return new PipelineLink(device.number, c.pipeline);
  const vt = new VirtualTerminal({ host: c.host, port: c.port, deviceNumber: device.number, version: device.version, model: device.model, replyTimeoutMs: c.replyTimeoutMs ?? 60_000 });
  await vt.connect();
  try {
    if (commands) vt.onCommand = (m, serial) => vt.obey(serial, m, commands.whereNow, commands.onRelay);
    await signIn(vt, authCodes);
  } catch (err) {
    vt.close();
    throw err;
  }
  return new TcpLink(vt);
}

class TcpLink implements DeviceLink {
  constructor(private readonly vt: VirtualTerminal) {}

  get alive(): boolean {
    return this.vt.connected;
  }

  async send(fixes: FixBuffer, from: number, to: number, late: boolean): Promise<void> {
    const result = to - from === 1 && !late
      ? await this.vt.report(fixes.locationFix(from))
      : await this.vt.reportBatch(Array.from({ length: to - from }, (_, k) => fixes.locationFix(from + k)), late);
    if (result !== 0) throw new Error(`the platform answered ${result} to ${to - from} positions`);
  }

  async heartbeat(): Promise<void> {
    const result = await this.vt.heartbeat();
    if (result !== 0) throw new Error(`the platform answered ${result} to a heartbeat`);
  }

  close(): void {
    this.vt.close();
  }
}

/** The ingest API answers per item; a batch counts as delivered when the call itself succeeded. */
class HttpLink implements DeviceLink {
  private readonly endpoint: string;

  constructor(
    private readonly deviceNumber: string,
    url: string,
    private readonly apiKey: string,
  ) {
    this.endpoint = `${url.replace(/\/+$/, '')}/api/ingest/positions`;
  }

  async send(fixes: FixBuffer, from: number, to: number): Promise<void> {
    const positions = Array.from({ length: to - from }, (_, k) => fixes.ingestPosition(from + k, this.deviceNumber));
    const res = await fetch(this.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INGEST_KEY_HEADER]: this.apiKey },
      body: JSON.stringify({ positions }),
    });
    const body = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    if (!res.ok || (body?.code !== 200 && body?.code !== 0)) throw new Error(`ingest answered HTTP ${res.status}: ${body?.msg ?? 'no reply'}`);
  }

  async heartbeat(): Promise<void> {}

  readonly alive = true;

  close(): void {}
}

/** Resolves once the pipeline has committed the positions, as an acknowledgement would. */
class PipelineLink implements DeviceLink {
  constructor(
    private readonly deviceNumber: string,
    private readonly pipeline: Pick<PositionPipeline, 'submit'>,
  ) {}

  async send(fixes: FixBuffer, from: number, to: number): Promise<void> {
    await this.pipeline.submit(Array.from({ length: to - from }, (_, k) => fixes.incoming(from + k, this.deviceNumber)));
  }

  async heartbeat(): Promise<void> {}

  readonly alive = true;

  close(): void {}
}
