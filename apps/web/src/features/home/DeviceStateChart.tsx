import type { DeviceOnlineStats } from '@cvrisk/contracts';
import { theme } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { STATE_COLORS } from './homeColors';

/** Doughnut of online / offline / never-online devices with the total in the middle. */
export function DeviceStateChart({ stats }: { stats: DeviceOnlineStats }) {
  const { t } = useI18n();
  const { token } = theme.useToken();

  const option = useMemo(
    () => ({
      color: [STATE_COLORS.online, STATE_COLORS.offline, STATE_COLORS.never],
      tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
      legend: { bottom: 0, textStyle: { color: token.colorTextSecondary }, itemWidth: 12, itemHeight: 12 },
      series: [
        {
          type: 'pie',
          radius: ['52%', '74%'],
          center: ['50%', '45%'],
          avoidLabelOverlap: true,
          itemStyle: { borderColor: token.colorBgContainer, borderWidth: 2 },
          label: { color: token.colorText, formatter: '{b}\n{c}' },
          // Empty slices keep their legend entry but get no label to collide with.
          data: [
            { name: t('home.online'), value: stats.online },
            { name: t('home.offline'), value: stats.offline },
            { name: t('home.never'), value: stats.never },
          ].map((d) => ({ ...d, label: { show: d.value > 0 }, labelLine: { show: d.value > 0 } })),
        },
      ],
    }),
    [stats, t, token],
  );

  return (
    <div className="state-chart">
      <EChart option={option} height={300} ariaLabel={t('home.stateChart')} />
      <div className="state-chart-center" style={{ color: token.colorText }}>
        <div className="state-chart-total">{stats.total.toLocaleString()}</div>
        <div className="state-chart-caption" style={{ color: token.colorTextSecondary }}>
          {t('home.deviceTotal')}
        </div>
      </div>
    </div>
  );
}
