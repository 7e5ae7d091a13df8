import { CUSTOMER_GRADE_LABELS, CustomerGrades, type CustomerGradeStats } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { theme } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { HomeCard } from './HomeCard';
import { GRADE_COLORS } from './homeColors';
import { customerGradeQuery } from './home.queries';

function GradeChart({ stats }: { stats: CustomerGradeStats }) {
  const { t, lang } = useI18n();
  const { token } = theme.useToken();
  const option = useMemo(
    () => ({
      color: CustomerGrades.map((g) => GRADE_COLORS[g]),
      tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
      legend: { bottom: 0, itemWidth: 12, itemHeight: 12 },
      series: [
        {
          type: 'pie',
          radius: ['45%', '68%'],
          center: ['50%', '44%'],
          itemStyle: { borderColor: token.colorBgContainer, borderWidth: 2 },
          label: { color: token.colorText, formatter: '{b}\n{c}' },
          // Empty grades keep their legend entry but draw no label to collide with.
          data: CustomerGrades.map((g) => ({
            name: CUSTOMER_GRADE_LABELS[g][lang],
            value: stats[g],
            label: { show: stats[g] > 0 },
            labelLine: { show: stats[g] > 0 },
          })),
        },
      ],
    }),
    [stats, lang, token],
  );
  return <EChart option={option} height={300} ariaLabel={t('home.gradeChart')} />;
}

/** Customers of the scope by risk grade (server-behaviour §7). */
export function CustomerGradeCard() {
  const { t } = useI18n();
  const query = useQuery(customerGradeQuery());
  return (
    <HomeCard
      title={t('home.gradeChart')}
      query={query}
      minHeight={300}
      empty={(s) => (s.high + s.potential + s.general === 0 ? t('home.gradeEmpty') : null)}
    >
      {(s) => <GradeChart stats={s} />}
    </HomeCard>
  );
}
