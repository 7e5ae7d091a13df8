import { SCORE_LEVEL_LABELS, WARNING_TYPE_BY_CODE, type ReportSummary, type ScoreLevel, type WarningTypeCode } from '@cvrisk/contracts';
import type { EChartsCoreOption } from '../../components/charts/echarts';
import type { Lang, MessageKey, Translate } from '../../lib/i18n/translate';

/** How a report's summary is drawn: bars over days or spans, horizontal bars of places, a heat map of type × department. */
export type ChartKind = 'days' | 'spans' | 'places' | 'bands' | 'levels' | 'heat';

function categoryLabel(kind: ChartKind, c: string, t: Translate, lang: Lang): string {
  if (kind === 'days') return c.slice(5);
  if (kind === 'bands') return t(`report.band.${c}` as MessageKey);
  if (kind === 'levels') return SCORE_LEVEL_LABELS[c as ScoreLevel][lang];
  return c;
}

/** The echarts option of a summary; series are named by their key (`report.chart.<key>`) or, on the heat map, by warning type. */
export function reportChartOption(kind: ChartKind, s: ReportSummary, t: Translate, lang: Lang): EChartsCoreOption {
  const categories = s.categories.map((c) => categoryLabel(kind, c, t, lang));
  if (kind === 'heat') {
    const types = s.series.map((x) => WARNING_TYPE_BY_CODE[Number(x.name) as WarningTypeCode]?.[lang] ?? x.name);
    const cells = s.series.flatMap((x, y) => x.data.map((v, i) => [i, y, v]));
    const max = Math.max(1, ...cells.map((c) => c[2]!));
    return {
      tooltip: { position: 'top' },
      grid: { left: 8, right: 16, top: 8, bottom: 56, containLabel: true },
      xAxis: { type: 'category', data: categories, axisLabel: { interval: 0, rotate: categories.length > 6 ? 30 : 0 }, splitArea: { show: true } },
      yAxis: { type: 'category', data: types, splitArea: { show: true } },
      visualMap: { min: 0, max, calculable: true, orient: 'horizontal', left: 'center', bottom: 0, itemHeight: 120 },
      series: [{ type: 'heatmap', data: cells, label: { show: true } }],
    };
  }
  const horizontal = kind === 'places';
  const valueAxis = { type: 'value', minInterval: 1 };
  const categoryAxis = { type: 'category', data: categories, axisLabel: horizontal ? { width: 220, overflow: 'truncate' } : {} };
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: s.series.length > 1 ? { top: 0 } : undefined,
    grid: { left: 8, right: 24, top: s.series.length > 1 ? 32 : 12, bottom: 8, containLabel: true },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? { ...categoryAxis, inverse: true } : valueAxis,
    series: s.series.map((x) => ({ type: 'bar', name: t(`report.chart.${x.name}` as MessageKey), data: x.data, barMaxWidth: 28 })),
  };
}
