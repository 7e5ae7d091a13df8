import type { OrderItem } from '@cvrisk/contracts';
import { Form, Input, Typography } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { ChangeDialog } from './ChangeDialog';
import { sendChange } from './dispatch.queries';

/** 撤销 is final, so it says so and asks why. */
export function RevokeDialog({ order, onClose }: { order: OrderItem; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <ChangeDialog<{ reason: string }>
      title={t('orders.revokeTitle', { id: order.id })}
      okText={t('orders.revoke')}
      danger
      send={(v) => sendChange('revoke', { id: order.id, reason: v.reason.trim() })}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('orders.revokeHint')}</Typography.Paragraph>
      <Form.Item name="reason" label={t('orders.revokeReason')} rules={[{ required: true, whitespace: true, message: t('orders.revokeReasonRequired') }]}>
        <Input.TextArea rows={3} maxLength={255} showCount />
      </Form.Item>
    </ChangeDialog>
  );
}
