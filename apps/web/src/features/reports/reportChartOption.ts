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

/** What a series counts: two series of different units get a value axis each (counts and hours of the parking chart). */
const UNIT_OF: Record<string, string> = { stopHours: 'h', accOnHours: 'h', mileageKm: 'km', distanceKm: 'km' };
const unitOf = (name: string) => UNIT_OF[name] ?? '';

/** The top of a value axis of its own series: 1, 2, 2.5 or 5 times a power of ten, so each axis reads on its own scale. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  const n = max / p;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 2.5 ? 2.5 : n <= 5 ? 5 : 10) * p;
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
  const units = [...new Set(s.series.map((x) => unitOf(x.name)))];
  const twoAxes = units.length === 2;
  // With two units each axis is named by its first series, on its own side (bottom and top for the horizontal bars).
  const valueAxis = (i: number) => ({
    type: 'value', minInterval: units[i] === 'h' || units[i] === 'km' ? 0 : 1,
    ...(twoAxes ? {
      max: niceMax(Math.max(0, ...s.series.filter((x) => unitOf(x.name) === units[i]).flatMap((x) => x.data))),
      name: t(`report.chart.${s.series.find((x) => unitOf(x.name) === units[i])!.name}` as MessageKey),
      nameLocation: 'middle', nameGap: horizontal ? 28 : 40, position: horizontal ? (i ? 'top' : 'bottom') : (i ? 'right' : 'left'),
      splitLine: { show: i === 0 },
    } : {}),
  });
  const valueAxes = twoAxes ? [valueAxis(0), valueAxis(1)] : valueAxis(0);
  const categoryAxis = { type: 'category', data: categories, axisLabel: horizontal ? { width: 240, overflow: 'break', interval: 0 } : {} };
  const legend = s.series.length > 1;
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: legend ? { top: 0 } : undefined,
    grid: { left: 8, right: twoAxes && !horizontal ? 8 : 24, top: (legend ? 32 : 12) + (twoAxes && horizontal ? 40 : 0), bottom: twoAxes && !horizontal ? 8 : 8, containLabel: true },
    xAxis: horizontal ? valueAxes : categoryAxis,
    yAxis: horizontal ? { ...categoryAxis, inverse: true } : valueAxes,
    series: s.series.map((x) => {
      const axis = twoAxes ? units.indexOf(unitOf(x.name)) : 0;
      return { type: 'bar', name: t(`report.chart.${x.name}` as MessageKey), data: x.data, barMaxWidth: 28, ...(horizontal ? { xAxisIndex: axis } : { yAxisIndex: axis }) };
    }),
  };
}
