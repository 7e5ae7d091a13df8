import type { DeviceListItem } from '@cvrisk/contracts';
import { Tag, Tooltip, Typography } from 'antd';
import { EMPTY } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';

/** 已注册 with its time on hover, or 未注册 (never, or reset). */
export function RegistrationTag({ device }: { device: DeviceListItem }) {
  const { t } = useI18n();
  if (!device.registeredAt) {
    return (
      <Tooltip title={t('terminal.unregisteredHint')}>
        <Tag>{t('terminal.unregistered')}</Tag>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={t('terminal.registeredAt', { time: device.registeredAt })}>
      <Tag color="green">{t('terminal.registered')}</Tag>
    </Tooltip>
  );
}

/** How many fixes the gateway refused; the latest one's time and reason on hover. */
export function InvalidPositions({ device }: { device: DeviceListItem }) {
  const { t } = useI18n();
  if (device.invalidPositions === 0) return <span>{EMPTY}</span>;
  return (
    <Tooltip title={t('terminal.invalidHint', { time: device.lastInvalidAt ?? EMPTY, reason: device.lastInvalidReason ?? EMPTY })}>
      <Typography.Text type="warning">{device.invalidPositions.toLocaleString()}</Typography.Text>
    </Tooltip>
  );
}
