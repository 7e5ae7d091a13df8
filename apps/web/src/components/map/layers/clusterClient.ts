import type { Datum } from '../datum';
import { handleCluster, type ClusterReply, type ClusterRequest, type ClusterState } from './clusterProtocol';
import { DeviceIndex, type DeviceItem } from './deviceIndex';

type Pending = (reply: ClusterReply) => void;
type Body<K extends ClusterRequest['kind']> = Omit<Extract<ClusterRequest, { kind: K }>, 'seq'>;

/**
 * The cluster index behind a promise: in a Web Worker in the browser, so that rebuilding it for live
 * updates never stalls panning; in this thread where workers do not exist (unit tests under jsdom).
 */
export class ClusterClient {
  private worker: Worker | null = null;
  private local: ClusterState = { index: new DeviceIndex() };
  private pending = new Map<number, Pending>();
  private seq = 0;

  constructor() {
    if (typeof Worker === 'undefined') return;
    this.worker = new Worker(new URL('./clusterWorker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<ClusterReply>) => {
      const done = this.pending.get(e.data.seq);
      this.pending.delete(e.data.seq);
      done?.(e.data);
    };
  }

  private send<K extends ClusterRequest['kind']>(body: Body<K>, transfer: Transferable[] = []): Promise<ClusterReply> {
    const req = { ...body, seq: ++this.seq } as unknown as ClusterRequest;
    if (!this.worker) return Promise.resolve(handleCluster(this.local, req));
    return new Promise((resolve) => {
      this.pending.set(req.seq, resolve);
      this.worker!.postMessage(req, transfer);
    });
  }

  /** Replaces the index; `points` are `[id, lng, lat]` triples (WGS-84) and are handed over, not copied. Resolves with the build time. */
  async load(points: Float64Array, datum: Datum): Promise<number> {
    const reply = await this.send<'load'>({ kind: 'load', points, datum }, [points.buffer]);
    return reply.kind === 'loaded' ? reply.ms : 0;
  }

  async items(box: [number, number, number, number], zoom: number): Promise<DeviceItem[]> {
    const reply = await this.send<'items'>({ kind: 'items', box, zoom });
    return reply.kind === 'items' ? reply.items : [];
  }

  async expansionZoom(clusterId: number): Promise<number> {
    const reply = await this.send<'expand'>({ kind: 'expand', clusterId });
    return reply.kind === 'expand' ? reply.zoom : 0;
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    this.pending.clear();
  }
}
