import type { MonitorDevice } from '@cvrisk/contracts';
import L from 'leaflet';
import type { DeviceItem } from './deviceIndex';
import { DEVICE_RADIUS, clusterRadius, drawCluster, drawDevice } from './deviceStyle';

/** What the canvas asks for on every redraw. */
export type DeviceCanvasSource = {
  /** Clusters and devices within the box (displayed datum) at the zoom; asked of the index's worker. */
  items: (bounds: L.LatLngBounds, zoom: number) => Promise<DeviceItem[]>;
  device: (id: number) => MonitorDevice | undefined;
  /** Where a device is now (displayed datum): single devices move at every paint, before the index catches up. */
  at: (device: MonitorDevice) => L.LatLng | null;
  /** The selected device and where it is drawn, on top of everything, even inside a cluster. */
  selected: () => { device: MonitorDevice; at: L.LatLng } | null;
};

export type DeviceCanvasHit = { kind: 'cluster'; clusterId: number; at: L.LatLng } | { kind: 'device'; device: MonitorDevice };

type Hit = { x: number; y: number; r: number; hit: DeviceCanvasHit };

/** How far beyond the view the canvas draws, so that a short pan shows no blank edge. */
const PAD = 0.3;

/**
 * A Leaflet layer that paints devices and clusters itself on one canvas: only what is in view, once per
 * map move or data change, with hit-testing for clicks. Thousands of L.circleMarker objects (one per
 * device) would cost far more than these few hundred draw calls.
 */
export class DeviceCanvasLayer extends L.Layer {
  private canvas = document.createElement('canvas');
  private hits: Hit[] = [];
  /** Where the canvas's top-left corner was when drawn; the zoom animation scales around it. */
  private origin = L.latLng(0, 0);
  private items: DeviceItem[] = [];
  /** Only the answer to the latest question is drawn: the map may have moved on meanwhile. */
  private asked = 0;

  constructor(
    private source: DeviceCanvasSource,
    private onHit: (hit: DeviceCanvasHit) => void,
  ) {
    super();
  }

  override onAdd(map: L.Map): this {
    const pane = map.getPane('devicePane') ?? map.createPane('devicePane');
    // Above vector overlays (tracks, fences: 400), below tooltips and popups.
    pane.style.zIndex = '450';
    pane.style.pointerEvents = 'none';
    this.canvas.className = 'leaflet-zoom-animated map-device-canvas';
    pane.appendChild(this.canvas);
    map.on('moveend', this.redraw, this);
    map.on('resize', this.redraw, this);
    map.on('zoomanim', this.animateZoom, this);
    map.on('click', this.click, this);
    map.on('mousemove', this.hover, this);
    this.redraw();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('moveend', this.redraw, this);
    map.off('resize', this.redraw, this);
    map.off('zoomanim', this.animateZoom, this);
    map.off('click', this.click, this);
    map.off('mousemove', this.hover, this);
    map.getContainer().style.cursor = '';
    this.canvas.remove();
    return this;
  }

  /** Asks the index what is in view, then paints it. */
  redraw(): void {
    const map = this._map as L.Map | undefined;
    if (!map) return;
    const ask = ++this.asked;
    const size = map.getSize();
    const pad = size.multiplyBy(PAD);
    const bounds = L.latLngBounds(map.containerPointToLatLng(pad.multiplyBy(-1)), map.containerPointToLatLng(size.add(pad)));
    void this.source.items(bounds, map.getZoom()).then((items) => {
      if (ask !== this.asked) return;
      this.items = items;
      this.repaint();
    });
  }

  /** Paints the last answer again, with the devices' current states and the current selection. */
  repaint(): void {
    const map = this._map as (L.Map & { _animatingZoom?: boolean }) | undefined;
    // Mid-animation the canvas is being scaled; zoomend asks again anyway.
    if (!map || map._animatingZoom) return;
    const size = map.getSize();
    const pad = size.multiplyBy(PAD).round();
    const topLeft = pad.multiplyBy(-1);
    const full = size.add(pad.multiplyBy(2));
    const ratio = window.devicePixelRatio || 1;
    const canvas = this.canvas;
    L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint(topLeft));
    this.origin = map.containerPointToLatLng(topLeft);
    // Resizing reallocates the canvas: only when the map's size changed, not on every paint.
    if (canvas.width !== full.x * ratio || canvas.height !== full.y * ratio) {
      canvas.width = full.x * ratio;
      canvas.height = full.y * ratio;
      canvas.style.width = `${full.x}px`;
      canvas.style.height = `${full.y}px`;
    }
    const ctx = canvas.getContext('2d');
    this.hits = [];
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, pad.x * ratio, pad.y * ratio);
    ctx.clearRect(-pad.x, -pad.y, full.x, full.y);

    const selected = this.source.selected();
    for (const item of this.items) {
      const p = map.latLngToContainerPoint([item.lat, item.lng]);
      if (p.x < topLeft.x || p.y < topLeft.y || p.x > size.x + pad.x || p.y > size.y + pad.y) continue;
      if (item.kind === 'cluster') {
        drawCluster(ctx, p.x, p.y, item.count);
        this.hits.push({ x: p.x, y: p.y, r: clusterRadius(item.count), hit: { kind: 'cluster', clusterId: item.clusterId, at: L.latLng(item.lat, item.lng) } });
        continue;
      }
      const device = this.source.device(item.id);
      if (!device || device.id === selected?.device.id) continue;
      const now = this.source.at(device);
      const q = now ? map.latLngToContainerPoint(now) : p;
      drawDevice(ctx, q.x, q.y, device.state, device.direction, false);
      this.hits.push({ x: q.x, y: q.y, r: DEVICE_RADIUS + 3, hit: { kind: 'device', device } });
    }
    if (selected) {
      const p = map.latLngToContainerPoint(selected.at);
      drawDevice(ctx, p.x, p.y, selected.device.state, selected.device.direction, true);
      this.hits.push({ x: p.x, y: p.y, r: DEVICE_RADIUS + 4, hit: { kind: 'device', device: selected.device } });
    }
  }

  /** Scales the drawn canvas along with Leaflet's zoom animation, as L.ImageOverlay does. */
  private animateZoom(e: L.ZoomAnimEvent): void {
    const map = this._map as L.Map & { _latLngToNewLayerPoint(ll: L.LatLng, zoom: number, center: L.LatLng): L.Point };
    const scale = map.getZoomScale(e.zoom, map.getZoom());
    L.DomUtil.setTransform(this.canvas, map._latLngToNewLayerPoint(this.origin, e.zoom, e.center), scale);
  }

  private hitAt(p: L.Point): DeviceCanvasHit | null {
    // Last drawn is on top.
    for (let i = this.hits.length - 1; i >= 0; i--) {
      const h = this.hits[i]!;
      const dx = h.x - p.x;
      const dy = h.y - p.y;
      if (dx * dx + dy * dy <= h.r * h.r) return h.hit;
    }
    return null;
  }

  private click(e: L.LeafletMouseEvent): void {
    const hit = this.hitAt(e.containerPoint);
    if (hit) this.onHit(hit);
  }

  private hover(e: L.LeafletMouseEvent): void {
    (this._map as L.Map).getContainer().style.cursor = this.hitAt(e.containerPoint) ? 'pointer' : '';
  }
}
