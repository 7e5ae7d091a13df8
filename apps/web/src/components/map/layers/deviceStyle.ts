import type { DeviceState } from '@cvrisk/contracts';
import { theme } from 'antd';
import { DEVICE_STATE_COLORS } from '../../StatusTags';

const token = theme.getDesignToken() as unknown as Record<string, string>;
const GREY = '#8c8c8c';

/** Marker fill of each state: the hex of the state tag's antd preset colour. */
export const DEVICE_STATE_FILL = Object.fromEntries(
  Object.entries(DEVICE_STATE_COLORS).map(([state, name]) => [state, token[name] ?? GREY]),
) as Record<DeviceState, string>;

const CLUSTER_FILL = token.blue ?? '#1677ff';
const SELECTED_RING = '#f5222d';

export const DEVICE_RADIUS = 6;

/** Cluster radius in px, growing with the count so that five-digit counts still fit. */
export function clusterRadius(count: number): number {
  return count < 10 ? 13 : count < 100 ? 15 : count < 1000 ? 18 : count < 10000 ? 21 : 25;
}

export function drawCluster(ctx: CanvasRenderingContext2D, x: number, y: number, count: number): void {
  const r = clusterRadius(count);
  ctx.beginPath();
  ctx.arc(x, y, r + 5, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(22, 119, 255, 0.22)';
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = CLUSTER_FILL;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.font = `600 ${count < 10000 ? 12 : 11}px -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(count), x, y + 0.5);
}

/**
 * One device: a dot in its state colour; a moving device with a heading is an arrow pointing that way
 * (0° north, clockwise, as JT/T 808 reports it).
 */
export function drawDevice(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  state: DeviceState,
  direction: number | null,
  selected: boolean,
): void {
  if (selected) {
    ctx.beginPath();
    ctx.arc(x, y, DEVICE_RADIUS + 6, 0, Math.PI * 2);
    ctx.fillStyle = 'rgba(245, 34, 45, 0.18)';
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = SELECTED_RING;
    ctx.stroke();
  }
  ctx.fillStyle = DEVICE_STATE_FILL[state];
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  if (state === 'moving' && direction !== null) {
    const a = (direction * Math.PI) / 180;
    const sin = Math.sin(a);
    const cos = Math.cos(a);
    // Tip, right wing, notch, left wing of an arrow pointing north, rotated by the heading.
    const shape: [number, number][] = [[0, -9], [6, 6], [0, 3], [-6, 6]];
    shape.forEach(([px, py], i) => {
      const rx = x + px * cos - py * sin;
      const ry = y + px * sin + py * cos;
      if (i === 0) ctx.moveTo(rx, ry);
      else ctx.lineTo(rx, ry);
    });
    ctx.closePath();
  } else {
    ctx.arc(x, y, DEVICE_RADIUS, 0, Math.PI * 2);
  }
  ctx.fill();
  ctx.stroke();
}
