import { DEVICE_SOURCE_LABELS, type OrderItem } from '@cvrisk/contracts';
import { Descriptions, type DescriptionsProps } from 'antd';
import { orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { OrderStateTag, OrderTypeTag } from './OrderTags';

/** The order's own fields, two to a row on a desk and one on a phone. */
export function OrderFacts({ order: o }: { order: OrderItem }) {
  const { t, lang } = useI18n();
  const items: DescriptionsProps['items'] = [
    { key: 'id', label: t('orders.id'), children: o.id },
    { key: 'state', label: t('orders.state'), children: <OrderStateTag state={o.state} /> },
    { key: 'type', label: t('orders.orderType'), children: <OrderTypeTag type={o.orderType} /> },
    { key: 'source', label: t('orders.deviceSource'), children: DEVICE_SOURCE_LABELS[o.deviceSource][lang] },
    { key: 'product', label: t('orders.product'), children: orDash(o.productName) },
    { key: 'reserve', label: t('orders.reserveTime'), children: o.reserveTime },
    { key: 'contact', label: t('orders.realName'), children: o.realName },
    { key: 'phone', label: t('orders.phone'), children: <a href={`tel:${o.phone}`}>{o.phone}</a> },
    { key: 'owner', label: t('orders.carOwnerName'), children: o.carOwnerName },
    { key: 'brand', label: t('orders.brandName'), children: o.brandName },
    { key: 'frame', label: t('orders.carFrameNumber'), children: o.carFrameNumber },
    { key: 'plate', label: t('orders.plateNumber'), children: orDash(o.plateNumber) },
    { key: 'address', label: t('orders.address'), children: o.address, span: 'filled' },
    { key: 'dealer', label: t('orders.dealer'), children: o.deptName },
    { key: 'finance', label: t('orders.finance'), children: o.financeName },
    { key: 'installer', label: t('orders.installer'), children: orDash(o.installerName) },
    { key: 'installed', label: t('orders.installedAt'), children: orDash(o.installedAt) },
    { key: 'createdBy', label: t('orders.createdBy'), children: orDash(o.createdByName) },
    { key: 'created', label: t('orders.createdAt'), children: o.createdAt },
  ];
  if (o.reason) items.push({ key: 'reason', label: t('orders.lastReason'), children: o.reason, span: 'filled' });
  if (o.abnormalReason) items.push({ key: 'abnormal', label: t('orders.abnormalReason'), children: o.abnormalReason, span: 'filled' });
  return <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} items={items} />;
}
