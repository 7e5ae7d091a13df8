import type { WarningDetailDevice, WarningPushForm } from '@cvrisk/contracts';
import { Card, Descriptions, type DescriptionsProps } from 'antd';
import { DeviceKindTag, DeviceStateTag } from '../../components/StatusTags';
import { orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { NotPushCheckbox } from './NotPushCheckbox';

/** The device's latest report, and the do-not-push switch for this device and warning type. */
export function DeviceCard({ device: d, form, canHandle }: { device: WarningDetailDevice; form: WarningPushForm; canHandle: boolean }) {
  const { t } = useI18n();
  const items: DescriptionsProps['items'] = [
    { key: 'number', label: t('warningDetail.deviceNumber'), children: d.deviceNumber },
    { key: 'kind', label: t('warningDetail.deviceKind'), children: <DeviceKindTag kind={d.deviceKind} /> },
    { key: 'state', label: t('warningDetail.state'), children: <DeviceStateTag state={d.state} /> },
    { key: 'time', label: t('warningDetail.gpsTime'), children: orDash(d.gpsTime) },
    { key: 'speed', label: t('warningDetail.speed'), children: d.speed === null ? orDash(null) : t('warningDetail.speedValue', { speed: d.speed }) },
    { key: 'latest', label: t('warningDetail.latest'), children: orDash(d.address) },
  ];
  return (
    <Card size="small" title={t('warningDetail.device')} className="wd-card">
      <Descriptions size="small" column={1} items={items} className="wd-descriptions" />
      <NotPushCheckbox form={form} disabled={!canHandle} />
    </Card>
  );
}
