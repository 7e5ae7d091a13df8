import type { OrderItem } from '@cvrisk/contracts';
import { Form, Input, Radio, Typography } from 'antd';
import { text } from '../../lib/filterValues';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { ChangeDialog } from './ChangeDialog';
import { sendChange } from './dispatch.queries';

type Values = { pass: boolean; reason?: string };

/** 审核: 通过 completes the order; 驳回 sends it back to the installer, who is told why. */
export function AuditDialog({ order, onClose }: { order: OrderItem; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <ChangeDialog<Values>
      title={t('orders.auditTitle', { id: order.id })}
      okText={t('orders.submit')}
      initialValues={{ pass: true }}
      send={(v) => sendChange('audit', { id: order.id, pass: v.pass, reason: text(v.reason) })}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('orders.auditHint')}</Typography.Paragraph>
      <Form.Item name="pass" label={t('orders.auditResult')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: true, label: t('orders.pass') },
            { value: false, label: t('orders.reject') },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['pass']}>
        {({ getFieldValue }) =>
          getFieldValue('pass') === false && (
            <Form.Item name="reason" label={t('orders.rejectReason')} rules={[{ required: true, whitespace: true, message: t('orders.rejectReasonRequired') }]}>
              <Input.TextArea rows={3} maxLength={255} showCount placeholder={t('orders.rejectReasonHint')} />
            </Form.Item>
          )
        }
      </Form.Item>
    </ChangeDialog>
  );
}
