import { Badge } from 'antd';
import { useSyncExternalStore } from 'react';
import { liveStatus, subscribeLiveStatus } from '../../api/liveStream';
import { useI18n } from '../../lib/i18n/I18nProvider';

/** Whether the map is receiving live updates: a stale map must not pass for a live one. */
export function LiveBadge() {
  const { t } = useI18n();
  const status = useSyncExternalStore(subscribeLiveStatus, liveStatus);
  return status === 'open' ? (
    <Badge status="processing" text={t('monitor.liveOn')} />
  ) : (
    <Badge status={status === 'retrying' ? 'warning' : 'default'} text={t(status === 'retrying' ? 'monitor.liveRetrying' : 'monitor.liveConnecting')} />
  );
}
