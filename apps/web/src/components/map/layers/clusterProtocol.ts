import { wgsToDatum, type Datum } from '../datum';
import { DeviceIndex, type DeviceItem, type IndexedPoint } from './deviceIndex';

/** Messages to the cluster index (in a worker, or in this thread where there are no workers). */
export type ClusterRequest =
  /** `points` holds `[id, lng, lat]` triples in WGS-84; the index converts them to `datum`. */
  | { kind: 'load'; seq: number; points: Float64Array; datum: Datum }
  | { kind: 'items'; seq: number; box: [number, number, number, number]; zoom: number }
  | { kind: 'expand'; seq: number; clusterId: number };

export type ClusterReply =
  | { kind: 'loaded'; seq: number; ms: number }
  | { kind: 'items'; seq: number; items: DeviceItem[] }
  | { kind: 'expand'; seq: number; zoom: number };

export type ClusterState = { index: DeviceIndex };

export function handleCluster(state: ClusterState, req: ClusterRequest): ClusterReply {
  switch (req.kind) {
    case 'load': {
      const started = performance.now();
      const points: IndexedPoint[] = [];
      for (let i = 0; i < req.points.length; i += 3) {
        const [lng, lat] = wgsToDatum(req.points[i + 1]!, req.points[i + 2]!, req.datum);
        points.push({ id: req.points[i]!, lng, lat });
      }
      state.index = new DeviceIndex().load(points);
      return { kind: 'loaded', seq: req.seq, ms: performance.now() - started };
    }
    case 'items':
      return { kind: 'items', seq: req.seq, items: state.index.items(...req.box, req.zoom) };
    case 'expand':
      return { kind: 'expand', seq: req.seq, zoom: state.index.expansionZoom(req.clusterId) };
  }
}
