import { DISPATCH_LIMITS, DeviceKinds, type OrderDevice } from '@cvrisk/contracts';
import { Empty, Typography } from 'antd';
import { CardFacts } from '../../components/CardFacts';
import { DeviceKindTag } from '../../components/StatusTags';
import { orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';

const metres = (m: number) => (m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(1)} km`);

/** A fitted device's first report: when, and how far from the address (red past the abnormal distance). */
function FirstReport({ device: d }: { device: OrderDevice }) {
  const { t } = useI18n();
  if (d.firstReportAt === null) return <Typography.Text type="warning">{t('orders.notReported')}</Typography.Text>;
  const far = d.firstReportMetres !== null && d.firstReportMetres > DISPATCH_LIMITS.firstReportMaxMetres;
  return (
    <>
      {d.firstReportAt}
      {d.firstReportMetres !== null && (
        <Typography.Text type={far ? 'danger' : 'secondary'}> · {t('orders.fromAddress', { distance: metres(d.firstReportMetres) })}</Typography.Text>
      )}
    </>
  );
}

/** The devices entered for the order: a list rather than a table, so a phone shows them whole. */
export function OrderDevices({ devices }: { devices: OrderDevice[] }) {
  const { t } = useI18n();
  if (devices.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.devicesEmpty')} />;
  return (
    <ul className="order-devices">
      {devices.map((d) => {
        const kind = DeviceKinds.find((k) => k === d.deviceKind);
        return (
          <li key={d.deviceNumber}>
            <div className="order-device-head">
              <Typography.Text strong copyable>{d.deviceNumber}</Typography.Text>
              {kind && <DeviceKindTag kind={kind} />}
              <Typography.Text type="secondary">{d.model}</Typography.Text>
            </div>
            <CardFacts facts={[[t('orders.firstReport'), <FirstReport key="first" device={d} />], [t('orders.lastReport'), orDash(d.lastTime)]]} labelWidth="5em" />
          </li>
        );
      })}
    </ul>
  );
}
