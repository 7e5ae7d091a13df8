import type { ReportName } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Statistic } from 'antd';
import { useMemo, useRef } from 'react';
import { EChart } from '../../components/charts/EChart';
import { heatLayout } from '../../components/charts/heatmap';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useElementWidth } from '../../lib/useElementWidth';
import type { MessageKey } from '../../lib/i18n/translate';
import { reportChartOption, type ChartKind } from './reportChartOption';
import { reportSummaryQuery } from './reports.queries';
import './reports.css';

type Props = { name: ReportName; filters: object; totals: string[]; chart: { kind: ChartKind; title: MessageKey } };

/** What the whole selection adds up to, in figures and in the chart people would rather look at than read. */
export function ReportSummaryCard({ name, filters, totals, chart }: Props) {
  const { t, lang } = useI18n();
  const summary = useQuery(reportSummaryQuery(name, filters));
  const data = summary.data;
  // The heat map is as wide as its departments need (a narrow window scrolls it): labels never overlap.
  const frame = useRef<HTMLDivElement>(null);
  const frameWidth = useElementWidth(frame);
  const drawn = useMemo(() => {
    if (!data) return null;
    const option = reportChartOption(chart.kind, data, t, lang);
    if (chart.kind === 'heat') return heatLayout(option, data.categories, frameWidth);
    // Places are rows of bars with their names beside them: a line for each, however many.
    return { option, minWidth: 0, height: chart.kind === 'places' ? Math.max(240, data.categories.length * 30 + 70) : 240 };
  }, [data, chart.kind, t, lang, frameWidth]);
  const empty = data !== undefined && data.categories.length === 0;
  return (
    <Card variant="borderless" className="report-summary" aria-busy={summary.isFetching}>
      <div className="report-totals">
        {totals.map((key) => (
          <Statistic key={key} title={t(`report.totals.${key}` as MessageKey)} value={data?.totals[key] ?? '-'} loading={summary.isPending} />
        ))}
      </div>
      <div className="report-chart" ref={frame}>
        <div className="report-chart-title">{t(chart.title)}</div>
        {summary.isPending && <Skeleton active paragraph={{ rows: 5 }} />}
        {empty && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.summaryEmpty')} />}
        {drawn && !empty && (
          <div className="report-chart-frame">
            <div style={{ minWidth: drawn.minWidth }} data-categories={data?.categories.length}>
              <EChart option={drawn.option} height={drawn.height} ariaLabel={t(chart.title)} />
            </div>
          </div>
        )}
      </div>
    </Card>
  );
}
