import type { CustomerGradeStats } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { theme } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { HomeCard } from './HomeCard';
import { gradeChartOption } from './gradeChartOption';
import { customerGradeQuery } from './home.queries';

function GradeChart({ stats }: { stats: CustomerGradeStats }) {
  const { t, lang } = useI18n();
  const { token } = theme.useToken();
  const option = useMemo(
    () => gradeChartOption(stats, lang, { textSecondary: token.colorTextSecondary, bgContainer: token.colorBgContainer }),
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
