import type { ReportName } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Statistic } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart';
import '../../components/charts/heatmap';
import { useI18n } from '../../lib/i18n/I18nProvider';
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
  const option = useMemo(() => (data ? reportChartOption(chart.kind, data, t, lang) : null), [data, chart.kind, t, lang]);
  const empty = data !== undefined && data.categories.length === 0;
  return (
    <Card variant="borderless" className="report-summary" aria-busy={summary.isFetching}>
      <div className="report-totals">
        {totals.map((key) => (
          <Statistic key={key} title={t(`report.totals.${key}` as MessageKey)} value={data?.totals[key] ?? '-'} loading={summary.isPending} />
        ))}
      </div>
      <div className="report-chart">
        <div className="report-chart-title">{t(chart.title)}</div>
        {summary.isPending && <Skeleton active paragraph={{ rows: 5 }} />}
        {empty && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.summaryEmpty')} />}
        {option && !empty && <EChart option={option} height={chart.kind === 'heat' ? 320 : 240} ariaLabel={t(chart.title)} />}
      </div>
    </Card>
  );
}
