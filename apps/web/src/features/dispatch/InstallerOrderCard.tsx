import { EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import type { OrderItem } from '@cvrisk/contracts';
import { Alert, Button, Card } from 'antd';
import type { ReactNode } from 'react';
import { CardFacts } from '../../components/CardFacts';
import { orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { installerActions } from './InstallerActions';
import { OrderStateTag, OrderTypeTag } from './OrderTags';

/**
 * One order as an installer needs it on site: where, when, whom to call (a tap dials), which car and
 * what to fit, and what to do next. A rejected or abnormal order says why at the top.
 */
export function InstallerOrderCard({ order: o, onDetail }: { order: OrderItem; onDetail: () => void }) {
  const { t } = useI18n();
  const facts: [string, ReactNode][] = [
    [t('orders.address'), <><EnvironmentOutlined /> {o.address}</>],
    [t('orders.reserveTime'), o.reserveTime],
    [t('orders.realName'), <>{o.realName} <a href={`tel:${o.phone}`} className="order-tel"><PhoneOutlined /> {o.phone}</a></>],
    [t('orders.car'), [o.brandName, o.plateNumber, o.carFrameNumber].filter(Boolean).join(' · ')],
    [t('orders.product'), orDash(o.productName)],
  ];
  const why = o.state === 6 ? o.abnormalReason : o.state === 3 ? o.reason : null;
  return (
    <Card
      size="small"
      className="installer-card"
      title={
        <span className="installer-card-title">
          {t('orders.numbered', { id: o.id })} <OrderTypeTag type={o.orderType} />
        </span>
      }
      extra={<OrderStateTag state={o.state} />}
      actions={[
        <Button key="detail" type="link" size="small" onClick={onDetail}>
          {t('orders.detail')}
        </Button>,
        ...installerActions(o),
      ]}
    >
      {why && <Alert type={o.state === 6 ? 'error' : 'warning'} showIcon className="installer-card-why" title={t(o.state === 6 ? 'orders.abnormalIs' : 'orders.rejectedIs', { reason: why })} />}
      <CardFacts facts={facts} labelWidth="5em" />
    </Card>
  );
}
