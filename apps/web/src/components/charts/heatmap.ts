// The heat map and its colour scale, registered only by the screens that draw one (reports).
import { HeatmapChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';
import { echarts, type EChartsCoreOption } from './echarts';

echarts.use([HeatmapChart, VisualMapComponent]);

/** Each column of the heat map (a department) gets this much width at least: its count stays readable. */
export const HEAT_SLOT_PX = 72;
/** Room for the rows' names (warning types) left of the cells. */
const ROW_LABELS_PX = 130;
/** A column label never runs longer than this (cut with an ellipsis; the tooltip has it whole). */
const LABEL_MAX_PX = 110;
const LABEL_ROTATE = 40;
/** Each row (a warning type) at least this tall: its name and counts on one line. */
const ROW_PX = 24;

/** A label's width at 12 px: a Chinese character is 12 px, a Latin letter or digit about 7. */
export function labelPx(text: string): number {
  let px = 0;
  for (const ch of text) px += /[\u2e80-\uffff]/.test(ch) ? 12 : 7;
  return px;
}

/**
 * How wide the heat map must be for its column labels never to overlap, and the axis labels that go
 * with it in a frame this wide: level while every label fits its slot, otherwise turned (turned labels a slot apart stand
 * `slot × sin(angle)` apart, far more than a line of text) and cut to a length. A frame narrower than
 * that width scrolls the chart sideways instead of squeezing it; the height gives each row its line.
 */
export function heatLayout(option: EChartsCoreOption, categories: string[], frameWidth = 0): { option: EChartsCoreOption; minWidth: number; height: number } {
  const minWidth = ROW_LABELS_PX + categories.length * HEAT_SLOT_PX;
  // The slot each column really has: a wide frame shares its width out.
  const slot = Math.max(HEAT_SLOT_PX, (frameWidth - ROW_LABELS_PX) / Math.max(categories.length, 1));
  const turned = categories.some((c) => labelPx(c) > slot - 8);
  const xAxis = (option.xAxis ?? {}) as Record<string, unknown>;
  const yAxis = (option.yAxis ?? {}) as Record<string, unknown>;
  const rows = Array.isArray(yAxis.data) ? yAxis.data.length : 0;
  // The rows, the colour scale under the chart (56 px) and the column labels, turned ones taller.
  const height = Math.max(320, rows * ROW_PX + 56 + (turned ? 90 : 28));
  return {
    minWidth,
    height,
    option: {
      ...option,
      xAxis: {
        ...xAxis,
        axisLabel: { interval: 0, rotate: turned ? LABEL_ROTATE : 0, width: turned ? LABEL_MAX_PX : slot - 8, overflow: 'truncate' },
      },
      yAxis: { ...yAxis, axisLabel: { width: ROW_LABELS_PX - 10, overflow: 'truncate' } },
    },
  };
}
