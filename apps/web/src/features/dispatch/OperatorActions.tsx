import type { OrderItem } from '@cvrisk/contracts';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { AuditDialog } from './AuditDialog';
import { allows } from './orderRules';
import { ReDispatchDialog } from './ReDispatchDialog';
import { RevokeDialog } from './RevokeDialog';

type Props = {
  order: OrderItem;
  canAudit: boolean;
  /** Given in the table's rows; the detail itself has no 详情. */
  onDetail?: () => void;
};

type Dialog = 'dispatch' | 'revoke' | 'audit';

/** The operator's actions on one order, those its state allows: in a row of the list and in the detail. */
export function OperatorActions({ order, canAudit, onDetail }: Props) {
  const { t } = useI18n();
  const [open, setOpen] = useState<Dialog | null>(null);
  const close = () => setOpen(null);
  const link = (dialog: Dialog, label: string, danger = false) => (
    <Button type="link" size="small" danger={danger} onClick={() => setOpen(dialog)}>
      {label}
    </Button>
  );
  return (
    <Space size={0} wrap>
      {onDetail && (
        <Button type="link" size="small" onClick={onDetail}>
          {t('orders.detail')}
        </Button>
      )}
      {allows('reDispatch', order.state) && link('dispatch', t(order.state === 1 ? 'orders.dispatch' : 'orders.reDispatch'))}
      {allows('revoke', order.state) && link('revoke', t('orders.revoke'), true)}
      {canAudit && allows('audit', order.state) && link('audit', t('orders.audit'))}
      {open === 'dispatch' && <ReDispatchDialog order={order} onClose={close} />}
      {open === 'revoke' && <RevokeDialog order={order} onClose={close} />}
      {open === 'audit' && <AuditDialog order={order} onClose={close} />}
    </Space>
  );
}
