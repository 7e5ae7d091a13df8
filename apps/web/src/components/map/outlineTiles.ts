import L from 'leaflet';
import type { OutlineFeature } from './outlineGeometry';

/** City outlines from this zoom (below, they are a grey smudge); names by zoom band so they never pile up. */
const CITY_OUTLINE_ZOOM = 5;
const PROVINCE_NAMES = { from: 4, to: 6 };
const CITY_NAME_ZOOM = 7;
/**
 * From this zoom a view may lie wholly inside one city: the land is filled, so that a street-level view
 * shows ground of its own colour rather than an empty grey box.
 */
export const LAND_FILL_ZOOM = 8;
/** Per slice of tile drawing, so that a zoom's new tiles never make one long frame. */
const SLICE_MS = 8;

const FONT = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

type Palette = { fill: string; land: string; province: string; city: string; provinceText: string; cityText: string; halo: string };
const LIGHT: Palette = { fill: 'rgba(143, 167, 196, 0.14)', land: '#f4f1e6', province: '#6b87a8', city: 'rgba(141, 162, 187, 0.7)', provinceText: '#3f5573', cityText: '#5c6f86', halo: '#ffffff' };
const DARK: Palette = { fill: 'rgba(120, 150, 190, 0.10)', land: '#242c36', province: '#5d7ea6', city: 'rgba(93, 126, 166, 0.55)', provinceText: '#b7c4d6', cityText: '#93a4ba', halo: '#1a2129' };

/** The palette that reads on the map's ground colour (set by the console's light or dark theme). */
function paletteFor(el: HTMLElement): Palette {
  const m = /rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(el).backgroundColor);
  const luminance = m ? (0.299 * Number(m[1]) + 0.587 * Number(m[2]) + 0.114 * Number(m[3])) / 255 : 1;
  return luminance < 0.4 ? DARK : LIGHT;
}

/** Web Mercator world pixels at a zoom, as Leaflet's EPSG:3857 computes them (256-px tiles). */
const MAX_LAT = 85.0511287798;
const worldX = (lng: number, scale: number) => (lng / 360 + 0.5) * scale;
function worldY(lat: number, scale: number): number {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return (0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)) * scale;
}
const lngAt = (x: number, scale: number) => (x / scale - 0.5) * 360;
const latAt = (y: number, scale: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / scale))) * 180) / Math.PI;

/** One queue of tiles to draw for every outline layer, worked through in short slices. */
const queue: (() => void)[] = [];
let pumping = false;
function pump() {
  const start = performance.now();
  while (queue.length && performance.now() - start < SLICE_MS) queue.shift()!();
  if (queue.length) setTimeout(pump, 0);
  else pumping = false;
}
function enqueue(job: () => void) {
  queue.push(job);
  if (!pumping) {
    pumping = true;
    setTimeout(pump, 0);
  }
}

/**
 * The offline base layer drawn as canvas tiles: each tile draws only the outlines and names that touch
 * it, once; panning reuses the tiles already drawn, and a zoom draws its tiles a few at a time. A name
 * that crosses a tile edge is drawn by both tiles, each showing its half.
 */
export class OutlineTiles extends L.GridLayer {
  constructor(private features: OutlineFeature[]) {
    super({ className: 'map-outline-tiles', updateWhenZooming: false, keepBuffer: 3 });
  }

  override createTile(coords: L.Coords, done: L.DoneCallback): HTMLElement {
    const canvas = document.createElement('canvas');
    const size = this.getTileSize();
    const ratio = window.devicePixelRatio || 1;
    canvas.width = size.x * ratio;
    canvas.height = size.y * ratio;
    enqueue(() => {
      this.draw(canvas, coords, size, ratio);
      done(undefined, canvas);
    });
    return canvas;
  }

  private draw(canvas: HTMLCanvasElement, coords: L.Coords, size: L.Point, ratio: number): void {
    const ctx = canvas.getContext('2d');
    const map = this._map as L.Map | undefined;
    if (!ctx || !map) return;
    const z = coords.z;
    const scale = 256 * 2 ** z;
    const x0 = coords.x * size.x;
    const y0 = coords.y * size.y;
    const west = lngAt(x0, scale);
    const east = lngAt(x0 + size.x, scale);
    const north = latAt(y0, scale);
    const south = latAt(y0 + size.y, scale);
    const palette = paletteFor(map.getContainer());
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.lineJoin = 'round';

    const touches = (f: OutlineFeature) => {
      const [w, s, e, n] = f.bbox;
      return !(e < west || w > east || n < south || s > north);
    };

    // Close in, the land first (provinces hold it all, the municipalities having no cities), then the lines.
    if (z >= LAND_FILL_ZOOM) {
      ctx.fillStyle = palette.land;
      for (const f of this.features) {
        if (!f.province || !touches(f)) continue;
        this.trace(ctx, f, scale, x0, y0);
        ctx.fill('evenodd');
      }
    }
    for (const f of this.features) {
      if (!f.province && z < CITY_OUTLINE_ZOOM) continue;
      if (!touches(f)) continue;
      this.trace(ctx, f, scale, x0, y0);
      if (f.province) {
        // Over land a province's veil would only grey it.
        if (z < LAND_FILL_ZOOM) {
          ctx.fillStyle = palette.fill;
          ctx.fill('evenodd');
        }
        ctx.lineWidth = 1.2;
        ctx.strokeStyle = palette.province;
      } else {
        ctx.lineWidth = 0.6;
        ctx.strokeStyle = palette.city;
      }
      ctx.stroke();
    }
    this.drawNames(ctx, z, scale, x0, y0, size, palette);
  }

  /** A feature's rings as the current path, in the tile's pixels. */
  private trace(ctx: CanvasRenderingContext2D, f: OutlineFeature, scale: number, x0: number, y0: number): void {
    ctx.beginPath();
    for (const ring of f.rings) {
      let lastX = NaN;
      let lastY = NaN;
      for (let i = 0; i < ring.length; i += 2) {
        const px = worldX(ring[i]!, scale) - x0;
        const py = worldY(ring[i + 1]!, scale) - y0;
        // Points closer than a pixel to the last one add nothing at this zoom.
        if (i > 0 && i < ring.length - 2 && Math.abs(px - lastX) < 0.7 && Math.abs(py - lastY) < 0.7) continue;
        if (i === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
        lastX = px;
        lastY = py;
      }
      ctx.closePath();
    }
  }

  private drawNames(ctx: CanvasRenderingContext2D, z: number, scale: number, x0: number, y0: number, size: L.Point, palette: Palette): void {
    const provinces = z >= PROVINCE_NAMES.from && z <= PROVINCE_NAMES.to;
    const cities = z >= CITY_NAME_ZOOM;
    if (!provinces && !cities) return;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 3;
    ctx.strokeStyle = palette.halo;
    for (const f of this.features) {
      if (!f.label || !f.name || (f.province ? !provinces : !cities)) continue;
      const px = worldX(f.label[0], scale) - x0;
      const py = worldY(f.label[1], scale) - y0;
      const fontSize = f.province ? 13 : 11;
      const half = (f.name.length * fontSize) / 2 + 4;
      if (px + half < 0 || px - half > size.x || py + fontSize < 0 || py - fontSize > size.y) continue;
      ctx.font = `${f.province ? 600 : 400} ${fontSize}px ${FONT}`;
      ctx.fillStyle = f.province ? palette.provinceText : palette.cityText;
      ctx.strokeText(f.name, px, py);
      ctx.fillText(f.name, px, py);
    }
  }
}
