import type { OrderItem } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { text } from '../../lib/filterValues';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { ChangeDialog } from './ChangeDialog';
import { installersQuery, sendChange } from './dispatch.queries';

type Values = { installerDeptId: number; reason?: string };

/** 派单 (no installer yet) or 改派 (another one): the installer companies of the order's institution. */
export function ReDispatchDialog({ order, onClose }: { order: OrderItem; onClose: () => void }) {
  const { t } = useI18n();
  const installers = useQuery(installersQuery(order.id));
  const first = order.state === 1;
  const options = (installers.data ?? []).filter((i) => i.id !== order.installerDeptId).map((i) => ({ value: i.id, label: i.name }));
  return (
    <ChangeDialog<Values>
      title={t(first ? 'orders.dispatchTitle' : 'orders.reDispatchTitle', { id: order.id })}
      okText={t(first ? 'orders.dispatch' : 'orders.reDispatch')}
      send={(v) => sendChange('reDispatch', { id: order.id, installerDeptId: v.installerDeptId, reason: text(v.reason) })}
      onClose={onClose}
    >
      <Form.Item
        name="installerDeptId"
        label={t('orders.installer')}
        rules={[{ required: true, message: t('orders.installerRequired') }]}
        extra={order.installerName && t('orders.currentInstaller', { name: order.installerName })}
      >
        <Select
          placeholder={t('common.placeholderSelect')}
          loading={installers.isPending}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent={installers.isPending ? t('common.loading') : t('orders.noOtherInstaller')}
        />
      </Form.Item>
      <Form.Item name="reason" label={t('orders.reasonOptional')}>
        <Input.TextArea rows={3} maxLength={255} showCount />
      </Form.Item>
    </ChangeDialog>
  );
}
