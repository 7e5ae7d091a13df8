import { useQuery } from '@tanstack/react-query';
import { Card, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { LevelWithCompound } from '../warningDetail/DetailTags';
import { DealStatusTag } from '../../components/StatusTags';
import { formatSeconds } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { warningDetailPath } from '../../lib/warningLinks';
import { carStopsQuery, carTripsQuery, carWarningsQuery } from './portrait.queries';

/** This week's stops: where the car stood and how long (a stop still going has no end). */
export function StopsCard({ carId }: { carId: number }) {
  const { t, lang } = useI18n();
  const stops = useQuery(carStopsQuery(carId));
  return (
    <Card className="portrait-card" title={t('portrait.stops')}>
      <Table
        rowKey={(s) => `${s.deviceNumber}-${s.startTime}`}
        size="small"
        loading={stops.isPending}
        dataSource={stops.data}
        pagination={{ pageSize: 6, size: 'small', hideOnSinglePage: true }}
        locale={{ emptyText: t('portrait.noStops') }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'time', title: t('portrait.time'), render: (_v, s) => `${s.startTime.slice(5, 16)} – ${s.endTime ? s.endTime.slice(5, 16) : t('portrait.stillThere')}` },
          { key: 'duration', title: t('portrait.duration'), render: (_v, s) => formatSeconds(s.minutes * 60, lang) },
          { key: 'place', title: t('portrait.place'), dataIndex: 'address' },
        ]}
      />
    </Card>
  );
}

/** The newest trips, each linking to the track replay of its time. */
export function TripsCard({ carId }: { carId: number }) {
  const { t, lang } = useI18n();
  const trips = useQuery(carTripsQuery(carId));
  return (
    <Card className="portrait-card" title={t('portrait.trips')}>
      <Table
        rowKey={(r) => `${r.deviceNumber}-${r.startTime}`}
        size="small"
        loading={trips.isPending}
        dataSource={trips.data}
        pagination={{ pageSize: 6, size: 'small', hideOnSinglePage: true }}
        locale={{ emptyText: t('portrait.noTrips') }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'time', title: t('portrait.time'),
            render: (_v, r) => (
              <Link to={`/monitor/trackPlayback?${new URLSearchParams({ deviceNumber: r.deviceNumber, startTime: r.startTime, endTime: r.endTime })}`}>
                {`${r.startTime.slice(5, 16)} – ${r.endTime.slice(11, 16)}`}
              </Link>
            ),
          },
          { key: 'distance', title: t('portrait.distance'), align: 'right', render: (_v, r) => `${r.distanceKm} km` },
          { key: 'duration', title: t('portrait.duration'), render: (_v, r) => formatSeconds(r.minutes * 60, lang) },
          { key: 'route', title: `${t('portrait.from')} → ${t('portrait.to')}`, render: (_v, r) => `${r.startAddress} → ${r.endAddress}` },
        ]}
      />
    </Card>
  );
}

/** The car's newest warnings, each opening its detail. */
export function CarWarningsCard({ carId }: { carId: number }) {
  const { t } = useI18n();
  const warnings = useQuery(carWarningsQuery(carId));
  return (
    <Card className="portrait-card" title={t('portrait.warnings')}>
      <Table
        rowKey="id"
        size="small"
        loading={warnings.isPending}
        dataSource={warnings.data}
        pagination={{ pageSize: 6, size: 'small', hideOnSinglePage: true }}
        locale={{ emptyText: t('portrait.noWarnings') }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'type', title: t('portrait.type'), render: (_v, w) => <Link to={warningDetailPath(w)}><Tag color="red">{w.warningTypeName}</Tag></Link> },
          { key: 'level', title: t('portrait.level'), render: (_v, w) => <LevelWithCompound level={w.riskLevel} compound={w.compound} /> },
          { key: 'time', title: t('portrait.time'), dataIndex: 'warningTime' },
          { key: 'status', title: t('portrait.status'), render: (_v, w) => <DealStatusTag status={w.dealStatus} /> },
          { key: 'place', title: t('portrait.place'), render: (_v, w) => <Typography.Text type="secondary">{w.address ?? '—'}</Typography.Text> },
        ]}
      />
    </Card>
  );
}
