import { DeviceKind, type CommandItem, type MonitorDeviceCard } from '@cvrisk/contracts';
import { Alert, Space, Typography } from 'antd';
import { CommandStateTag } from '../../components/StatusTags';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { TEMP_TRACKING_INTERVAL_S, TEMP_TRACKING_VALIDITY_S, type TrackingStatus } from './useTempTracking';

type Props = { card: MonitorDeviceCard; eligible: boolean; status: TrackingStatus; item: CommandItem | undefined };

/**
 * Opening real-time tracking sends the terminal a command (issue 13): the page says so in plain
 * words — what was sent, for how long, what became of it, and that leaving stops it — or why none was sent.
 */
export function TrackingState({ card, eligible, status, item }: Props) {
  const { t } = useI18n();
  if (card.deviceKind !== DeviceKind.wired) return <Typography.Text type="secondary">{t('realtime.trackingNone')}</Typography.Text>;
  if (!eligible) {
    return card.state === 'moving' || card.state === 'parked' ? null : <Typography.Text type="secondary">{t('realtime.trackingOffline')}</Typography.Text>;
  }
  const words = { interval: TEMP_TRACKING_INTERVAL_S, minutes: TEMP_TRACKING_VALIDITY_S / 60 };
  if (status.kind === 'failed') {
    return <Alert className="realtime-tracking" type="warning" showIcon title={t('monitor.tempTrackingTitle')} description={t('monitor.tempTrackingFailed', { reason: status.reason })} />;
  }
  return (
    <Alert
      className="realtime-tracking"
      type="info"
      title={
        <Space size={6}>
          {t('monitor.tempTrackingTitle')}
          {item && <CommandStateTag state={item.state} />}
        </Space>
      }
      description={t(status.kind === 'sent' ? 'monitor.tempTrackingSent' : 'monitor.tempTrackingPending', words)}
    />
  );
}
