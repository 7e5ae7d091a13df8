import { WARNING_TYPE_BY_CODE, warningTypeName, type CustomerWarningStats } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { theme } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { escapeHtml } from '../../lib/safeText';
import { HomeCard } from './HomeCard';
import { LEVEL_COLORS } from './homeColors';
import { unhandledByTypeQuery } from './home.queries';

const LEVEL_KEY = { 1: 'high', 2: 'medium', 3: 'low' } as const;

function TypeChart({ stats }: { stats: CustomerWarningStats }) {
  const { t, lang } = useI18n();
  const { token } = theme.useToken();
  const option = useMemo(() => {
    // Fewest first: a category axis draws its first entry at the bottom, so the largest ends on top.
    const rows = [...stats.list].sort((a, b) => a.count - b.count || b.warningType - a.warningType);
    return {
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        // A formatter's string is HTML: what goes into it is escaped.
        formatter: (params: { dataIndex: number }[]) => {
          const r = rows[params[0]!.dataIndex]!;
          return `${escapeHtml(warningTypeName(r.warningType, lang))}：${r.count.toLocaleString()}<br/>${escapeHtml(t('home.byTypeCustomers', { count: r.customers.toLocaleString() }))}`;
        },
      },
      grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: rows.map((r) => warningTypeName(r.warningType, lang)), axisTick: { show: false } },
      series: [
        {
          type: 'bar',
          barMaxWidth: 16,
          // ECharts outlines labels in white by default: unreadable on the dark theme.
          label: { show: true, position: 'right', color: token.colorText, textBorderWidth: 0 },
          // Each bar in the colour of its type's risk level.
          data: rows.map((r) => ({ value: r.count, itemStyle: { color: LEVEL_COLORS[LEVEL_KEY[WARNING_TYPE_BY_CODE[r.warningType].level]] } })),
        },
      ],
    };
  }, [stats, lang, t, token]);
  return <EChart option={option} height={340} ariaLabel={t('home.byType')} />;
}

/** Unhandled warnings of the scope per type, with the customers they concern in the tooltip. */
export function UnhandledTypeCard() {
  const { t } = useI18n();
  const query = useQuery(unhandledByTypeQuery());
  return (
    <HomeCard title={t('home.byType')} query={query} minHeight={340} empty={(s) => (s.list.every((r) => r.count === 0) ? t('home.byTypeEmpty') : null)}>
      {(s) => <TypeChart stats={s} />}
    </HomeCard>
  );
}
