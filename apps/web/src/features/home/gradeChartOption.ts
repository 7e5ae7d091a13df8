import { CUSTOMER_GRADE_LABELS, CustomerGrades, type CustomerGradeStats } from '@cvrisk/contracts';
import { GRADE_COLORS } from './homeColors';

type Colors = { textSecondary: string; bgContainer: string };

/** The legend's line for one grade: its whole name and its count, e.g. 潜在风险 30. */
export function gradeLegendText(stats: CustomerGradeStats, lang: 'zh' | 'en'): (name: string) => string {
  const counts = new Map(CustomerGrades.map((g) => [CUSTOMER_GRADE_LABELS[g][lang], stats[g]]));
  return (name) => `${name} ${(counts.get(name) ?? 0).toLocaleString()}`;
}

/**
 * Customers by grade as a doughnut. The card is a third of the row on a laptop: labels beside the
 * ring were cut to "潜…" for want of room, so names and counts go into the legend below, which wraps
 * onto a second line rather than cutting a word; the tooltip adds the share.
 */
export function gradeChartOption(stats: CustomerGradeStats, lang: 'zh' | 'en', colors: Colors) {
  return {
    color: CustomerGrades.map((g) => GRADE_COLORS[g]),
    tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
    legend: {
      type: 'plain',
      bottom: 0,
      left: 'center',
      itemWidth: 12,
      itemHeight: 12,
      itemGap: 16,
      textStyle: { color: colors.textSecondary, overflow: 'none' },
      formatter: gradeLegendText(stats, lang),
    },
    series: [
      {
        type: 'pie',
        radius: ['48%', '72%'],
        center: ['50%', '44%'],
        itemStyle: { borderColor: colors.bgContainer, borderWidth: 2 },
        label: { show: false },
        labelLine: { show: false },
        data: CustomerGrades.map((g) => ({ name: CUSTOMER_GRADE_LABELS[g][lang], value: stats[g] })),
      },
    ],
  };
}
