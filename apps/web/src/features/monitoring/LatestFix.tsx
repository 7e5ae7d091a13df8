import type { MonitorDeviceCard } from '@cvrisk/contracts';
import { Descriptions, Skeleton, Typography } from 'antd';
import { AccTag } from '../../components/StatusTags';
import { EMPTY, orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { formatHeading } from '../../lib/compass';
import type { TrailPoint } from './trail';

type Props = { card: MonitorDeviceCard | undefined; head: TrailPoint | undefined; points: number; loading: boolean };

/** The newest point of the trail, with what only the card knows (ACC, address). */
export function LatestFix({ card, head, points, loading }: Props) {
  const { t, lang } = useI18n();
  if (loading) return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <>
      {!head && <Typography.Paragraph type="secondary">{t('realtime.noFix')}</Typography.Paragraph>}
      <Descriptions
        size="small"
        column={1}
        className="monitor-card-fields"
        items={[
          { key: 'time', label: t('monitor.fixTime'), children: orDash(head?.gpsTime) },
          { key: 'motion', label: t('monitor.motion'), children: head ? `${head.speed.toFixed(1)} km/h · ${formatHeading(head.direction, lang)}` : EMPTY },
          { key: 'acc', label: t('position.acc'), children: <AccTag acc={card?.acc ?? null} /> },
          { key: 'address', label: t('monitor.address'), children: orDash(card?.address) },
          { key: 'plate', label: t('device.plateNumber'), children: orDash(card?.plateNumber) },
          { key: 'points', label: t('realtime.points'), children: points },
        ]}
      />
    </>
  );
}
