import type { TripItem } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LevelWithCompound } from '../warningDetail/DetailTags';
import { DealStatusTag } from '../../components/StatusTags';
import { formatSeconds } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { warningDetailPath } from '../../lib/warningLinks';
import { carStopsQuery, carTripsQuery, carWarningsQuery } from './portrait.queries';
import './portraitTables.css';

/** 'MM-DD HH:mm – HH:mm', with the end's date too when it is another day: a time is never half shown. */
export function timeSpan(start: string, end: string | null, open: string): string {
  const from = start.slice(5, 16);
  if (end === null) return `${from} – ${open}`;
  return `${from} – ${end.slice(0, 10) === start.slice(0, 10) ? end.slice(11, 16) : end.slice(5, 16)}`;
}

/** A time span that breaks between its two ends, never inside one, in the narrow cards. */
function When({ start, end, open }: { start: string; end: string | null; open: string }) {
  const [from, to] = timeSpan(start, end, open).split(' – ');
  return <><span className="portrait-when">{from}</span> <span className="portrait-when">– {to}</span></>;
}

/** Two facts of a row stacked in one cell: the narrow cards keep their width for the place. */
const stack = (first: ReactNode, second: ReactNode) => (
  <div className="portrait-stack"><span>{first}</span><Typography.Text type="secondary">{second}</Typography.Text></div>
);

/** Places wrap in the narrow cards instead of being cut; the whole text is in the tooltip too. */
const place = (text: string | null) => (
  <Tooltip title={text || undefined}><span className="portrait-place">{text || '—'}</span></Tooltip>
);

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
        className="portrait-table"
        columns={[
          {
            key: 'time', title: `${t('portrait.time')} / ${t('portrait.duration')}`,
            render: (_v, s) => stack(<When start={s.startTime} end={s.endTime} open={t('portrait.stillThere')} />, formatSeconds(s.minutes * 60, lang)),
          },
          { key: 'place', title: t('portrait.place'), className: 'portrait-place-cell', render: (_v, s) => place(s.address) },
        ]}
      />
    </Card>
  );
}

/**
 * The newest trips, each linking to the track replay of its time, and among them the offline moves
 * (离线期间位移): silences the car came out of elsewhere, told apart and never counted as mileage.
 */
export function TripsCard({ carId }: { carId: number }) {
  const { t, lang } = useI18n();
  const trips = useQuery(carTripsQuery(carId));
  const offline = (r: TripItem) => r.kind === 'offlineMove';
  return (
    <Card className="portrait-card" title={t('figures.tripsAndMoves')}>
      <Table
        rowKey={(r) => `${r.kind}-${r.deviceNumber}-${r.startTime}`}
        size="small"
        loading={trips.isPending}
        dataSource={trips.data}
        pagination={{ pageSize: 6, size: 'small', hideOnSinglePage: true }}
        locale={{ emptyText: t('portrait.noTrips') }}
        className="portrait-table"
        rowClassName={(r) => (offline(r) ? 'portrait-offline-move' : '')}
        columns={[
          {
            key: 'time', title: t('portrait.time'),
            render: (_v, r) => (
              <>
                {offline(r) && <Tooltip title={t('figures.offlineMoveHint')}><Tag color="orange" className="portrait-move-tag">{t('figures.offlineMove')}</Tag></Tooltip>}
                <Link to={`/monitor/trackPlayback?${new URLSearchParams({ deviceNumber: r.deviceNumber, startTime: r.startTime, endTime: r.endTime })}`}>
                  <When start={r.startTime} end={r.endTime} open="" />
                </Link>
              </>
            ),
          },
          {
            key: 'distance', title: `${t('portrait.distance')} / ${t('portrait.duration')}`,
            render: (_v, r) => offline(r)
              ? stack(`${r.distanceKm} km（${t('figures.straightLine')}）`, t('figures.silentFor', { time: formatSeconds(r.minutes * 60, lang) }))
              : stack(`${r.distanceKm} km`, formatSeconds(r.minutes * 60, lang)),
          },
          { key: 'route', title: `${t('portrait.from')} → ${t('portrait.to')}`, className: 'portrait-place-cell', render: (_v, r) => place(`${r.startAddress || '—'} → ${r.endAddress || '—'}`) },
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
        className="portrait-table"
        columns={[
          {
            key: 'type', title: `${t('portrait.type')} / ${t('portrait.level')}`,
            render: (_v, w) => stack(<Link to={warningDetailPath(w)}><Tag color="red">{w.warningTypeName}</Tag></Link>, <LevelWithCompound level={w.riskLevel} compound={w.compound} />),
          },
          {
            key: 'time', title: `${t('portrait.time')} / ${t('portrait.status')}`,
            render: (_v, w) => stack(<span className="portrait-when">{w.warningTime.slice(5, 16)}</span>, <DealStatusTag status={w.dealStatus} />),
          },
          { key: 'place', title: t('portrait.place'), className: 'portrait-place-cell', render: (_v, w) => <Typography.Text type="secondary">{place(w.address)}</Typography.Text> },
        ]}
      />
    </Card>
  );
}
