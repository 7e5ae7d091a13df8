import { DeviceKind, type CommandItem, type MonitorDeviceCard } from '@cvrisk/contracts';
import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';
import { CommandStateTag } from '../../components/StatusTags';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { TrackingStatus } from './useTempTracking';

type Props = { card: MonitorDeviceCard; eligible: boolean; status: TrackingStatus; item: CommandItem | undefined };

/** What became of the temporary-tracking command this page sent, or why none was sent. */
export function TrackingState({ card, eligible, status, item }: Props) {
  const { t } = useI18n();
  let state: ReactNode;
  if (card.deviceKind !== DeviceKind.wired) state = <Typography.Text type="secondary">{t('realtime.trackingNone')}</Typography.Text>;
  else if (!eligible) state = card.state === 'moving' || card.state === 'parked' ? null : <Typography.Text type="secondary">{t('realtime.trackingOffline')}</Typography.Text>;
  else if (status.kind === 'failed') state = <Typography.Text type="danger">{t('realtime.trackingFailed')}</Typography.Text>;
  else if (item) state = <CommandStateTag state={item.state} />;
  else state = <Typography.Text type="secondary">{t('realtime.trackingSending')}</Typography.Text>;
  if (state === null) return null;
  return (
    <div className="realtime-tracking">
      <Space size={6}>
        <b>{t('realtime.tracking')}</b>
        {state}
      </Space>
      {eligible && <Typography.Text type="secondary" className="realtime-tracking-hint">{t('realtime.trackingHint')}</Typography.Text>}
    </div>
  );
}
