import type { DrivingDay } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Segmented, Skeleton, Statistic, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { EChart } from '../../components/charts/EChart';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { carUseQuery, driving30Query, driving7Query } from './portrait.queries';

function DrivingChart({ days }: { days: DrivingDay[] }) {
  const { t } = useI18n();
  const option = useMemo(() => ({
    tooltip: { trigger: 'axis' },
    legend: { top: 0, itemWidth: 12, itemHeight: 12 },
    grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: [{ type: 'value', name: 'km', minInterval: 1 }, { type: 'value', name: 'min', minInterval: 1, splitLine: { show: false } }],
    series: [
      { type: 'bar', name: t('portrait.mileageKm'), barMaxWidth: 24, data: days.map((d) => d.mileageKm) },
      { type: 'line', name: t('portrait.drivingMinutes'), yAxisIndex: 1, smooth: true, data: days.map((d) => d.drivingMinutes) },
      // Shown apart from the mileage: distance across silences, never driven as far as anyone knows.
      { type: 'bar', name: t('figures.offlineMoveKm'), barMaxWidth: 24, itemStyle: { color: '#fa8c16' }, data: days.map((d) => d.offlineMoveKm) },
    ],
  }), [days, t]);
  return <EChart option={option} height={240} ariaLabel={t('portrait.driving7')} />;
}

/** This month's use of the car, and its driving day by day over 7 or 30 days. */
export function UseCard({ carId }: { carId: number }) {
  const { t } = useI18n();
  const [span, setSpan] = useState<7 | 30>(7);
  const use = useQuery(carUseQuery(carId));
  const series = useQuery(span === 7 ? driving7Query(carId) : driving30Query(carId));
  const u = use.data;
  return (
    <Card className="portrait-card" title={t('portrait.month')}
      extra={<Segmented size="small" value={span} onChange={(v) => setSpan(v as 7 | 30)} options={[{ value: 7, label: t('portrait.driving7') }, { value: 30, label: t('portrait.driving30') }]} />}>
      {!u ? <Skeleton active paragraph={{ rows: 2 }} /> : (
        <Row gutter={[12, 12]} className="portrait-figures">
          <Col xs={12} md={6}><Statistic title={t('portrait.monthMileage')} value={u.monthMileageKm} suffix="km" precision={1} /></Col>
          <Col xs={12} md={6}><Statistic title={t('portrait.monthDriving')} value={Math.round(u.monthDrivingMinutes / 6) / 10} suffix="h" /></Col>
          <Col xs={12} md={6}><Statistic title={t('portrait.monthTrips')} value={u.monthTrips} /></Col>
          <Col xs={12} md={6}><Statistic title={t('portrait.daysDriven')} value={u.monthDaysDriven} /></Col>
          <Col xs={12} md={6}><Statistic title={t('portrait.days30')} value={u.days30MileageKm} suffix="km" precision={1} /></Col>
          <Col xs={12} md={6}><Statistic title={t('portrait.nightShare')} value={Math.round(u.nightShare * 100)} suffix="%" /></Col>
          <Col xs={12} md={6}><Statistic title={t('portrait.maxSpeed')} value={u.maxSpeed} suffix="km/h" /></Col>
          <Col xs={12} md={6}>
            <Tooltip title={t('figures.offlineMoveHint')}>
              <Statistic title={t('figures.monthOfflineMove')} value={u.monthOfflineMoveKm} suffix={`km · ${t('portrait.times', { n: u.monthOfflineMoves })}`} precision={1} />
            </Tooltip>
          </Col>
        </Row>
      )}
      {series.data ? <DrivingChart days={series.data} /> : <Skeleton active paragraph={{ rows: 4 }} />}
    </Card>
  );
}
