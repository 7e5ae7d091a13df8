import type { DownlinkMessage, LocationFix } from '../telemetry/jt808/index.js';
import { VirtualTerminal } from '../telemetry/simulator/virtual-terminal.js';

/**
 * A terminal that sends a fixed list of single-fix 0x0200 reports, a few frames in flight at a time,
 * as real ones do: when its gateway goes away it connects to the next one, authenticates with the
 * code it was given, and sends again everything not yet acknowledged (what the platform had already
 * stored comes back acknowledged as well). `ackedVia[i]` is the gateway that acknowledged fix i.
 */
export class ScriptedTerminal {
  readonly ackedVia: (number | null)[];
  private vt: VirtualTerminal | null = null;
  private authCode: string | null = null;
  /** Which gateway (an index into the ports) the terminal is connected to now. */
  gateway: number;
  reconnects = 0;
  /** Answers platform commands on whatever connection the terminal holds at the time. */
  onCommand: ((vt: VirtualTerminal, m: DownlinkMessage, serial: number) => void) | null = null;

  constructor(readonly deviceNumber: string, readonly fixes: LocationFix[], firstGateway: number, private readonly window = 8) {
    this.ackedVia = fixes.map(() => null);
    this.gateway = firstGateway;
  }

  get acked(): number {
    return this.ackedVia.filter((g) => g !== null).length;
  }

  /** Sends every fix until each is acknowledged; `ports()` lists the gateways, dead ones included. */
  async run(ports: () => number[], onAck: () => void): Promise<void> {
    let next = 0;
    while (next < this.fixes.length) {
      if (!this.vt?.connected) await this.connect(ports());
      const vt = this.vt!;
      const via = this.gateway;
      const end = Math.min(next + this.window, this.fixes.length);
      const results = await Promise.allSettled(this.fixes.slice(next, end).map((f) => vt.report(f)));
      for (const r of results) {
        if (r.status !== 'fulfilled' || r.value !== 0) break;
        this.ackedVia[next++] = via;
        onAck();
      }
    }
  }

  /** Reconnects if the gateway went away after the last fix, as a terminal does for its next heartbeat. */
  async stayConnected(ports: () => number[]): Promise<void> {
    if (!this.vt?.connected) await this.connect(ports());
  }

  close(): void {
    this.vt?.close();
  }

  /** Tries the gateways from the current one on, a little later each round, until one takes the terminal. */
  private async connect(ports: number[]): Promise<void> {
    if (this.vt) this.reconnects++;
    for (let attempt = 0; ; attempt++) {
      const gateway = (this.gateway + attempt) % ports.length;
      const vt = new VirtualTerminal({ host: '127.0.0.1', port: ports[gateway]!, deviceNumber: this.deviceNumber, version: this.deviceNumber.length > 12 ? 2019 : 2013, model: 'GT06N', replyTimeoutMs: 20_000 });
      vt.onCommand = (m, serial) => this.onCommand?.(vt, m, serial);
      try {
        await vt.connect();
        this.authCode ??= await vt.register();
        if (this.authCode && (await vt.authenticate(this.authCode))) {
          this.vt = vt;
          this.gateway = gateway;
          return;
        }
        throw new Error(`${this.deviceNumber} was refused by gateway ${gateway}`);
      } catch (err) {
        vt.close();
        if (attempt > 40) throw new Error(`${this.deviceNumber} found no gateway to take it: ${err instanceof Error ? err.message : String(err)}`);
        await new Promise((r) => setTimeout(r, 50 * Math.min(attempt + 1, 10)));
      }
    }
  }
}
