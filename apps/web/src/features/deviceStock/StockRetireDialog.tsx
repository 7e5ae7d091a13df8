import { DEVICE_STOCK_LIMITS, type StockItem } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { refreshStock, retireStock } from './deviceStock.queries';
import { SelectedDevices } from './SelectedDevices';

type Props = { devices: StockItem[]; onClose: () => void; onDone: () => void };

/** 报废: the selected devices retired for good, with the reason; their history stays, and installed ones come off their cars. */
export function StockRetireDialog({ devices, onClose, onDone }: Props) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const installed = devices.filter((d) => d.stockState === 'installed').length;
  const retire = useMutation({
    mutationFn: (reason: string) => retireStock(devices.map((d) => d.id), reason.trim()),
    onSuccess: ({ msg }) => {
      void message.success(msg);
      void refreshStock(client);
      onDone();
    },
  });

  return (
    <Modal open title={t('deviceStock.retireTitle')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={retire.isPending}
      okText={t('deviceStock.retire')} okButtonProps={{ danger: true }} destroyOnHidden>
      <Alert type="warning" showIcon title={t('deviceStock.retireWarning')} style={{ marginBottom: 12 }} />
      {installed > 0 && <Alert type="error" showIcon title={t('deviceStock.retireInstalled', { n: installed })} style={{ marginBottom: 12 }} />}
      <SelectedDevices devices={devices} />
      <Form form={form} name="stockRetire" layout="vertical" onFinish={(v) => retire.mutate(v.reason)} style={{ marginTop: 12 }}>
        <Form.Item
          name="reason"
          label={t('deviceStock.reasonLabel')}
          rules={[{ required: true, whitespace: true, message: t('deviceStock.reasonRequired') }, { min: DEVICE_STOCK_LIMITS.reasonMin, transform: (v: string) => v?.trim(), message: t('deviceStock.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={DEVICE_STOCK_LIMITS.reasonMax} showCount placeholder={t('deviceStock.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
