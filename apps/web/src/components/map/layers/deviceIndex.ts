import { MONITOR_CLUSTER_RADIUS, MONITOR_FOCUS_ZOOM } from '@cvrisk/contracts';
import Supercluster from 'supercluster';

/** A device placed in the displayed datum. */
export type IndexedPoint = { id: number; lng: number; lat: number };

export type DeviceItem =
  | { kind: 'cluster'; clusterId: number; lng: number; lat: number; count: number }
  | { kind: 'device'; id: number; lng: number; lat: number };

/**
 * Grid clustering of devices (supercluster). Leaflet tiles are 256 px while supercluster counts its
 * radius against a 512 extent by default: the extent is set to 256 so that the radius is in screen
 * pixels, as console-spec §9's "cluster grid 80" means. Clusters stop below the focus zoom, so a
 * device opened at zoom 16 is always shown on its own.
 */
export class DeviceIndex {
  private index: Supercluster<{ id: number }, object>;

  constructor(radius = MONITOR_CLUSTER_RADIUS, maxZoom = MONITOR_FOCUS_ZOOM - 1) {
    this.index = new Supercluster({ radius, extent: 256, maxZoom });
  }

  load(points: readonly IndexedPoint[]): this {
    this.index.load(
      points.map((p) => ({
        type: 'Feature' as const,
        properties: { id: p.id },
        geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] },
      })),
    );
    return this;
  }

  /** Clusters and single devices within the box, at a whole zoom. */
  items(west: number, south: number, east: number, north: number, zoom: number): DeviceItem[] {
    const box: [number, number, number, number] = [Math.max(west, -180), Math.max(south, -85), Math.min(east, 180), Math.min(north, 85)];
    return this.index.getClusters(box, Math.round(zoom)).map((f) => {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      const p = f.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; id?: number };
      return p.cluster
        ? { kind: 'cluster', clusterId: p.cluster_id!, lng, lat, count: p.point_count! }
        : { kind: 'device', id: p.id!, lng, lat };
    });
  }

  /** The zoom at which a cluster falls apart: where a click on it goes. */
  expansionZoom(clusterId: number): number {
    return this.index.getClusterExpansionZoom(clusterId);
  }
}
