import type { CaseDevice } from '@cvrisk/contracts';
import { Card, Empty, Tag, Typography } from 'antd';
import { DeviceKindTag } from '../../components/StatusTags';
import { RelayTag } from '../../components/device/RelayTag';
import { orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';

type Props = { devices: readonly CaseDevice[]; carNames: ReadonlyMap<number, string> };

/** The cars' devices: online or not, the relay as last reported, where and when, and why a model cannot be immobilised. */
export function CaseDevices({ devices, carNames }: Props) {
  const { t } = useI18n();
  return (
    <Card size="small" className="rc-card" title={t('recoveryCase.devices')}>
      {devices.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recoveryCase.noDevices')} />
      ) : (
        <ul className="rc-list">
          {devices.map((d) => (
            <li key={d.deviceNumber}>
              <div className="rc-list-head">
                <strong>{d.deviceNumber}</strong>
                {(d.kind === 1 || d.kind === 2) && <DeviceKindTag kind={d.kind} />}
                {d.online ? <Tag color="green">{t('recoveryCase.online')}</Tag> : <Tag>{t('recoveryCase.offline')}</Tag>}
                {d.method !== null && <RelayTag relay={d.relay} />}
              </div>
              <div className="rc-muted">
                {[carNames.get(d.carId), d.model, d.speed === null ? null : `${d.speed.toFixed(0)} km/h`, d.reportedAt].filter(Boolean).join(' · ')}
              </div>
              <div>{orDash(d.address)}</div>
              {d.unmappedReason && <Typography.Text type="warning">{d.unmappedReason}</Typography.Text>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
