import { RISK_LEVEL_LABELS, type WarningDaySeries } from '@cvrisk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Segmented, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { EChart } from '../../components/charts/EChart';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { HomeCard } from './HomeCard';
import { LEVEL_COLORS } from './homeColors';
import { warningSeriesQuery } from './home.queries';

const LEVELS = [
  { key: 'high', level: 1 },
  { key: 'medium', level: 2 },
  { key: 'low', level: 3 },
] as const;

const total = (s: WarningDaySeries) => s.list.reduce((n, d) => n + d.high + d.medium + d.low, 0);

function TrendChart({ series }: { series: WarningDaySeries }) {
  const { t, lang } = useI18n();
  const option = useMemo(
    () => ({
      color: LEVELS.map((l) => LEVEL_COLORS[l.key]),
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0, itemWidth: 12, itemHeight: 12 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      // Day keys arrive as YYYY-MM-DD (Shanghai); the month and day are enough on the axis.
      xAxis: { type: 'category', data: series.list.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: LEVELS.map((l) => ({
        type: 'bar',
        stack: 'level',
        barMaxWidth: 28,
        name: RISK_LEVEL_LABELS[l.level][lang],
        data: series.list.map((d) => d[l.key]),
      })),
    }),
    [series, lang],
  );
  return <EChart option={option} height={300} ariaLabel={t('home.trend')} />;
}

/** Warnings raised per day over the last 7 or 30 Shanghai days, stacked by risk level. */
export function WarningTrendCard() {
  const { t } = useI18n();
  const [days, setDays] = useState<7 | 30>(7);
  // The previous period stays on screen while the other one loads.
  const query = useQuery({ ...warningSeriesQuery(days), placeholderData: keepPreviousData });
  return (
    <HomeCard
      title={t('home.trend')}
      query={query}
      minHeight={300}
      extra={
        <Space size={12}>
          {query.data && (
            <Typography.Text type="secondary" data-testid="trend-total">
              {t('home.trendTotal', { count: total(query.data).toLocaleString() })}
            </Typography.Text>
          )}
          <Segmented
            size="small"
            value={days}
            onChange={(v) => setDays(v as 7 | 30)}
            options={[
              { value: 7, label: t('home.days7') },
              { value: 30, label: t('home.days30') },
            ]}
          />
        </Space>
      }
      empty={(s) => (total(s) === 0 ? t('home.trendEmpty') : null)}
    >
      {(s) => <TrendChart series={s} />}
    </HomeCard>
  );
}
