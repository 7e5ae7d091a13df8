import type { DeviceListItem } from '@cvrisk/contracts';
import { Tag, Tooltip, Typography } from 'antd';
import { EMPTY } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';

/**
 * 已注册 with its time on hover; 待注册 while a window is open (until when and why on hover); 未注册
 * when none is (an administrator's 开放注册 opens one). Refused registrations follow as a count.
 */
export function RegistrationTag({ device }: { device: DeviceListItem }) {
  const { t } = useI18n();
  const w = device.registrationWindow;
  const [color, label, hint] = device.registeredAt
    ? ['green', t('terminal.registered'), t('terminal.registeredAt', { time: device.registeredAt })]
    : w
      ? ['blue', t('terminal.awaiting'), t('terminal.windowHint', { time: w.until, reason: t(`terminal.window.${w.reason}`) })]
      : [undefined, t('terminal.unregistered'), t('terminal.unregisteredHint')];
  return (
    <span className="registration-cell">
      <Tooltip title={hint}>
        <Tag color={color}>{label}</Tag>
      </Tooltip>
      {device.registerRefusals > 0 && (
        <Tooltip title={t('terminal.refusedHint', { count: device.registerRefusals, time: device.lastRegisterRefusedAt ?? EMPTY, reason: device.lastRegisterRefusedReason ?? EMPTY })}>
          <Typography.Text type="danger" aria-label={t('terminal.refusedLabel', { count: device.registerRefusals })}>
            {t('terminal.refusedShort', { count: device.registerRefusals })}
          </Typography.Text>
        </Tooltip>
      )}
    </span>
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
