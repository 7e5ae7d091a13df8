import {
  RISK_LEVEL_KEYS, RISK_LEVEL_LABELS, WARNING_TYPE_BY_CODE, warningTypeName,
  type CustomerWarningStats, type RiskLevel, type WarningDaySeries,
} from '@cvrisk/contracts';
import type { EChartsCoreOption } from '../../components/charts/echarts';
import { LEVEL_COLORS } from '../home/homeColors';

type Lang = 'zh' | 'en';
const LEVELS: RiskLevel[] = [1, 2, 3];
const AXIS_TEXT = '#8fb4e0';
const GRID_LINE = 'rgba(80, 140, 220, 0.18)';

/** Text size for a chart this wide: readable from across the room on the wall screen. */
export const chartFontPx = (width: number) => Math.round(Math.min(15, Math.max(11, width / 34)));

/** Warnings raised per day over the week, stacked by risk level. */
export function trendOption(series: WarningDaySeries, lang: Lang, font: number): EChartsCoreOption {
  return {
    color: LEVELS.map((l) => LEVEL_COLORS[RISK_LEVEL_KEYS[l]]),
    textStyle: { fontSize: font },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, right: 0, itemWidth: font, itemHeight: font * 0.7, textStyle: { color: AXIS_TEXT, fontSize: font } },
    grid: { left: 4, right: 8, top: font * 2.2, bottom: 4, containLabel: true },
    // Day keys arrive as YYYY-MM-DD (Shanghai); month and day are enough on the axis.
    xAxis: { type: 'category', data: series.list.map((d) => d.day.slice(5)), axisLabel: { color: AXIS_TEXT, fontSize: font } },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { color: AXIS_TEXT, fontSize: font }, splitLine: { lineStyle: { color: GRID_LINE } } },
    series: LEVELS.map((l) => ({
      type: 'bar',
      stack: 'level',
      barMaxWidth: font * 2,
      name: `${RISK_LEVEL_LABELS[l][lang]}${lang === 'zh' ? '风险' : ''}`,
      data: series.list.map((d) => d[RISK_LEVEL_KEYS[l]]),
    })),
  };
}

/** Unhandled warnings per type, the largest on top, each bar in its type's risk colour; types without any are left out. */
export function byTypeOption(stats: CustomerWarningStats, lang: Lang, font: number): EChartsCoreOption {
  const rows = stats.list.filter((r) => r.count > 0).sort((a, b) => a.count - b.count || b.warningType - a.warningType);
  return {
    textStyle: { fontSize: font },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 4, right: font * 3.5, top: 4, bottom: 4, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { show: false }, splitLine: { lineStyle: { color: GRID_LINE } } },
    yAxis: {
      type: 'category',
      data: rows.map((r) => warningTypeName(r.warningType, lang, r.warningTypeName)),
      axisTick: { show: false },
      axisLabel: { color: AXIS_TEXT, fontSize: font },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: font * 1.2,
        // ECharts outlines labels in white by default: a smudge on the dark board.
        label: { show: true, position: 'right', color: '#e6f4ff', fontSize: font, textBorderWidth: 0 },
        data: rows.map((r) => ({ value: r.count, itemStyle: { color: LEVEL_COLORS[RISK_LEVEL_KEYS[WARNING_TYPE_BY_CODE[r.warningType].level]], borderRadius: [0, 3, 3, 0] } })),
      },
    ],
  };
}
