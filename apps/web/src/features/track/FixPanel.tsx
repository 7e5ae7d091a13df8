import { FIX_TYPES, type TrackFix } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions } from 'antd';
import { EMPTY } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { formatHeading } from '../../lib/compass';
import { addressQuery } from './track.queries';

type Props = {
  fix: TrackFix;
  /** The fix whose address is shown: the current one, sampled so that playing does not flood the geocoder. */
  addressFix: TrackFix;
  index: number;
  total: number;
};

function Address({ fix }: { fix: TrackFix }) {
  const { t } = useI18n();
  const address = useQuery(addressQuery(fix));
  if (address.isError) return <>{EMPTY}</>;
  if (address.data === undefined) return <>{t('common.loading')}</>;
  // null: the point is near no Chinese city (open sea, abroad).
  return <>{address.data?.address || EMPTY}</>;
}

/** Where the replayed vehicle is now, and how it was going. */
export function FixPanel({ fix, addressFix, index, total }: Props) {
  const { t, lang } = useI18n();
  return (
    <Card size="small" className="track-fix-panel" title={t('track.current')} extra={t('track.fixIndex', { index: index + 1, total })}>
      <Descriptions
        size="small"
        column={1}
        className="track-fix-items"
        items={[
          { key: 'time', label: t('track.time'), children: <span className="track-fix-time">{fix.gpsTime}</span> },
          { key: 'speed', label: t('track.speed'), children: `${fix.speed} km/h` },
          { key: 'direction', label: t('track.direction'), children: formatHeading(fix.direction, lang) },
          { key: 'acc', label: 'ACC', children: fix.acc === 1 ? t('position.accOn') : t('position.accOff') },
          { key: 'fixType', label: t('track.fixType'), children: FIX_TYPES[fix.fixType]?.[lang] ?? EMPTY },
          { key: 'address', label: t('track.address'), children: <Address fix={addressFix} /> },
        ]}
      />
    </Card>
  );
}
