import type { OrderItem } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { orderDetailQuery } from './dispatch.queries';
import { OrderDevices } from './OrderDevices';
import { OrderFacts } from './OrderFacts';
import { OrderFiles } from './OrderFiles';
import { OrderHistoryTimeline } from './OrderHistoryTimeline';

type Props = {
  orderId: number;
  onClose: () => void;
  /** What this person may do to the order in its state (the operator's or the installer's actions). */
  actions: (order: OrderItem) => ReactNode;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="order-section">
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

/** One order: its fields, history, devices and files, with its actions at the foot, under the thumb on a phone. */
export function OrderDetailDrawer({ orderId, onClose, actions }: Props) {
  const { t } = useI18n();
  const isMobile = useIsMobile();
  const detail = useQuery(orderDetailQuery(orderId));
  const d = detail.data;
  let body: ReactNode;
  if (d) {
    body = (
      <>
        <OrderFacts order={d.order} />
        <Section title={t('orders.history')}>
          <OrderHistoryTimeline history={d.history} />
        </Section>
        <Section title={t('orders.devices')}>
          <OrderDevices devices={d.devices} />
        </Section>
        <Section title={t('orders.files')}>
          <OrderFiles orderId={orderId} />
        </Section>
      </>
    );
  } else if (detail.isError) {
    body = (
      <Empty description={t('common.loadFailed')}>
        <Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>
      </Empty>
    );
  } else body = <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <Drawer open title={t('orders.detailTitle', { id: orderId })} onClose={onClose} size={isMobile ? '100%' : 720} footer={d && actions(d.order)} className="order-drawer">
      {body}
    </Drawer>
  );
}
