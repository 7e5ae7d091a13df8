import L from 'leaflet';
import { SPEED_BANDS, type SpeedRun } from './speedRuns';

/** How far beyond the view the canvas draws, so that a short pan shows no blank edge. */
const PAD = 0.3;
const LINE_WIDTH = 4;

/**
 * A replayed track painted on one canvas of its own. Leaflet polylines re-project and re-clip every
 * vertex on each zoom and keep them as objects (long tasks of 0.5 s and seconds of garbage collection
 * for a month of 100,000 fixes); here the points are projected once, at zoom 0, into a Float64Array,
 * and each paint only scales them, skipping vertices closer than a pixel to the last one drawn.
 */
export class TrackCanvasLayer extends L.Layer {
  private canvas = document.createElement('canvas');
  /** x0, y0, x1, y1, ... in world pixels at zoom 0. */
  private world = new Float64Array(0);
  /** Where the canvas's top-left corner was when drawn; the zoom animation scales around it. */
  private origin = L.latLng(0, 0);

  constructor(
    private points: readonly L.LatLng[],
    private runs: readonly SpeedRun[],
  ) {
    super();
  }

  override onAdd(map: L.Map): this {
    const pane = map.getPane('trackPane') ?? map.createPane('trackPane');
    // Above fences (the overlay pane, 400), below devices (450), markers and tooltips.
    pane.style.zIndex = '420';
    pane.style.pointerEvents = 'none';
    this.canvas.className = 'leaflet-zoom-animated map-track-canvas';
    pane.appendChild(this.canvas);
    this.world = new Float64Array(this.points.length * 2);
    this.points.forEach((ll, i) => {
      const p = map.project(ll, 0);
      this.world[2 * i] = p.x;
      this.world[2 * i + 1] = p.y;
    });
    map.on('moveend', this.paint, this);
    map.on('resize', this.paint, this);
    map.on('zoomanim', this.animateZoom, this);
    this.paint();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('moveend', this.paint, this);
    map.off('resize', this.paint, this);
    map.off('zoomanim', this.animateZoom, this);
    this.canvas.remove();
    return this;
  }

  private paint(): void {
    const map = this._map as (L.Map & { _animatingZoom?: boolean }) | undefined;
    if (!map || map._animatingZoom) return;
    const size = map.getSize();
    const pad = size.multiplyBy(PAD).round();
    const topLeft = pad.multiplyBy(-1);
    const full = size.add(pad.multiplyBy(2));
    const ratio = window.devicePixelRatio || 1;
    const canvas = this.canvas;
    L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint(topLeft));
    this.origin = map.containerPointToLatLng(topLeft);
    if (canvas.width !== full.x * ratio || canvas.height !== full.y * ratio) {
      canvas.width = full.x * ratio;
      canvas.height = full.y * ratio;
      canvas.style.width = `${full.x}px`;
      canvas.style.height = `${full.y}px`;
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, pad.x * ratio, pad.y * ratio);
    ctx.clearRect(-pad.x, -pad.y, full.x, full.y);
    ctx.lineWidth = LINE_WIDTH;
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';

    // Container point of a world point: world × 2^zoom − pixel origin + the map pane's offset.
    const scale = map.getZoomScale(map.getZoom(), 0);
    const offset = map.layerPointToContainerPoint(L.point(0, 0)).subtract(map.getPixelOrigin());
    const w = this.world;
    for (const run of this.runs) {
      ctx.beginPath();
      let lx = w[2 * run.from]! * scale + offset.x;
      let ly = w[2 * run.from + 1]! * scale + offset.y;
      ctx.moveTo(lx, ly);
      for (let i = run.from + 1; i <= run.to; i++) {
        const x = w[2 * i]! * scale + offset.x;
        const y = w[2 * i + 1]! * scale + offset.y;
        if (i < run.to && Math.abs(x - lx) < 1 && Math.abs(y - ly) < 1) continue;
        ctx.lineTo(x, y);
        lx = x;
        ly = y;
      }
      ctx.strokeStyle = SPEED_BANDS[run.band]!.color;
      ctx.stroke();
    }
  }

  /** Scales the drawn canvas along with Leaflet's zoom animation, as L.ImageOverlay does. */
  private animateZoom(e: L.ZoomAnimEvent): void {
    const map = this._map as L.Map & { _latLngToNewLayerPoint(ll: L.LatLng, zoom: number, center: L.LatLng): L.Point };
    const scale = map.getZoomScale(e.zoom, map.getZoom());
    L.DomUtil.setTransform(this.canvas, map._latLngToNewLayerPoint(this.origin, e.zoom, e.center), scale);
  }
}
